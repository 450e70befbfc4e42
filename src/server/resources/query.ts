/**
 * SQL conditions for the filters of core parseListQuery (already typed and limited
 * to declared search fields, so every column here comes from a schema).
 */
import { sql, type ExpressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Filter } from '../../core/projections/query.js';
import { searchGrams, type SubstringIndexSpec } from '../../core/projections/sql.js';

/** The table's n-gram index (db/substring-index.ts) and the tenant a list reads. */
export interface GramScope {
  spec: SubstringIndexSpec;
  tenantId: number;
  /** The module table, whose `id` the gram rows name. */
  table: string;
  /** The filter whose first gram already drives the query (gramDriver): not probed again. */
  driven?: Filter;
}

/** A contains-search the n-gram index can serve: the first indexed `like` filter. */
export interface GramDriver {
  filter: Filter;
  f: number;
  gram: string;
  /** The gram's rows are exactly the filter's matches (one or two characters). */
  exact: boolean;
}

export function gramDriver(spec: SubstringIndexSpec, filters: Filter[]): GramDriver | undefined {
  for (const filter of filters) {
    const f = filter.op === 'like' ? spec.columns.indexOf(filter.column) : -1;
    const grams = f >= 0 ? searchGrams(String(filter.value)) : [];
    if (grams.length) return { filter, f, gram: grams[0]!, exact: [...String(filter.value)].length <= 2 };
  }
  return undefined;
}

/** The row ids holding a gram (`r`, and with `sorted` their sort values `k`), read from the index alone. */
export function gramRows(db: Kysely<any>, spec: SubstringIndexSpec, d: GramDriver, tenantId: number, sorted = false) {
  return db
    .selectFrom(spec.table)
    .select(sorted ? ['r', 'k'] : ['r'])
    .where('f', '=', d.f)
    .where('g', '=', sql<string>`lower(${d.gram})`)
    .where('t', '=', tenantId);
}

/**
 * A contains-search on an indexed column: each gram of the search probes the index for the
 * row (for one or two characters exactly the matches; for more a superset that the `like`
 * narrows).
 */
function gramSearch(scope: GramScope, filter: Filter, like: Expression<SqlBool>, eb: ExpressionBuilder<any, any>): Expression<SqlBool> | undefined {
  const value = String(filter.value);
  const f = scope.spec.columns.indexOf(filter.column);
  const grams = searchGrams(value);
  if (f < 0 || grams.length === 0) return undefined;
  // A probe of the row, on purpose not an EXISTS: PostgreSQL turns an EXISTS into a join that
  // reads every row of the gram (its estimate of a gram's rows is often far too low: 288 for
  // 11,679), where a list walking its order wants one indexed probe per row until the page is
  // full. The gram key (f, g, t, r) holds at most one such row.
  const probes = grams.slice(scope.driven === filter ? 1 : 0).map(
    (g) =>
      sql<SqlBool>`(select 1 from ${sql.table(scope.spec.table)} where f = ${f} and g = lower(${g}) and t = ${scope.tenantId} and r = ${sql.ref(`${scope.table}.id`)}) = 1`,
  );
  const all = [...value].length <= 2 ? probes : [...probes, like];
  return all.length ? eb.and(all) : sql<SqlBool>`1 = 1`;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A comma-joined column contains one member. */
export function member(col: string, v: string | number) {
  return sql<SqlBool>`(',' || ${sql.ref(col)} || ',') like ${'%,' + escapeLike(String(v)) + ',%'} escape '\\'`;
}

export function filterExpr(eb: ExpressionBuilder<any, any>, f: Filter, grams?: GramScope): Expression<SqlBool> {
  const col = f.column;
  const v = f.value;
  switch (f.op) {
    case 'eq':
      if (f.anyColumns) return eb.or(f.anyColumns.map((c, i) => (f.anyMultiValued?.[i] && !Array.isArray(v) ? member(c, v) : eb(c, '=', v))));
      if (f.multiValued && !Array.isArray(v)) return member(col, v);
      return eb(col, '=', v);
    case 'in': {
      const vs = Array.isArray(v) ? v : [v];
      if (vs.length === 0) return sql<SqlBool>`1 = 0`;
      if (f.multiValued) return eb.or(vs.map((x) => member(col, x)));
      return eb(col, 'in', vs);
    }
    case 'like': {
      // lower() on both sides: SQLite's like ignores ASCII case, PostgreSQL's does not
      const like = sql<SqlBool>`lower(${sql.ref(col)}) like lower(${`%${escapeLike(String(v))}%`}) escape '\\'`;
      return (grams && gramSearch(grams, f, like, eb)) ?? like;
    }
    case 'gte':
      return eb(col, '>=', v);
    case 'lte':
      return eb(col, '<=', v);
  }
}

/** Stable key of the filters for the count cache. */
export function filterKey(filters: Filter[]): string {
  return JSON.stringify(filters.map((f) => [f.anyColumns ?? f.column, f.op, f.value]));
}
