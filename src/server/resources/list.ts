/**
 * GET <base>/list: tenant-scoped page + cached count capped at COUNT_CAP + labels (masking and field access: read.ts).
 * Tree resources (`list.tree`): without filters the page holds the roots (parent empty);
 * every record of a tree carries `hasChild`. `childList` returns one node's children.
 * queryById returns the master-detail children arrays.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { COUNT_CAP, type Page } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { addLabels } from './labels.js';
import { arrayToRecord, rowToRecord, type ResourceModel } from './model.js';
import type { ParsedListQuery } from '../../core/projections/query.js';
import { filterExpr, filterKey, gramDriver, gramRows } from './query.js';
import { childLinks } from './children.js';
import { QueryShapes } from '../db/prepared.js';
import { scopedFrom, scopedWhere, scopeKey, scopeOf, type ScopeArg } from './data-rules.js';

type Rec = Record<string, unknown>;

/** Page queries by shape (db/prepared.ts): a repeated list call skips building and compiling its query. */
const PAGE_SHAPES = new QueryShapes();

/** Matches from which a contains-search first tries the list order's first rows (listRecords). */
export const WINDOW_FROM = 1000;

/** Offset from which a page is read as ids first, then rows (listRecords). */
export const DEFER_FROM = 100;

type Sort = ParsedListQuery['sort'];

/** The list order: the sort column, then the id (unless the sort is the id), both in the sort's direction. */
function inListOrder<Q extends SelectQueryBuilder<any, any, any>>(qb: Q, sort: Sort, col = sort.column, id = 'id'): Q {
  const o = qb.orderBy(col, sort.order) as Q;
  return sort.column !== 'id' ? (o.orderBy(id, sort.order) as Q) : o;
}

/** The ids (`r`) and sort values (`k`) of a tenant's rows in the list order, for a window of its first rows. */
function sortedIds(db: Kysely<any>, table: string, tenantId: number, sort: Sort) {
  return inListOrder(db.selectFrom(table).select(['id as r', `${sort.column} as k`]).where('tenant_id', '=', tenantId), sort);
}

/** Column of the tree's parent field, if the resource is a tree. */
export function treeParentColumn(m: ResourceModel): string | undefined {
  const p = m.schema.list?.tree?.parent;
  return p ? m.byKey.get(p)?.column : undefined;
}

/** Adds `hasChild` to records of a tree resource (one indexed query per page). */
async function addHasChild(ctx: AppContext, m: ResourceModel, records: Rec[], tenantId: number): Promise<void> {
  const col = treeParentColumn(m);
  if (!col || records.length === 0) return;
  const ids = records.map((r) => String(r.id));
  const rows = await ctx.database.db
    .selectFrom(m.table)
    .select(`${col} as p`)
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where(col, 'in', ids)
    .execute();
  const parents = new Set(rows.map((r) => String(r.p)));
  for (const r of records) r.hasChild = parents.has(String(r.id));
}

/** Where a list page reads its rows from (listRecords `base`). */
type Source = 'table' | 'grams' | 'ordered' | 'window';

