/**
 * `ledger` postings of a transition (schema word, types.ts `LedgerPost`), run inside the
 * transition's transaction before the state change: the rows of one child of the record move
 * the quantities of a balance resource (stock per pharmacy, drug and batch).
 *
 * - rows with the same keys count together; keys come from the child row, else from the record;
 * - `in`: the balance row is raised (created when missing, `carry` fields copied from the row);
 * - `out`: one compare-and-set per balance row (`quantity >= n`), so two bills posted at the
 *   same time cannot both take the last units; a short balance refuses the whole transition
 *   with 400 `<label>：库存不足（现有 <have>，出库 <n>）` and nothing is written;
 * - `out` keys that leave the batch open (a prescription's drug in its pharmacy) draw from every
 *   matching balance row in `drawOrder` (nearest expiry first), refusing when their total is short;
 * - a key taken from the record (its pharmacy) that is empty refuses with `<title>不能为空`;
 * - every balance row moved gets version + 1 and a data-log entry (`ledger`).
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { LedgerPost } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { badRequest } from '../errors.js';
import { childLinks } from './children.js';
import type { FieldCol, ResourceModel } from './model.js';
import type { Caller } from './pipeline.js';
import { logWrites } from './write-log.js';

type Rec = Record<string, unknown>;

export const MSG_SHORT = (label: string, have: number, want: number) => `${label}：库存不足（现有 ${have}，出库 ${want}）`;

interface Group {
  /** Stored key values by balance column. */
  where: Array<[string, unknown]>;
  quantity: number;
  /** The child's stored row first seen (carry values, label). */
  first: Rec;
}

/** The text naming a balance row in a refusal: the label key's ref label, dict text or value. */
async function labelOf(ctx: AppContext, db: Kysely<any>, col: FieldCol, value: unknown, tenantId: number): Promise<string> {
  const text = value === null || value === undefined ? '' : String(value);
  const f = col.field;
  if (f.kind === 'dict') return ctx.registry.dicts.get(f.dict ?? '')?.items.find((i) => i.value === text)?.text ?? text;
  const target = f.ref ? ctx.models.get(f.ref.resource) : undefined;
  const labelCol = target?.byKey.get(f.ref!.label)?.column;
  if (!target || !labelCol) return text;
  const valueCol = f.ref!.value && f.ref!.value !== 'id' ? target.byKey.get(f.ref!.value)?.column ?? 'id' : 'id';
  const row = await db.selectFrom(target.table).select(`${labelCol} as l`).where('tenant_id', '=', tenantId).where(valueCol, '=', text).executeTakeFirst();
  return row?.l == null ? text : String(row.l);
}

