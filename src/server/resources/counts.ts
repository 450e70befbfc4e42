/**
 * `countOf` (a step of the write pipeline, inside the write's transaction, after the write): an
 * integer field holding the number of records of another resource that name the record through
 * a `ref` field (those matching `where`). Every write of the counted resource — add, edit (also
 * one that moves a record to another owner), delete, transition, effect action, import, sub-table
 * rows — recounts the owners it touched, before and after, so a coupon's 已领 / 已用 follow its
 * receive records whatever path wrote them. A count past the owner's `max` field refuses the
 * write (`优惠券：已领数量不能超过发放总量 100`); the owner's own write may not lower `max` below
 * the count (`发放总量：不能少于已领数量 60`). With `per: {field, max}` the records of one owner
 * holding the same `field` value may not pass the owner's `max` field either: a write leaving more
 * is refused naming that field (`会员：同一优惠券不能超过每人限领 1`).
 *
 * The count is stored (lists sort, export and filter it like any column) and recomputed from the
 * rows, never incremented, so a retried or concurrent write cannot drift it. On PostgreSQL the
 * owner row is locked first (`FOR UPDATE`), so two receives of the last coupon are counted one
 * after the other; SQLite runs one write transaction at a time.
 */
import { sql, type ExpressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Condition, CountOfSpec } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import { toStored, type FieldCol, type ResourceModel } from './model.js';

type Db = Kysely<any>;
type Rec = Record<string, unknown>;

/** A counting field of an owner resource and the model of the records it counts. */
interface Counter {
  owner: ResourceModel;
  col: FieldCol;
  spec: CountOfSpec;
  counted: ResourceModel;
  via: FieldCol;
}

function countersOf(ctx: AppContext): Counter[] {
  const out: Counter[] = [];
  for (const owner of ctx.models.values()) {
    for (const col of owner.fields) {
      const spec = col.field.countOf;
      const counted = spec ? ctx.models.get(spec.resource) : undefined;
      const via = counted?.byKey.get(spec!.via);
      if (spec && counted && via) out.push({ owner, col, spec, counted, via });
    }
  }
  return out;
}

/** The `where` condition of a count as SQL over the counted table (the linter keeps its keys to fields). */
function whereExpr(eb: ExpressionBuilder<any, any>, m: ResourceModel, c: Condition): Expression<SqlBool> {
  const parts: Array<Expression<SqlBool>> = [];
  for (const [k, v] of Object.entries(c)) {
    const col = m.byKey.get(k);
    if (!col) continue;
    const ref = eb.ref(`${m.table}.${col.column}`);
    const empty = eb.or([eb(ref, 'is', null), eb(ref, '=', '')]);
    if (v !== null && typeof v === 'object') {
      if ('in' in v) parts.push(eb(ref, 'in', v.in.map((x) => toStored(col, x) as never)));
      else if ('ne' in v) parts.push(v.ne === null ? eb.not(empty) : eb.or([eb(ref, 'is', null), eb(ref, '!=', toStored(col, v.ne) as never)]));
      else if ('empty' in v) parts.push(empty);
      else parts.push(eb.not(empty));
    } else parts.push(v === null ? empty : eb(ref, '=', toStored(col, v) as never));
  }
  return eb.and(parts);
}

/** The number of counted records naming each of `ownerIds`. */
async function countFor(db: Db, k: Counter, ownerIds: string[], tenantId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom(k.counted.table)
    .select([`${k.counted.table}.${k.via.column} as o`, (eb) => eb.fn.countAll().as('n')])
    .where(`${k.counted.table}.tenant_id`, '=', tenantId)
    .where(`${k.counted.table}.${k.via.column}`, 'in', ownerIds)
    .$if(!!k.spec.where, (qb) => qb.where((eb) => whereExpr(eb, k.counted, k.spec.where!)))
    .groupBy(`${k.counted.table}.${k.via.column}`)
    .execute();
  return new Map(rows.map((r) => [String(r.o), Number(r.n)]));
}

const present = (v: unknown): v is string | number => v !== null && v !== undefined && v !== '';

/**
 * After rows `ids` of `m` were written (and `before`, the stored rows they replaced or deleted):
 * recounts every owner they name or named, refusing a count past its `max`; and, when `m` itself
 * declares bounded counts, checks the written rows' `max` against their counts.
 */
