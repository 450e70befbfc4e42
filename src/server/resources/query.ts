/**
 * SQL conditions for the filters of core parseListQuery (already typed and limited
 * to declared search fields, so every column here comes from a schema).
 */
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Filter } from '../../core/projections/query.js';

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A comma-joined column contains one member. */
function member(col: string, v: string | number) {
  return sql<SqlBool>`(',' || ${sql.ref(col)} || ',') like ${'%,' + escapeLike(String(v)) + ',%'} escape '\\'`;
}

export function filterExpr(eb: ExpressionBuilder<any, any>, f: Filter): Expression<SqlBool> {
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
    case 'like':
      // lower() on both sides: SQLite's like ignores ASCII case, PostgreSQL's does not
      return sql<SqlBool>`lower(${sql.ref(col)}) like lower(${`%${escapeLike(String(v))}%`}) escape '\\'`;
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
