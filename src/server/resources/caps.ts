/**
 * `capBy` (a step of the write pipeline, inside the write's transaction, after the write): the
 * sum of a numeric field over the records that name the same referenced record — this one
 * included, those matching `unless` left out — may not exceed a numeric field of that record.
 * Refunds never add up to more than the order's paid amount, whatever order they come in.
 *
 * Checked after the row is written so that the sum sees the new value; a refusal rolls the
 * transaction back. On PostgreSQL the referenced row is locked first (`FOR UPDATE`), so two
 * concurrent writes against one cap are counted one after the other; SQLite runs one write
 * transaction at a time.
 */
import type { Kysely } from 'kysely';
import type { CapSpec, FieldSchema } from '../../core/schema/types.js';
import { evaluateCondition } from '../../core/validators/condition.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import { fromStored, rowToRecord, type ResourceModel } from './model.js';

type Db = Kysely<any>;
type Rec = Record<string, unknown>;

const capsOf = (f: FieldSchema): CapSpec[] => (f.capBy ? (Array.isArray(f.capBy) ? f.capBy : [f.capBy]) : []);

/** Amounts compared in hundredths, so 0.1 + 0.2 never exceeds 0.3. */
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const shown = (c: number, f: FieldSchema) => (f.kind === 'integer' ? String(c / 100) : `${(c / 100).toFixed(2)}${f.kind === 'money' ? ' 元' : ''}`);

export function hasCaps(m: ResourceModel): boolean {
  return m.schema.fields.some((f) => f.capBy);
}

/** Refuses (400 naming the field and the amounts) when a written row takes a sum past its cap. */
export async function checkCaps(ctx: AppContext, db: Db, m: ResourceModel, ids: string[], tenantId: number, prefix = ''): Promise<void> {
  if (!ids.length || !hasCaps(m)) return;
  for (const f of m.schema.fields) {
    for (const cap of capsOf(f)) {
      const via = m.byKey.get(cap.ref);
      const col = m.byKey.get(f.key);
      const target = via?.field.ref ? ctx.models.get(via.field.ref.resource) : undefined;
      const capCol = target?.byKey.get(cap.field);
      if (!via || !col || !target || !capCol) continue; // the linter refuses these
      const written = await db.selectFrom(m.table).select(['id', via.column]).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
      const refIds = [...new Set(written.map((r) => r[via.column]).filter((v) => v !== null && v !== undefined && v !== '').map(String))];
      for (const refId of refIds) {
        let q = db.selectFrom(target.table).select(capCol.column).where('tenant_id', '=', tenantId).where('id', '=', refId);
        if (ctx.database.dialect === 'postgres') q = q.forUpdate();
        const owner = await q.executeTakeFirst();
        if (!owner) continue; // the references step refuses missing records
        const limit = cents(fromStored(capCol.storage, owner[capCol.column]));
        const rows = await db.selectFrom(m.table).selectAll().where('tenant_id', '=', tenantId).where(via.column, '=', refId).execute();
        const counted = rows.map((r) => rowToRecord(m, r as Rec)).filter((r) => !cap.unless || !evaluateCondition(cap.unless, r));
        const total = counted.reduce((s, r) => s + cents(r[f.key]), 0);
        if (total <= limit) continue;
        const mine = counted.filter((r) => ids.includes(String(r.id))).reduce((s, r) => s + cents(r[f.key]), 0);
        const room = Math.max(0, limit - (total - mine));
        const message = `合计 ${shown(total, f)} 超过${target.schema.title}的${capCol.field.title} ${shown(limit, f)}，本次最多 ${shown(room, f)}`;
        throw badRequest(`${prefix}${f.title}：${message}`, { errors: [{ field: f.key, message }] });
      }
    }
  }
}