export async function listRecords(
  ctx: AppContext,
  m: ResourceModel,
  q: ParsedListQuery,
  scope: ScopeArg,
  opts: { flat?: boolean } = {},
): Promise<Page<Record<string, unknown>>> {
  const { db } = ctx.database;
  const tenantId = scopeOf(scope).tenantId;
  const parent = treeParentColumn(m);
  const roots = parent !== undefined && q.filters.length === 0 && !opts.flat;
  // A contains-search on an indexed field can be driven by the n-gram index: the rows holding
  // its gram are read first (CROSS JOIN keeps that order on SQLite) instead of every row
  const driver = m.substring && gramDriver(m.substring, q.filters);
  // sorted by the column the gram rows carry: their index holds the matches in the list order
  const ordered = driver !== undefined && m.substring!.sort.column === q.sort.column;
  // ...and when the gram is the whole search (one or two characters, no other filter, no data
  // rule), the index rows alone are the matches: a deep page skips them without reading a row
  const gramsAlone = ordered && driver.exact && q.filters.length === 1 && scopeOf(scope).rules.length === 0;
  /**
   * The rows a list reads from: the whole table ('table'), the rows holding the driving gram
   * ('grams'; 'ordered': read in the list order), or the first `window` rows of the tenant in
   * the list order ('window').
   */
  const base = (source: Source, window?: string) => {
    const grams = m.substring && { spec: m.substring, tenantId, table: m.table, driven: source === 'grams' || source === 'ordered' ? driver?.filter : undefined };
    const from =
      (source === 'grams' || source === 'ordered') && driver
        ? db.selectFrom(gramRows(db, m.substring!, driver, tenantId, source === 'ordered').as('sg')).crossJoin(m.table).whereRef(`${m.table}.id`, '=', 'sg.r')
        : source === 'window'
          ? db.selectFrom(sortedIds(db, m.table, tenantId, q.sort).limit(window as unknown as number).as('sw')).crossJoin(m.table).whereRef(`${m.table}.id`, '=', 'sw.r')
          : db.selectFrom(m.table);
    return scopedWhere(from, scope)
      .$if(q.filters.length > 0, (qb) => qb.where((eb) => eb.and(q.filters.map((f) => filterExpr(eb, f, grams)))))
      .$if(roots, (qb) => qb.where((eb) => eb.or([eb(parent!, 'is', null), eb(parent!, '=', '')])));
  };

  const key = (roots ? 'roots' : filterKey(q.filters)) + scopeKey(scope);
  // counted = min(matching rows, COUNT_CAP + 1): the count stops reading at the cap, so a
  // search over a million rows costs no more than the first ten thousand matches
  let counted = ctx.counts.get(m.table, tenantId, key);
  if (counted === undefined) {
    const version = ctx.counts.version(m.table);
    // one exact gram and no other filter: the index alone holds the count
    const rows: SelectQueryBuilder<any, any, any> =
      driver?.exact && q.filters.length === 1 ? gramRows(db, m.substring!, driver, tenantId) : base(driver ? 'grams' : 'table').select(sql.lit(1).as('x'));
    const row = await db.selectFrom(rows.limit(COUNT_CAP + 1).as('c')).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    counted = Number(row?.n ?? 0);
    ctx.counts.set(m.table, tenantId, key, counted, version);
  }
  const totalCapped = counted > COUNT_CAP;
  const total = Math.min(counted, COUNT_CAP);
  const pages = total === 0 ? 0 : Math.ceil(total / q.pageSize);
  const offset = (q.pageNo - 1) * q.pageSize;
  let records: Array<Record<string, unknown>> = [];
  // past the cap there may still be rows: the page query answers whether there are
  if (offset < total || totalCapped) {
    const page = async (source: Source, window = 0): Promise<Rec[]> => {
      // a deep page reads the rows it skips for their ids only (an index-only scan where the
      // sort's index covers it, as on PostgreSQL), then fetches the page's own rows by id
      const deep = offset >= DEFER_FROM;
      // built and compiled once per shape: the key names everything `base` reads besides the markers
      const shape = JSON.stringify([m.name, m.table, q.filters, scopeOf(scope), q.sort, roots, source, deep, q.pageSize]);
      // a window is read in its own order: the databases then need no sort and stop reading it
      // at the page's last match (a walk of the list order bounded by the window)
      const [col, id] = source === 'window' ? ['sw.k', 'sw.r'] : source === 'ordered' ? ['sg.k', 'sg.r'] : [q.sort.column, 'id'];
      // the page size is written into the text (an integer of 1..MAX_PAGE_SIZE, and part of the
      // shape): SQLite ran the page query in ~60 µs with a literal LIMIT and ~100 µs with a bound one
      const limit = sql.lit(Math.trunc(q.pageSize));
      const build = (_d: Kysely<any>, skip: string, w?: string) => {
        const cols = m.selectColumns.map((c) => `${m.table}.${c}`);
        const paged = (qb: SelectQueryBuilder<any, any, any>) => inListOrder(qb, q.sort, col, id).limit(limit).offset(skip as unknown as number);
        if (!deep) return paged(base(source, w).select(cols));
        const ids = source === 'ordered' && gramsAlone
          ? paged(db.selectFrom(gramRows(db, m.substring!, driver!, tenantId, true).as('sg')).select('sg.r as pr'))
          : paged(base(source, w).select(`${m.table}.id as pr`));
        const rows = db.selectFrom(ids.as('sp')).crossJoin(m.table).whereRef(`${m.table}.id`, '=', 'sp.pr').select(cols);
        return inListOrder(rows, q.sort, `${m.table}.${q.sort.column}`, `${m.table}.id`);
      };
      const args = source === 'window' ? [offset, window] : [offset];
      // the page's rows as arrays in selectColumns order (arrayToRecord)
      const c = PAGE_SHAPES.compile(db, shape, build, args);
      return (await ctx.database.readArrays(c.sql, c.parameters)).map((r) => arrayToRecord(m, r));
    };
    // In another sort than the grams' own:
    // few matches: read them through the index and sort them. Past the cap: walk the list order
    // and probe the index for each row, which finds a page of dense matches quickly. Between,
    // reading and sorting every match costs ~4 µs each and probing one row of the list order
    // under 1 µs (SQLite, a million rows), so the first rows in the list order are tried first,
    // a window as long as the matches are many (it holds counted² / rows matches, ten and more
    // from ~3,000 matches in a million rows; a window that fails costs a fifth of the index's
    // answer): when it holds a full page that is the page, as the window is a prefix of the list
    // order; otherwise the index answers.
    // In the grams' own sort, the driving gram's index rows are read in the list order: a page
    // reads the rows it skips and its own, whatever the count.
    let found: Rec[] | undefined;
    if (driver && !ordered && !totalCapped && counted >= WINDOW_FROM) {
      const walked = await page('window', counted);
      if (walked.length === q.pageSize) found = walked;
    }
    records = found ?? (await page(ordered ? 'ordered' : driver && !totalCapped ? 'grams' : 'table'));
    await addLabels(ctx, m, records, tenantId);
    await addHasChild(ctx, m, records, tenantId);
  }
  return { records, total, size: q.pageSize, current: q.pageNo, pages, ...(totalCapped ? { totalCapped } : {}) };
}