/** Posts one transition's ledger for record `id` (stored row `record`) inside transaction `db` (the caller drops the balance's cached counts after the commit). */
export async function postLedger(ctx: AppContext, db: Kysely<any>, m: ResourceModel, spec: LedgerPost, id: string, record: Rec, caller: Caller): Promise<void> {
  const balance = ctx.models.get(spec.resource);
  const link = childLinks(ctx, m).find((l) => l.spec.key === spec.child);
  if (!balance || !link) throw new Error(`ledger: ${m.name} → ${spec.resource} (${spec.child}) is not resolvable`);
  const qtyCol = balance.byKey.get(spec.quantity)!;
  const rowQty = link.model.byKey.get(spec.quantity)!;
  const rows = (await db.selectFrom(link.model.table).selectAll().where('tenant_id', '=', caller.tenantId).where(link.fk.column, '=', id).orderBy('id').execute()) as Rec[];

  // group the rows by their keys (stored values), in the order they were entered
  const groups = new Map<string, Group>();
  // a key taken from the record itself (the bill's or prescription's pharmacy) must be filled
  for (const k of spec.keys) {
    const own = k !== link.spec.foreignKey ? link.model.byKey.get(k) : undefined;
    const c = m.byKey.get(k);
    if (!own && c && (record[c.column] === null || record[c.column] === undefined || record[c.column] === '')) {
      throw badRequest(`${c.field.title}不能为空`, { errors: [{ field: k, message: `${c.field.title}不能为空` }] });
    }
  }
  for (const row of rows) {
    const where: Array<[string, unknown]> = spec.keys.map((k) => {
      const own = k !== link.spec.foreignKey ? link.model.byKey.get(k) : undefined;
      const v = own ? row[own.column] : record[m.byKey.get(k)!.column];
      return [balance.byKey.get(k)!.column, v ?? null];
    });
    const key = JSON.stringify(where);
    const n = Number(row[rowQty.column] ?? 0);
    const g = groups.get(key);
    if (g) g.quantity += n;
    else groups.set(key, { where, quantity: n, first: row });
  }

  const now = nowText();
  const moved: string[] = [];
  for (const g of groups.values()) {
    if (!(g.quantity > 0)) continue;
    let q = db.selectFrom(balance.table).select(['id', `${qtyCol.column} as q`]).where('tenant_id', '=', caller.tenantId);
    for (const [c, v] of g.where) q = v === null ? q.where(c, 'is', null) : q.where(c, '=', v);
    if (spec.direction === 'out') {
      await drawOut(ctx, db, m, spec, link, balance, qtyCol, q, g, record, caller, now, moved);
      continue;
    }
    const found = await q.executeTakeFirst();
    const carry: Rec = {};
    for (const k of spec.carry ?? []) {
      const v = g.first[link.model.byKey.get(k)!.column];
      if (v !== null && v !== undefined && v !== '') carry[balance.byKey.get(k)!.column] = v;
    }
    if (found) {
      await db
        .updateTable(balance.table)
        .set({ ...carry, [qtyCol.column]: sql`coalesce(${sql.ref(qtyCol.column)}, 0) + ${g.quantity}`, update_by: caller.user.username, update_time: now, version: sql`version + 1` })
        .where('id', '=', found.id)
        .execute();
      moved.push(String(found.id));
    } else {
      const newRow: Rec = { id: newId(), tenant_id: caller.tenantId, create_by: caller.user.username, create_time: now, version: 1, ...carry, [qtyCol.column]: g.quantity };
      for (const [c, v] of g.where) newRow[c] = v;
      await db.insertInto(balance.table).values(newRow).execute();
      moved.push(String(newRow.id));
    }
  }
  if (moved.length) {
    await logWrites(db, caller, balance.name, 'ledger', moved);
  }
}

/**
 * An `out` posting of one group: the balance rows its keys match (one per batch when the keys
 * leave the batch open, taken in `drawOrder`, then id) give up the quantity in turn, each by a
 * compare-and-set (`quantity >= taken`); a short total refuses the transition.
 */
async function drawOut(
  ctx: AppContext, db: Kysely<any>, m: ResourceModel, spec: LedgerPost, link: ReturnType<typeof childLinks>[number], balance: ResourceModel,
  qtyCol: FieldCol, q: any, g: Group, record: Rec, caller: Caller, now: string, moved: string[],
): Promise<void> {
  const order = spec.drawOrder ? balance.byKey.get(spec.drawOrder)?.column : undefined;
  let sel = q;
  if (order) sel = sel.orderBy(order, 'asc');
  const rows = (await sel.orderBy('id').execute()) as Array<{ id: unknown; q: unknown }>;
  const total = async () => {
    let t = 0;
    for (const r of rows) {
      const again = await db.selectFrom(balance.table).select(`${qtyCol.column} as q`).where('id', '=', r.id).executeTakeFirst();
      t += Math.max(0, Number(again?.q ?? 0));
    }
    return t;
  };
  const refuse = async (have: number) => {
    const labelKey = spec.label;
    const own = labelKey !== link.spec.foreignKey ? link.model.byKey.get(labelKey) : undefined;
    const col = own ?? m.byKey.get(labelKey)!;
    const value = own ? g.first[own.column] : record[col.column];
    return badRequest(MSG_SHORT(await labelOf(ctx, db, col, value, caller.tenantId), have, g.quantity), { errors: [{ field: `${spec.child}.${spec.quantity}`, message: '库存不足' }] });
  };
  const have = rows.reduce((s, r) => s + Math.max(0, Number(r.q ?? 0)), 0);
  if (have < g.quantity) throw await refuse(have);
  let left = g.quantity;
  for (const r of rows) {
    if (left <= 0) break;
    const take = Math.min(left, Math.max(0, Number(r.q ?? 0)));
    if (take <= 0) continue;
    const res = await db
      .updateTable(balance.table)
      .set({ [qtyCol.column]: sql`${sql.ref(qtyCol.column)} - ${take}`, update_by: caller.user.username, update_time: now, version: sql`version + 1` })
      .where('id', '=', r.id as string)
      .where(qtyCol.column, '>=', take)
      .executeTakeFirst();
    // the balance moved since it was read: report what it holds now
    if (Number(res.numUpdatedRows) !== 1) throw await refuse(await total());
    moved.push(String(r.id));
    left -= take;
  }
}
