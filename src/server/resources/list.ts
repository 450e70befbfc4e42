/** GET <base>/list: tenant-scoped page + cached count + labels + masking. */
import type { Page } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { addLabels } from './labels.js';
import { maskValue } from './mask.js';
import { rowToRecord, type ResourceModel } from './model.js';
import type { ParsedListQuery } from '../../core/projections/query.js';
import { filterExpr, filterKey } from './query.js';

export async function listRecords(
  ctx: AppContext,
  m: ResourceModel,
  q: ParsedListQuery,
  tenantId: number,
): Promise<Page<Record<string, unknown>>> {
  const { db } = ctx.database;
  const base = db
    .selectFrom(m.table)
    .where('tenant_id', '=', tenantId)
    .$if(q.filters.length > 0, (qb) => qb.where((eb) => eb.and(q.filters.map((f) => filterExpr(eb, f)))));

  const key = filterKey(q.filters);
  let total = ctx.counts.get(m.table, tenantId, key);
  if (total === undefined) {
    const row = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    total = Number(row?.n ?? 0);
    ctx.counts.set(m.table, tenantId, key, total);
  }
  const pages = total === 0 ? 0 : Math.ceil(total / q.pageSize);
  const offset = (q.pageNo - 1) * q.pageSize;
  let records: Array<Record<string, unknown>> = [];
  if (offset < total) {
    let pageQ = base.select(m.selectColumns);
    pageQ = pageQ.orderBy(q.sort.column, q.sort.order);
    if (q.sort.column !== 'id') pageQ = pageQ.orderBy('id', q.sort.order);
    const rows = await pageQ.limit(q.pageSize).offset(offset).execute();
    records = rows.map((r) => rowToRecord(m, r));
    await addLabels(ctx, m, records, tenantId);
    for (const c of m.readable) {
      if (c.field.sensitive !== 'mask') continue;
      for (const r of records) r[c.key] = maskValue(c.field.kind, r[c.key]);
    }
  }
  return { records, total, size: q.pageSize, current: q.pageNo, pages };
}

export async function getRecord(
  ctx: AppContext,
  m: ResourceModel,
  id: string,
  tenantId: number,
): Promise<Record<string, unknown> | null> {
  const row = await ctx.database.db
    .selectFrom(m.table)
    .select(m.selectColumns)
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) return null;
  const rec = rowToRecord(m, row);
  await addLabels(ctx, m, [rec], tenantId);
  return rec;
}
