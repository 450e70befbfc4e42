/**
 * `states.transitions[].supersede`: one current row per group. Inside the transition's
 * transaction, after the row reached the transition's `to`, the tenant's other rows in that
 * state whose `match` fields hold the row's (new) values move to `supersede.to`, with the
 * supersede `set` values, audit columns and version + 1, each logged as op `supersede`.
 * Returns the ids it moved.
 */
import type { Kysely } from 'kysely';
import type { Transition } from '../../core/schema/types.js';
import { nowText } from '../db/ids.js';
import { toStored, type ResourceModel } from './model.js';
import { nextVersion } from './version.js';
import { logWrites } from './write-log.js';
import type { Caller } from './write.js';

type Rec = Record<string, unknown>;

export async function supersedeOthers(trx: Kysely<any>, m: ResourceModel, t: Transition, caller: Caller, id: string, row: Rec): Promise<string[]> {
  const sp = t.supersede;
  if (!sp) return [];
  const stateCol = m.byKey.get(m.schema.states!.field)!;
  let q = trx.selectFrom(m.table).select('id').where('tenant_id', '=', caller.tenantId).where(stateCol.column, '=', t.to).where('id', '!=', id);
  for (const k of sp.match) {
    const c = m.byKey.get(k)!;
    const v = row[c.column];
    q = v === null || v === undefined ? q.where(c.column, 'is', null) : q.where(c.column, '=', v);
  }
  const ids = (await q.execute()).map((r) => String((r as Rec).id));
  if (!ids.length) return [];
  const set: Rec = {};
  for (const [k, spec] of Object.entries(sp.set ?? {})) {
    const c = m.byKey.get(k);
    if (!c || c === stateCol) continue;
    const v = spec === 'now' ? nowText() : spec === 'user' ? caller.user.realname || caller.user.username : spec.value;
    set[c.column] = v === null ? null : toStored(c, v);
  }
  await trx
    .updateTable(m.table)
    .set({ ...set, [stateCol.column]: sp.to, update_by: caller.user.username, update_time: nowText(), version: nextVersion() })
    .where('tenant_id', '=', caller.tenantId)
    .where('id', 'in', ids)
    .where(stateCol.column, '=', t.to)
    .execute();
  await logWrites(trx, caller, m.name, 'supersede', ids);
  return ids;
}
