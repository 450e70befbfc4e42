/** The project's own table for a resource: columns, types and indexes (dialect-neutral). */
import { KINDS, type Storage } from '../kinds/index.js';
import { SYSTEM_FIELDS } from '../schema/system-columns.js';
import type { FieldKind, ResourceSchema } from '../schema/types.js';
import { snakeCase } from '../schema/naming.js';
import { defaultSort, sortableKeys } from './query.js';

/** `fen`: an integer column holding money as whole fen (migrate.ts converts older REAL yuan columns). */
export type SqlType = 'text' | 'integer' | 'real' | 'fen';
export interface ColumnSpecSql { name: string; key: string; type: SqlType; notNull: boolean; primaryKey?: boolean }
export interface IndexSpec { name: string; columns: string[]; unique: boolean }
export interface TableSpec { name: string; columns: ColumnSpecSql[]; indexes: IndexSpec[] }

/** SQL column of a key: snake_case (`createTime` -> `create_time`). */
export function columnName(key: string): string {
  return snakeCase(key);
}

export function tableName(schema: Pick<ResourceSchema, 'name' | 'table'>): string {
  return schema.table ?? snakeCase(schema.name);
}

const SQL_OF_STORAGE: Record<Storage, SqlType> = { text: 'text', integer: 'integer', bool: 'integer', real: 'real', fen: 'fen' };

/** SQL column type of a field kind, from its storage (src/core/kinds). */
export function sqlType(kind: FieldKind): SqlType {
  return SQL_OF_STORAGE[KINDS[kind].storage];
}

export function toTableSpec(schema: ResourceSchema): TableSpec {
  const name = tableName(schema);
  const columns: ColumnSpecSql[] = SYSTEM_FIELDS.map((c) => ({
    name: c.column, key: c.key, type: SQL_OF_STORAGE[c.storage], notNull: c.notNull, ...(c.key === 'id' ? { primaryKey: true } : {}),
  }));
  // NOT NULL only for static requirements: conditional ones (visibleWhen/requiredWhen) may be null
  for (const f of schema.fields) {
    columns.push({ name: columnName(f.key), key: f.key, type: sqlType(f.kind), notNull: f.required === true && !f.visibleWhen && !f.createOnly });
  }
  const indexes: IndexSpec[] = [{ name: `idx_${name}_tenant_create_time`, columns: ['tenant_id', 'create_time'], unique: false }];
  const seen = new Set<string>(['create_time']);
  const indexed = new Set<string>([
    ...schema.fields.filter((f) => f.search === 'eq' || f.search === 'in' || f.search === 'range').map((f) => f.key),
    ...[...sortableKeys(schema)].filter((k) => schema.fields.some((f) => f.key === k)),
  ]);
  for (const f of schema.fields) {
    const col = columnName(f.key);
    if (f.unique && f.uniqueWithin) indexes.push({ name: `uk_${name}_tenant_${columnName(f.uniqueWithin)}_${col}`, columns: ['tenant_id', columnName(f.uniqueWithin), col], unique: true });
    else if (f.unique) indexes.push({ name: `uk_${name}_tenant_${col}`, columns: ['tenant_id', col], unique: true });
    else if (indexed.has(f.key) && !seen.has(col)) indexes.push({ name: `idx_${name}_tenant_${col}`, columns: ['tenant_id', col], unique: false });
    seen.add(col);
  }
  // tree: roots and childList?pid= look rows up by parent (lazy region trees must be fast)
  const parent = schema.list?.tree?.parent;
  if (parent && schema.fields.some((f) => f.key === parent)) {
    const col = columnName(parent);
    const hit = indexes.find((i) => i.columns.length === 2 && i.columns[1] === col);
    if (!hit) indexes.push({ name: `idx_${name}_tenant_${col}`, columns: ['tenant_id', col], unique: false });
  }
  if (sortableKeys(schema).has('updateTime') && schema.list?.sort?.startsWith('updateTime')) {
    indexes.push({ name: `idx_${name}_tenant_update_time`, columns: ['tenant_id', 'update_time'], unique: false });
  }
  return { name, columns, indexes };
}

export { SUBSTRING_INDEX_MAX_LENGTH } from '../schema/types.js';

export interface SubstringIndexSpec {
  /** The n-gram table: `(f, g, t, k, r)` = field number, gram, tenant, sort value, row id. */
  table: string;
  /** Indexed columns; a column's position is its `f` in the gram table. */
  columns: string[];
  /**
   * The column of the list's default sort, copied into each gram row as `k`: the rows of one
   * gram can then be read in the list order, so a page of a search, however deep, reads as
   * many index rows as it skips and no more.
   */
  sort: { column: string; type: SqlType };
}

/** The n-gram index of a resource's `index: "substring"` fields, if it declares any. */
export function substringIndexSpec(schema: ResourceSchema): SubstringIndexSpec | undefined {
  const columns = schema.fields.filter((f) => f.index === 'substring').map((f) => columnName(f.key));
  if (!columns.length) return undefined;
  const key = defaultSort(schema).field;
  // the loader refuses a default sort that is neither a field nor a system column
  const sort = toTableSpec(schema).columns.find((c) => c.key === key);
  if (!sort) throw new Error(`${schema.name}: default sort field "${key}" has no column`);
  return { table: `${tableName(schema)}__sgram`, columns, sort: { column: sort.name, type: sort.type } };
}

/**
 * The grams whose rows hold every match of a contains-search for `value` (already lower-cased
 * as the column is): the value itself up to two characters (exact: a row holds it iff the
 * row's value contains it), else up to three of its character pairs (a superset, which the
 * `like` condition narrows).
 */
export function searchGrams(value: string): string[] {
  const chars = [...value];
  if (chars.length <= 2) return chars.length ? [value] : [];
  const pairs = chars.slice(0, -1).map((c, i) => c + chars[i + 1]);
  const pick = [pairs[0]!, pairs[Math.floor(pairs.length / 2)]!, pairs[pairs.length - 1]!];
  return [...new Set(pick)];
}
