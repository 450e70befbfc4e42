/**
 * List query, JeecgBoot conventions: `pageNo`, `pageSize`, `column`, `order`; per search mode
 * eq `k=v`, like `k=*v*`, in `k=a,b`, range `k_begin` / `k_end`. The client builds it
 * (buildListQuery); the server parses it against the same schema and rejects anything the
 * schema does not declare (parseListQuery), so the server never sees an arbitrary column.
 */
import { KINDS } from '../kinds/index.js';
import dayjs from 'dayjs';
import type { FieldSchema, ResourceSchema } from '../schema/types.js';
import { isMultiValued, snakeCase } from '../schema/naming.js';
import { DATE_FORMAT, DATETIME_FORMAT } from './display.js';

export type SortOrder = 'asc' | 'desc';
export interface ListSort { field: string; order: SortOrder }
export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 10;
/**
 * Query keys that are not filters. `_t` is the request layer's timestamp; `field` JeecgBoot's
 * column list; `_flat=1` asks a tree resource for a flat list instead of its roots (pickers).
 */
export const RESERVED_QUERY_KEYS = ['_t', 'pageNo', 'pageSize', 'column', 'order', 'field', '_flat'] as const;

export interface Filter {
  /** snake_case column (the server may use it as an identifier: it comes from the schema only). */
  column: string;
  key: string;
  op: 'eq' | 'like' | 'in' | 'gte' | 'lte';
  /** like: the raw substring without `*` (the SQL layer adds and escapes `%`). */
  value: string | number | Array<string | number>;
  /** The column holds a comma-joined list (refs, multiple dict): eq/in mean "contains". */
  multiValued?: boolean;
  /** eq on any of these columns (a list alias's `anyOf`); `column` is the first. */
  anyColumns?: string[];
  /** Per `anyColumns` entry: the column holds a comma-joined list, so eq means "contains". */
  anyMultiValued?: boolean[];
}

export interface ParsedListQuery {
  filters: Filter[];
  sort: { column: string; key: string; order: SortOrder };
  pageNo: number;
  pageSize: number;
}

/** Keys the server sorts by: fields with `list.sortable`, createTime, updateTime and the default sort field. */
export function sortableKeys(schema: ResourceSchema): Set<string> {
  const keys = new Set<string>(['createTime', 'updateTime']);
  for (const f of schema.fields) if (f.list && typeof f.list === 'object' && f.list.sortable && !f.writeOnly) keys.add(f.key);
  keys.add(defaultSort(schema).field);
  return keys;
}

export function defaultSort(schema: ResourceSchema): ListSort {
  const [field, order] = (schema.list?.sort ?? 'createTime,desc').split(',');
  return { field: field!, order: order === 'asc' ? 'asc' : 'desc' };
}

const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function wireValue(v: unknown, f: FieldSchema): string {
  if (v instanceof Date) return dayjs(v).format(f.kind === 'date' ? DATE_FORMAT : DATETIME_FORMAT);
  if (v && typeof v === 'object' && typeof (v as { format?: unknown }).format === 'function') {
    // a dayjs / moment value straight from a picker
    return (v as { format(f: string): string }).format(f.kind === 'date' ? DATE_FORMAT : f.kind === 'time' ? 'HH:mm:ss' : DATETIME_FORMAT);
  }
  return String(v);
}

/** Client side: search values + sort + page -> query parameters (empty values dropped). */
export function buildListQuery(
  schema: ResourceSchema,
  opts: { values?: Record<string, unknown>; sort?: ListSort | null; pageNo?: number; pageSize?: number },
): Record<string, string> {
  const q: Record<string, string> = {};
  const values = opts.values ?? {};
  for (const f of schema.fields) {
    if (!f.search) continue;
    const v = values[f.key];
    if (f.search === 'range') {
      // a [begin, end] pair, or `<key>_begin` / `<key>_end` already split by the form
      const [b, e] = Array.isArray(v) ? v : [values[`${f.key}_begin`], values[`${f.key}_end`]];
      if (!empty(b)) q[`${f.key}_begin`] = wireValue(b, f);
      if (!empty(e)) q[`${f.key}_end`] = wireValue(e, f);
      continue;
    }
    if (empty(v)) continue;
    if (f.search === 'like') {
      const s = String(v).trim();
      if (s) q[f.key] = s.startsWith('*') || s.endsWith('*') ? s : `*${s}*`;
    } else if (f.search === 'in') {
      q[f.key] = Array.isArray(v) ? v.map(String).join(',') : String(v);
    } else {
      q[f.key] = Array.isArray(v) ? v.map(String).join(',') : wireValue(v, f);
    }
  }
  const sort = opts.sort ?? defaultSort(schema);
  q.column = sort.field;
  q.order = sort.order;
  q.pageNo = String(opts.pageNo ?? 1);
  q.pageSize = String(opts.pageSize ?? schema.list?.pageSize ?? DEFAULT_PAGE_SIZE);
  return q;
}

type Typed = { ok: true; value: string | number } | { ok: false; message: string };

/** One query value typed by the field's kind (src/core/kinds). `edge` widens a bare date to the day's start/end. */
function typed(f: FieldSchema, raw: string, edge?: 'begin' | 'end'): Typed {
  const read = KINDS[f.kind].queryValue;
  const r = read ? read(raw, edge) : raw.length > 500 ? { ok: false as const, what: '过长' } : { ok: true as const, value: raw };
  return r.ok ? { ok: true, value: r.value as string | number } : { ok: false, message: `查询条件“${f.title}”${r.what}` };
}

