/**
 * List state <-> query string, so a copied link reopens the same rows
 * (reference/lowcode.md §4: typed values must survive the round trip).
 *
 * Wire form (readable, close to the JeecgBoot list query but without `*x*`):
 *   eq / like         `<key>=<value>`            dates `YYYY-MM-DD` / `YYYY-MM-DD HH:mm:ss` / `HH:mm:ss`
 *   in / multiple     `<key>=a,b`
 *   range             `<key>_begin=<v>&<key>_end=<v>`  (dates or numbers; either side optional)
 *   sort              `column=<key>&order=asc|desc`   (only when not the schema default)
 *   page              `pageNo=<n>&pageSize=<n>`        (only when not 1 / the default size)
 * Query keys the list does not own are kept untouched.
 *
 * Decoding gives the values in the shape the search widgets produce: dayjs for
 * date pickers, `[dayjs, dayjs]` for a date range, numbers for number inputs,
 * `[min, max]` for a number range, comma-joined strings for multi selects,
 * `'true'|'false'` for booleans. An unparsable value is dropped (never a 400).
 */
import { KINDS } from '../../core/kinds';
import type { FieldKind } from '../../core/schema/types';
import dayjs, { type Dayjs } from 'dayjs';
import type { ResourceSchema } from '../../core/schema/types';
import { searchFields, defaultSort, type SearchFieldSpec, type SortState } from './projections';

export interface UrlListState {
  values: Record<string, unknown>;
  sort?: SortState;
  pageNo: number;
  pageSize: number;
}

const DATE_FORMATS: Record<string, string> = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm:ss' };
/** Numbers in the URL follow the field kind's descriptor. */
const isNumberKind = (k: FieldKind) => KINDS[k].numeric !== undefined;
const RESERVED = ['pageNo', 'pageSize', 'column', 'order'];

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function isDayjs(v: unknown): v is Dayjs {
  return !!v && typeof v === 'object' && typeof (v as { format?: unknown }).format === 'function'
    && typeof (v as { isValid?: unknown }).isValid === 'function';
}

function encodeScalar(s: SearchFieldSpec, v: unknown): string | undefined {
  if (blank(v)) return undefined;
  const fmt = DATE_FORMATS[s.kind];
  if (fmt) {
    if (isDayjs(v)) return v.isValid() ? v.format(fmt) : undefined;
    if (v instanceof Date) return dayjs(v).format(fmt);
    return String(v);
  }
  if (Array.isArray(v)) return v.filter((x) => !blank(x)).map(String).join(',') || undefined;
  return String(v);
}

function decodeScalar(s: SearchFieldSpec, raw: string | null): unknown {
  if (raw === null || raw === '') return undefined;
  const fmt = DATE_FORMATS[s.kind];
  if (fmt) {
    const d = s.kind === 'time' ? dayjs(`1970-01-01 ${raw}`, 'YYYY-MM-DD HH:mm:ss') : dayjs(raw);
    return d.isValid() ? d : undefined;
  }
  if (isNumberKind(s.kind)) {
    if (s.mode === 'in') return raw;
    const n = Number(raw);
    return raw.trim() !== '' && Number.isFinite(n) ? n : undefined;
  }
  if (s.kind === 'boolean') return raw === 'true' || raw === '1' ? 'true' : raw === 'false' || raw === '0' ? 'false' : undefined;
  return raw;
}

/** Query keys the list owns for this schema. */
export function ownedKeys(schema: ResourceSchema): Set<string> {
  const keys = new Set(RESERVED);
  for (const s of searchFields(schema)) {
    keys.add(s.key);
    if (s.mode === 'range') {
      keys.add(`${s.key}_begin`);
      keys.add(`${s.key}_end`);
    }
  }
  return keys;
}

/** The list state as query parameters (defaults left out). */
export function encodeListState(schema: ResourceSchema, state: UrlListState, defaultPageSize: number): URLSearchParams {
  const out = new URLSearchParams();
  for (const s of searchFields(schema)) {
    const v = state.values[s.key];
    if (s.mode === 'range') {
      const [b, e] = Array.isArray(v) ? v : [state.values[`${s.key}_begin`], state.values[`${s.key}_end`]];
      const bs = encodeScalar(s, b);
      const es = encodeScalar(s, e);
      if (bs !== undefined) out.set(`${s.key}_begin`, bs);
      if (es !== undefined) out.set(`${s.key}_end`, es);
      continue;
    }
    const text = encodeScalar(s, v);
    if (text !== undefined) out.set(s.key, text);
  }
  const def = defaultSort(schema);
  if (state.sort && (state.sort.field !== def.field || state.sort.order !== def.order)) {
    out.set('column', state.sort.field);
    out.set('order', state.sort.order);
  }
  if (state.pageNo > 1) out.set('pageNo', String(state.pageNo));
  if (state.pageSize !== defaultPageSize) out.set('pageSize', String(state.pageSize));
  return out;
}

function positive(raw: string | null, max: number): number | undefined {
  if (!raw || !/^\d{1,6}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? Math.min(n, max) : undefined;
}

/** Query string -> list state (typed for the search widgets). */
export function decodeListState(schema: ResourceSchema, search: string | URLSearchParams, defaultPageSize: number): UrlListState {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const values: Record<string, unknown> = {};
  for (const s of searchFields(schema)) {
    if (s.mode === 'range') {
      const b = decodeScalar(s, q.get(`${s.key}_begin`));
      const e = decodeScalar(s, q.get(`${s.key}_end`));
      if (b !== undefined || e !== undefined) values[s.key] = [b, e];
      continue;
    }
    const v = decodeScalar(s, q.get(s.key));
    if (v !== undefined) values[s.key] = v;
  }
  const state: UrlListState = { values, pageNo: positive(q.get('pageNo'), 100000) ?? 1, pageSize: positive(q.get('pageSize'), 1000) ?? defaultPageSize };
  const column = q.get('column');
  if (column) state.sort = { field: column, order: q.get('order') === 'asc' ? 'asc' : 'desc' };
  return state;
}

/** Current query string with the list's own keys replaced by `params`. */
export function mergeSearch(current: string, params: URLSearchParams, owned: Set<string>): string {
  const out = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(current)) if (!owned.has(k)) out.append(k, v);
  for (const [k, v] of params) out.append(k, v);
  const s = out.toString();
  return s ? `?${s}` : '';
}

/** Same owned parameters (order-insensitive)? */
export function sameOwned(a: string, b: string, owned: Set<string>): boolean {
  const pick = (s: string) => [...new URLSearchParams(s)].filter(([k]) => owned.has(k)).map(([k, v]) => `${k}=${v}`).sort().join('&');
  return pick(a) === pick(b);
}

/** Writes the owned keys into the address bar (replace: no history entry per keystroke). */
export function writeUrl(params: URLSearchParams, owned: Set<string>): void {
  if (typeof window === 'undefined') return;
  const { pathname, search, hash } = window.location;
  const next = mergeSearch(search, params, owned);
  if (next === search || (next === '' && search === '?')) return;
  window.history.replaceState(window.history.state, '', `${pathname}${next}${hash}`);
}

/** Query string that opens `resource` filtered by `filter` (action kind `open`). */
export function filterSearch(filter: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (!blank(v)) q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