export async function keepCounts(ctx: AppContext, db: Db, m: ResourceModel, ids: string[], tenantId: number, before: Rec[] = [], prefix = ''): Promise<void> {
  const counters = countersOf(ctx);
  for (const k of counters.filter((x) => x.counted === m)) {
    const now = ids.length ? await db.selectFrom(m.table).select(`${k.via.column} as v`).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute() : [];
    const ownerIds = [...new Set([...now.map((r) => r.v), ...before.map((r) => r[k.via.column])].filter(present).map(String))];
    if (!ownerIds.length) continue;
    const max = k.spec.max ? k.owner.byKey.get(k.spec.max) : undefined;
    let owners = db.selectFrom(k.owner.table).select(['id', ...(max ? [`${max.column} as m`] : [])]).where('tenant_id', '=', tenantId).where('id', 'in', ownerIds);
    if (ctx.database.dialect === 'postgres') owners = owners.forUpdate();
    const found = await owners.execute();
    const counts = await countFor(db, k, ownerIds, tenantId);
    for (const o of found) {
      const n = counts.get(String(o.id)) ?? 0;
      if (max && present(o.m) && n > Number(o.m)) {
        const message = `${k.col.field.title}不能超过${max.field.title} ${Number(o.m)}`;
        throw badRequest(`${prefix}${k.via.field.title}：${message}`, { errors: [{ field: k.via.key, message }] });
      }
      await db.updateTable(k.owner.table).set({ [k.col.column]: n }).where('id', '=', o.id).where('tenant_id', '=', tenantId).execute();
    }
    if (k.spec.per && ids.length) await keepPerLimit(db, k, ids, tenantId, prefix);
  }
  for (const k of counters.filter((x) => x.owner === m && x.spec.max)) {
    if (!ids.length) continue;
    const max = m.byKey.get(k.spec.max!)!;
    const rows = await db.selectFrom(m.table).select(['id', `${max.column} as m`]).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    const counts = await countFor(db, k, rows.map((r) => String(r.id)), tenantId);
    for (const r of rows) {
      const n = counts.get(String(r.id)) ?? 0;
      if (present(r.m) && Number(r.m) < n) {
        const message = `不能少于${k.col.field.title} ${n}`;
        throw badRequest(`${prefix}${max.field.title}：${message}`, { errors: [{ field: max.key, message }] });
      }
      // an owner's own write never takes its count from the client: it stays what the rows say
      await db.updateTable(m.table).set({ [k.col.column]: n }).where('id', '=', r.id).where('tenant_id', '=', tenantId).execute();
    }
  }
}

/**
 * `per`: for each (owner, value) pair the written rows hold, the counted records of that owner with
 * that value may not pass the owner's `per.max` field.
 */
async function keepPerLimit(db: Db, k: Counter, ids: string[], tenantId: number, prefix: string): Promise<void> {
  const perCol = k.counted.byKey.get(k.spec.per!.field);
  const maxCol = k.owner.byKey.get(k.spec.per!.max);
  if (!perCol || !maxCol) return;
  const t = k.counted.table;
  const written = await db.selectFrom(t).select([`${k.via.column} as o`, `${perCol.column} as v`]).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  const pairs = new Map(written.filter((r) => present(r.o) && present(r.v)).map((r) => [`${r.o}\u0000${r.v}`, r]));
  for (const { o, v } of pairs.values()) {
    const owner = await db.selectFrom(k.owner.table).select(`${maxCol.column} as m`).where('tenant_id', '=', tenantId).where('id', '=', o).executeTakeFirst();
    if (!owner || !present(owner.m)) continue;
    const row = await db.selectFrom(t).select((eb) => eb.fn.countAll().as('n'))
      .where(`${t}.tenant_id`, '=', tenantId).where(`${t}.${k.via.column}`, '=', o).where(`${t}.${perCol.column}`, '=', v)
      .$if(!!k.spec.where, (qb) => qb.where((eb) => whereExpr(eb, k.counted, k.spec.where!)))
      .executeTakeFirst();
    if (Number(row?.n ?? 0) > Number(owner.m)) {
      const message = `同一${k.via.field.title}不能超过${maxCol.field.title} ${Number(owner.m)}`;
      throw badRequest(`${prefix}${perCol.field.title}：${message}`, { errors: [{ field: perCol.key, message }] });
    }
  }
}

/** Whether writes of `m` have counts to keep (as counted records or as a bounded owner). */
export function keepsCounts(ctx: AppContext, m: ResourceModel): boolean {
  return countersOf(ctx).some((k) => k.counted === m || (k.owner === m && !!k.spec.max));
}

/** Recounts every `countOf` field of every tenant from the rows (after a bulk load such as the demo seed). */
export async function recountAll(ctx: AppContext, db: Db = ctx.database.db): Promise<void> {
  for (const k of countersOf(ctx)) {
    const c = k.counted.table;
    await db
      .updateTable(k.owner.table)
      .set({
        [k.col.column]: (eb: ExpressionBuilder<any, any>) =>
          eb
            .selectFrom(c)
            .select(sql<number>`count(*)`.as('n'))
            .whereRef(`${c}.${k.via.column}`, '=', sql.ref(`${k.owner.table}.id`) as never)
            .whereRef(`${c}.tenant_id`, '=', sql.ref(`${k.owner.table}.tenant_id`) as never)
            .$if(!!k.spec.where, (qb) => qb.where((e2) => whereExpr(e2, k.counted, k.spec.where!))),
      } as never)
      .execute();
  }
}
