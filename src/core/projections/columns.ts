/** List columns and search fields as plain data; the client maps valueType/dict to renderers. */
import type { FieldKind, FieldSchema, ResourceSchema, SearchMode } from '../schema/types.js';
import type { Registry } from '../schema/registry.js';
import { findField, hasDictText, isMultiValued, isSystemColumn } from '../schema/naming.js';
import { KINDS, type CellType } from '../kinds/index.js';
import { SYSTEM_FIELDS } from '../schema/system-columns.js';
import { DEFAULT_ELLIPSIS, defaultFormat } from './display.js';
import { sortableKeys } from './query.js';

/** How a list cell shows a value: its field kind's (src/core/kinds). */
export type ValueType = CellType;

export interface ColumnSpec {
  key: string;
  title: string;
  dataIndex: string;
  /** Where the cell text comes from: `<key>_dictText` for dict/ref/refs/treeRef, else the key. */
  displayIndex: string;
  valueType: ValueType;
  kind: FieldKind | 'system';
  dict?: string;
  /** Target resource of ref kinds (for links / lookups). */
  ref?: string;
  multiple?: boolean;
  /** Characters before the cell is cut with '...'; false = whole text. */
  ellipsis: number | false;
  width?: number;
  fixed?: 'left' | 'right';
  sortable: boolean;
  hideInTable: boolean;
  /** The server already masks in `list`; the client uses this to mark the cell. */
  mask: boolean;
  /** dayjs format for date kinds. */
  format?: string;
}

export interface SearchFieldSpec {
  key: string;
  title: string;
  mode: SearchMode;
  valueType: ValueType;
  kind: FieldKind;
  dict?: string;
  ref?: string;
  multiple?: boolean;
}

export function valueTypeOf(kind: FieldKind): ValueType {
  return KINDS[kind].cell;
}

const SYSTEM_TITLES: Record<string, string> = Object.fromEntries(SYSTEM_FIELDS.map((c) => [c.key, c.title]));
const TEXTLIKE = new Set<ValueType>(['text', 'textarea', 'select', 'link', 'richtext']);

/** The cell spec of one field (list cells and the detail view show values alike). */
export function fieldColumn(f: FieldSchema): ColumnSpec {
  const opts = f.list && typeof f.list === 'object' ? f.list : {};
  const valueType = valueTypeOf(f.kind);
  const col: ColumnSpec = {
    key: f.key,
    title: f.title,
    dataIndex: f.key,
    displayIndex: hasDictText(f) ? `${f.key}_dictText` : f.key,
    valueType,
    kind: f.kind,
    ellipsis: opts.ellipsis !== undefined ? opts.ellipsis : TEXTLIKE.has(valueType) ? DEFAULT_ELLIPSIS : false,
    sortable: opts.sortable === true,
    hideInTable: false,
    mask: f.sensitive === 'mask',
  };
  if (f.dict) col.dict = f.dict;
  if (f.ref) col.ref = f.ref.resource;
  if (isMultiValued(f)) col.multiple = true;
  if (opts.width !== undefined) col.width = opts.width;
  if (opts.fixed) col.fixed = opts.fixed;
  const fmt = f.format ?? defaultFormat(f.kind);
  if (fmt) col.format = fmt;
  return col;
}

function systemColumn(key: string): ColumnSpec {
  const dt = key === 'createTime' || key === 'updateTime';
  return {
    key, title: SYSTEM_TITLES[key] ?? key, dataIndex: key, displayIndex: key,
    valueType: dt ? 'dateTime' : 'text', kind: 'system',
    ellipsis: dt ? false : DEFAULT_ELLIPSIS,
    sortable: false, hideInTable: false, mask: false,
    ...(dt ? { format: 'YYYY-MM-DD HH:mm:ss', width: 160 } : {}),
  };
}

/**
 * Columns in order: `list.columns` when given (system columns allowed), else every field
 * not `list: false` / hidden / writeOnly. Fields not listed but searchable are appended with
 * `hideInTable` so column settings can show them.
 */
export function toColumns(schema: ResourceSchema, _registry?: Registry): ColumnSpec[] {
  const visible = (f: FieldSchema) => f.list !== false && !f.hidden && !f.writeOnly;
  const order = schema.list?.columns ?? schema.fields.filter(visible).map((f) => f.key);
  const out: ColumnSpec[] = [];
  for (const key of order) {
    const f = findField(schema, key);
    if (f) { if (!f.writeOnly) out.push(fieldColumn(f)); }
    else if (isSystemColumn(key)) out.push(systemColumn(key));
  }
  const listed = new Set(out.map((c) => c.key));
  for (const f of schema.fields) {
    if (!listed.has(f.key) && visible(f) && schema.list?.columns) out.push({ ...fieldColumn(f), hideInTable: true });
  }
  // exactly the keys parseListQuery accepts as `column`
  const sortable = sortableKeys(schema);
  for (const c of out) c.sortable = sortable.has(c.key);
  return out;
}

/** Search form fields: every field with a `search` mode, in field order. */
export function toSearchFields(schema: ResourceSchema): SearchFieldSpec[] {
  return schema.fields.filter((f) => f.search && !f.writeOnly).map((f) => {
    const s: SearchFieldSpec = { key: f.key, title: f.title, mode: f.search as SearchMode, valueType: valueTypeOf(f.kind), kind: f.kind };
    if (f.dict) s.dict = f.dict;
    if (f.ref) s.ref = f.ref.resource;
    if (f.search === 'in' || f.kind === 'refs' || f.multiple) s.multiple = true;
    return s;
  });
}