/** Most children one childList call returns. */
export const CHILD_LIST_MAX = 5000;

/** GET <base>/childList?pid=: the children of one node (tenant-scoped, labels, hasChild). */
export async function childRecords(ctx: AppContext, m: ResourceModel, pid: string, q: ParsedListQuery, scope: ScopeArg): Promise<Rec[]> {
  const parent = treeParentColumn(m)!;
  const tenantId = scopeOf(scope).tenantId;
  const query = inListOrder(scopedFrom(ctx.database.db, m, scope).select(m.selectColumns).where(parent, '=', pid), q.sort);
  const rows = await query.limit(CHILD_LIST_MAX).execute();
  const records = rows.map((r) => rowToRecord(m, r));
  await addLabels(ctx, m, records, tenantId);
  await addHasChild(ctx, m, records, tenantId);
  return records;
}

/** Tree resources: ids among `ids` that still have children outside `ids` (they cannot be deleted alone). */
export async function idsWithChildren(ctx: AppContext, m: ResourceModel, ids: string[], tenantId: number): Promise<string[]> {
  const col = treeParentColumn(m);
  if (!col || ids.length === 0) return [];
  const rows = await ctx.database.db
    .selectFrom(m.table)
    .select(`${col} as p`)
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where(col, 'in', ids)
    .where('id', 'not in', ids)
    .execute();
  return rows.map((r) => String(r.p));
}

/** The children arrays of one parent (labels included), by child key. */
async function loadChildren(ctx: AppContext, m: ResourceModel, id: string, tenantId: number, db: Kysely<any>): Promise<Record<string, Rec[]>> {
  const out: Record<string, Rec[]> = {};
  for (const l of childLinks(ctx, m)) {
    const rows = await db
      .selectFrom(l.model.table)
      .select(l.model.selectColumns)
      .where('tenant_id', '=', tenantId)
      .where(l.fk.column, '=', id)
      .orderBy('create_time', 'asc')
      .orderBy('id', 'asc')
      .execute();
    const recs = rows.map((r) => rowToRecord(l.model, r));
    await addLabels(ctx, l.model, recs, tenantId);
    out[l.spec.key] = recs;
  }
  return out;
}

export async function getRecord(
  ctx: AppContext,
  m: ResourceModel,
  id: string,
  scope: ScopeArg,
  db: Kysely<any> = ctx.database.db,
): Promise<Record<string, unknown> | null> {
  const tenantId = scopeOf(scope).tenantId;
  const row = await scopedFrom(db, m, scope)
    .select(m.selectColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const rec = rowToRecord(m, row);
  await addLabels(ctx, m, [rec], tenantId);
  await addHasChild(ctx, m, [rec], tenantId);
  Object.assign(rec, await loadChildren(ctx, m, id, tenantId, db));
  return rec;
}

