/**
 * The engine's view of core projections: one place that adapts core's plain
 * data to what the widgets need (and the only file to touch if core moves).
 */
import dayjs from 'dayjs';
import type { FieldKind, ResourceSchema } from '../../core/schema/types';
import { findField } from '../../core/schema/naming';
import { toColumns, toSearchFields, type ColumnSpec, type SearchFieldSpec } from '../../core/projections/columns';
import { ellipsis, maskValue as coreMask, money, thousands } from '../../core/projections/display';
import { buildListQuery, defaultSort as coreDefaultSort, type ListSort } from '../../core/projections/query';

export type { ColumnSpec, SearchFieldSpec };

/** A column plus the field facts a cell needs. */
export type CellSpec = ColumnSpec & { precision?: number };

export type SortState = ListSort;

export function cellSpecs(schema: ResourceSchema): CellSpec[] {
  return toColumns(schema).map((c) => {
    const f = findField(schema, c.key);
    return f?.precision !== undefined ? { ...c, precision: f.precision } : c;
  });
}

export function searchFields(schema: ResourceSchema): SearchFieldSpec[] {
  return toSearchFields(schema);
}

/** The schema's default sort (`list.sort`, else createTime desc). */
export function defaultSort(schema: ResourceSchema): SortState {
  return coreDefaultSort(schema);
}

/** JeecgBoot list query (pageNo, pageSize, column, order, filters) from the list state. */
export function listQuery(
  schema: ResourceSchema,
  state: { values: Record<string, unknown>; sort?: SortState; pageNo: number; pageSize: number },
): Record<string, string> {
  return buildListQuery(schema, {
    values: state.values,
    sort: state.sort,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
  });
}

export function cutText(text: string, n: number): string {
  return ellipsis(text, n);
}

export function formatMoney(value: unknown, precision = 2): string {
  return money(value as number | string, precision);
}

export function formatNumber(value: unknown, precision?: number): string {
  const n = Number(value);
  if (precision !== undefined && Number.isFinite(n)) return thousands(n.toFixed(precision));
  return thousands(value as number | string);
}

/** The server's date-time text (JeecgBoot's `yyyy-MM-dd HH:mm:ss`) and its date-only form. */
const SERVER_DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;
/** Formats that are a leading part of the server's text: such a cell is that part, without dayjs. */
const LEADING_PART: Record<string, number> = { 'YYYY-MM-DD HH:mm:ss': 19, 'YYYY-MM-DD HH:mm': 16, 'YYYY-MM-DD': 10 };

export function formatDate(value: unknown, format: string): string {
  if (typeof value === 'string' && format === 'HH:mm:ss' && /^\d{1,2}:\d{2}/.test(value)) return value;
  // a page's date cells, every one in the server's own form: its text, cut (dayjs parsing and
  // formatting was most of a first list's date cells, its code not yet compiled)
  const part = LEADING_PART[format];
  if (part !== undefined && typeof value === 'string' && value.length >= part && SERVER_DATE_TIME.test(value)) return value.slice(0, part);
  const d = dayjs(value as string | number | Date);
  return d.isValid() ? d.format(format) : String(value);
}

export function maskValue(kind: FieldKind | 'system' | string | undefined, value: string): string {
  return coreMask((kind ?? 'string') as FieldKind, value);
}
