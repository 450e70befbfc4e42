/**
 * The figures of the home page and the workplace, computed in the database from the
 * declarations of schemas/dashboard.json: a source names a module and its time / amount /
 * doctor / department fields and conditions; nothing here names a module or a table.
 * `tenant` null counts every tenant (the platform's view), a number only that tenant's rows.
 * Times are `YYYY-MM-DD HH:mm:ss` text in the server's local time, so a day is the half-open
 * text range [`D 00:00:00`, `D+1 00:00:00`).
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DashboardSource, Where } from '../../core/schema/dashboard.js';
import { isSystemColumn, snakeCase } from '../../core/schema/naming.js';
import type { AppContext } from '../context.js';
import { toStored, type ResourceModel } from '../resources/model.js';
import { fromFen, roundYuan } from '../../core/kinds/index.js';

/** Money sums leave the server rounded to fen. */
export const yuan = (n: unknown): number => roundYuan(Number(n ?? 0));

/** A SQL sum of an amount column in yuan: money columns hold whole fen, so the sum is exact. */
function sumOf(m: ResourceModel, key: string, s: unknown): number {
  const c = m.byKey.get(key);
  return c?.storage === 'fen' ? fromFen(Number(s ?? 0)) : yuan(s);
}

const pad = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD` of a local date. */
export function dayText(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
/** The local day `offset` days from `d`. */
export function addDays(d: Date, offset: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + offset);
}
export const dayStart = (d: Date) => `${dayText(d)} 00:00:00`;

/** Column of a field key or a system column. */
export function columnOf(m: ResourceModel, key: string): string {
  if (isSystemColumn(key)) return snakeCase(key);
  const c = m.byKey.get(key);
  if (!c) throw new Error(`dashboard: ${m.name} has no field ${key}`);
  return c.column;
}

type Q = SelectQueryBuilder<any, any, any>;

function applyWhere(q: Q, m: ResourceModel, where: Where | undefined): Q {
  for (const [key, value] of Object.entries(where ?? {})) {
    const col = columnOf(m, key);
    const fc = m.byKey.get(key);
    const stored = (v: unknown) => (fc ? toStored(fc, v) : v);
    q = Array.isArray(value) ? q.where(col, 'in', value.map(stored)) : q.where(col, '=', stored(value));
  }
  return q;
}

export interface Range {
  /** Inclusive lower bound (`YYYY-MM-DD HH:mm:ss`). */
  from?: string;
  /** Exclusive upper bound. */
  to?: string;
}

/** The rows of a source in a tenant scope and time range (`range` on the source's time; a
 * source without time is bounded by its creation time). */
export function sourceRows(ctx: AppContext, src: DashboardSource, tenant: number | null, range: Range, opts: { paid?: boolean } = {}): { q: Q; m: ResourceModel } {
  const m = ctx.models.get(src.resource);
  if (!m) throw new Error(`dashboard: unknown resource ${src.resource}`);
  let q: Q = ctx.database.db.selectFrom(m.table);
  if (tenant !== null) q = q.where('tenant_id', '=', tenant);
  q = applyWhere(q, m, src.where);
  if (opts.paid) q = applyWhere(q, m, src.paid);
  const timeCol = columnOf(m, src.time ?? 'createTime');
  if (range.from !== undefined) q = q.where(timeCol, '>=', range.from);
  if (range.to !== undefined) q = q.where(timeCol, '<', range.to);
  return { q, m };
}

/** Number of rows (measure count) or the paid amount in yuan (measure revenue). */
export async function measure(ctx: AppContext, src: DashboardSource, tenant: number | null, range: Range, what: 'count' | 'revenue'): Promise<number> {
  if (what === 'count') {
    const { q } = sourceRows(ctx, src, tenant, range);
    const row = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
  const { q, m } = sourceRows(ctx, src, tenant, range, { paid: true });
  const amount = columnOf(m, src.amount!);
  const row = await q.select((eb) => eb.fn.sum(amount).as('s')).executeTakeFirst();
  return sumOf(m, src.amount!, row?.s);
}

/** Per day (`YYYY-MM-DD`) counts and paid amounts of a source within the range. */
export async function perDay(ctx: AppContext, src: DashboardSource, tenant: number | null, range: Range): Promise<Map<string, { count: number; revenue: number }>> {
  const out = new Map<string, { count: number; revenue: number }>();
  const slot = (d: string) => {
    let v = out.get(d);
    if (!v) out.set(d, (v = { count: 0, revenue: 0 }));
    return v;
  };
  const { q, m } = sourceRows(ctx, src, tenant, range);
  const day = sql<string>`substr(${sql.ref(columnOf(m, src.time ?? 'createTime'))}, 1, 10)`;
  const counts = await q.select([day.as('d'), (eb) => eb.fn.countAll().as('n')]).groupBy(day).execute();
  for (const r of counts) slot(String(r.d)).count += Number(r.n);
  if (src.amount) {
    const paid = sourceRows(ctx, src, tenant, range, { paid: true }).q;
    const sums = await paid.select([day.as('d'), (eb) => eb.fn.sum(columnOf(m, src.amount!)).as('s')]).groupBy(day).execute();
    for (const r of sums) slot(String(r.d)).revenue = sumOf(m, src.amount!, r.s);
  }
  return out;
}

/** Row counts per value of a ref field (doctor, department) within the range; empty values skipped. */
export async function perRef(ctx: AppContext, src: DashboardSource, key: string, tenant: number | null, range: Range): Promise<Map<string, number>> {
  const { q, m } = sourceRows(ctx, src, tenant, range);
  const col = columnOf(m, key);
  const rows = await q.select([`${col} as k`, (eb) => eb.fn.countAll().as('n')]).where(col, 'is not', null).where(col, '!=', '').groupBy(col).execute();
  return new Map(rows.map((r) => [String(r.k), Number(r.n)]));
}

/** Labels of referenced records by the ref field's label (id -> text). */
export async function refLabels(ctx: AppContext, m: ResourceModel, key: string, ids: string[]): Promise<Map<string, string>> {
  const ref = m.byKey.get(key)?.field.ref;
  const target = ref ? ctx.models.get(ref.resource) : undefined;
  if (!ref || !target || ids.length === 0) return new Map();
  const label = columnOf(target, ref.label);
  const valueCol = columnOf(target, ref.value ?? 'id');
  const rows = await ctx.database.db.selectFrom(target.table).select([`${valueCol} as v`, `${label} as l`]).where(valueCol, 'in', ids).execute();
  return new Map(rows.map((r) => [String(r.v), String(r.l ?? '')]));
}