function positiveInt(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
  if (typeof v === 'string' && /^\d{1,9}$/.test(v) && Number(v) > 0) return Number(v);
  return undefined;
}

export type ParseResult = { ok: true; value: ParsedListQuery } | { ok: false; message: string };

/**
 * What parseListQuery reads of a schema, derived once per schema object (schemas are immutable
 * once loaded): the searchable fields by parameter name with their columns, the sortable keys
 * with theirs, and the default sort. A list call then only looks things up.
 */
interface QueryPlan {
  searchable: Map<string, { f: FieldSchema; column: string; multiValued: boolean }>;
  /** Sortable keys (the default sort's among them) -> their columns. */
  sortColumns: Map<string, string>;
  def: ListSort;
}
const RESERVED = new Set<string>(RESERVED_QUERY_KEYS);
const plans = new WeakMap<ResourceSchema, QueryPlan>();
function queryPlan(schema: ResourceSchema): QueryPlan {
  let p = plans.get(schema);
  if (!p) {
    const fields = schema.fields.filter((f) => f.search && !f.writeOnly);
    const entry = (f: FieldSchema) => ({ f, column: snakeCase(f.key), multiValued: isMultiValued(f) });
    const searchable = new Map(fields.map((f) => [f.key, entry(f)]));
    // `searchAlias`: another parameter name for the same search (never shadows a field key)
    for (const f of fields) if (f.searchAlias && !searchable.has(f.searchAlias) && f.search !== 'range') searchable.set(f.searchAlias, entry(f));
    const sortColumns = new Map([...sortableKeys(schema)].map((k) => [k, snakeCase(k)]));
    p = { searchable, sortColumns, def: defaultSort(schema) };
    plans.set(schema, p);
  }
  return p;
}

/** Server side: accept only declared search/sort keys, type the values, cap the page size. */
export function parseListQuery(schema: ResourceSchema, query: Record<string, unknown>): ParseResult {
  const fail = (message: string): ParseResult => ({ ok: false, message });
  const filters: Filter[] = [];
  const plan = queryPlan(schema);
  const byKey = plan.searchable;
  for (const key of Object.keys(query)) {
    if (RESERVED.has(key)) continue;
    const rawValue = query[key];
    const m = /^(.+)_(begin|end)$/.exec(key);
    const ranged = m ? byKey.get(m[1]!) : undefined;
    const entry = ranged?.f.search === 'range' ? ranged : byKey.get(key);
    const edge = m && entry && entry.f.key === m[1] ? (m[2] as 'begin' | 'end') : undefined;
    if (!entry || (entry.f.search === 'range') !== (edge !== undefined)) return fail(`不支持的查询条件：${key}`);
    const { f, column: fieldColumn, multiValued } = entry;
    if (rawValue === undefined || rawValue === null || rawValue === '') continue;
    if (typeof rawValue !== 'string' && typeof rawValue !== 'number' && typeof rawValue !== 'boolean') return fail(`查询条件“${f.title}”的值无效`);
    const raw = String(rawValue).trim();
    if (raw === '') continue;
    const base = { column: fieldColumn, key: f.key, ...(multiValued ? { multiValued: true } : {}) };
    if (edge) {
      const t = typed(f, raw, edge);
      if (!t.ok) return fail(t.message);
      filters.push({ ...base, op: edge === 'begin' ? 'gte' : 'lte', value: t.value });
    } else if (f.search === 'like') {
      const inner = raw.replace(/^\*+|\*+$/g, '');
      if (inner) filters.push({ ...base, op: 'like', value: inner.slice(0, 500) });
    } else if (f.search === 'in') {
      const parts = raw.split(',').map((s) => s.trim()).filter(Boolean);
      const vals: Array<string | number> = [];
      for (const p of parts) {
        const t = typed(f, p);
        if (!t.ok) return fail(t.message);
        vals.push(t.value);
      }
      if (vals.length > 1000) return fail(`查询条件“${f.title}”的取值过多`);
      if (vals.length) filters.push({ ...base, op: 'in', value: vals });
    } else {
      const t = typed(f, raw);
      if (!t.ok) return fail(t.message);
      filters.push({ ...base, op: 'eq', value: t.value });
    }
  }

  const def = plan.def;
  let sortKey = def.field;
  let order: SortOrder = def.order;
  const column = query.column;
  if (column !== undefined && column !== null && column !== '') {
    if (typeof column !== 'string' || !plan.sortColumns.has(column)) return fail(`不支持的排序字段：${String(column)}`);
    sortKey = column;
    order = 'desc';
  }
  const ord = query.order;
  if (ord !== undefined && ord !== null && ord !== '') {
    if (ord !== 'asc' && ord !== 'desc') return fail(`不支持的排序方式：${String(ord)}`);
    order = ord;
  }

  let pageNo = 1;
  if (query.pageNo !== undefined && query.pageNo !== '') {
    const n = positiveInt(query.pageNo);
    if (n === undefined) return fail('pageNo 应为正整数');
    pageNo = n;
  }
  let pageSize = schema.list?.pageSize ?? DEFAULT_PAGE_SIZE;
  if (query.pageSize !== undefined && query.pageSize !== '') {
    const n = positiveInt(query.pageSize);
    if (n === undefined) return fail('pageSize 应为正整数');
    pageSize = Math.min(n, MAX_PAGE_SIZE);
  }
  return { ok: true, value: { filters, sort: { column: plan.sortColumns.get(sortKey)!, key: sortKey, order }, pageNo, pageSize } };
}
