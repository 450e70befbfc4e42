/**
 * Spreadsheet conversions by field kind, registered against the kind as the client registers
 * its widgets: `parse` reads an imported cell into the API value (or says what is wrong, or
 * hands relation labels to the caller to look up), `format` writes a stored value into an
 * exported cell. A kind without an entry is text.
 */
import dayjs from 'dayjs';
import type ExcelJS from 'exceljs';
import { defaultFormat } from '../../core/projections/display.js';
import type { FieldKind, FieldSchema } from '../../core/schema/types.js';
import { maskValue } from '../resources/mask.js';
import { splitMulti } from './fields.js';

export type Cell = string | number | boolean | Date | null;
export type Parsed = { value: unknown } | { error: string } | { labels: string[] };

export interface ExportContext {
  /** Label of one stored value of a dictionary or relation column. */
  label(value: string): string;
  /** Sensitive values are masked for this caller. */
  masked: boolean;
}

export interface ExcelKind {
  parse(v: Cell, f: FieldSchema, dict: () => ReadonlyArray<{ value: string; text: string }>): Parsed;
  format(v: unknown, f: FieldSchema, io: ExportContext): ExcelJS.CellValue;
  /** Cell style of the column (money: two decimals). */
  numFmt?: string;
}

export const CELL_MAX = 32_767;
export const p2 = (n: number) => String(n).padStart(2, '0');
function ymd(y: number, m: number, d: number): string | null {
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${y}-${p2(m)}-${p2(d)}`;
}
/** Excel serial day number -> Date (UTC). */
const serialDate = (n: number) => new Date(Math.round((n - 25569) * 86400000));
const utcDate = (d: Date) => `${d.getUTCFullYear()}-${p2(d.getUTCMonth() + 1)}-${p2(d.getUTCDate())}`;
const utcTime = (d: Date) => `${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())}`;

function parseDate(v: Cell): string | null {
  if (v instanceof Date) return utcDate(v);
  if (typeof v === 'number') return v > 0 && v < 2958466 ? utcDate(serialDate(v)) : null;
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(String(v));
  return m ? ymd(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

function parseTime(s: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return null;
  return `${p2(Number(m[1]))}:${m[2]}:${m[3] ?? '00'}`;
}

function parseDateTime(v: Cell): string | null {
  if (v instanceof Date) return `${utcDate(v)} ${utcTime(v)}`;
  if (typeof v === 'number') return v > 0 && v < 2958466 ? (() => { const d = serialDate(v); return `${utcDate(d)} ${utcTime(d)}`; })() : null;
  const s = String(v);
  const [date, time] = s.split(/\s+|T/);
  const d = parseDate(date ?? '');
  if (!d) return null;
  if (time === undefined) return `${d} 00:00:00`;
  const t = parseTime(time);
  return t ? `${d} ${t}` : null;
}

export function asText(v: Cell): string {
  if (v instanceof Date) return utcDate(v);
  if (typeof v === 'boolean') return v ? '是' : '否';
  return String(v);
}

const TRUE = new Set(['是', 'true', '1', 'y', 'yes', '开', '开启', '启用']);
const FALSE = new Set(['否', 'false', '0', 'n', 'no', '关', '关闭', '停用']);
const SPLIT = /[,，、;；]/;

function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const cut = (s: string) => (s.length > CELL_MAX ? s.slice(0, CELL_MAX) : s);


const labelled = (v: unknown, io: ExportContext) => splitMulti(v).map((x) => io.label(x)).join(',');

const TEXT: ExcelKind = {
  parse: (v) => ({ value: typeof v === 'number' && Number.isInteger(v) ? v.toFixed(0) : asText(v) }),
  format: (v, f, io) => {
    const s = typeof v === 'string' ? v : String(v);
    return cut(io.masked && f.sensitive === 'mask' ? String(maskValue(f.kind, s)) : s);
  },
};

const NUMBER: ExcelKind = {
  parse: (v) => {
    if (typeof v === 'number') return { value: v };
    const s = asText(v).replace(/[,，\s]/g, '').replace(/^[¥￥]/, '');
    return { value: /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s };
  },
  format: (v) => (typeof v === 'number' ? v : Number(v)),
};

const RELATION: ExcelKind = {
  parse: (v, f) => ({ labels: f.kind === 'refs' ? asText(v).split(SPLIT).map((s) => s.trim()).filter(Boolean) : [asText(v).trim()] }),
  format: (v, _f, io) => labelled(v, io),
};

/** Dates keep the stored text unless the field declares another display format. */
const dateFormat = (v: unknown, f: FieldSchema) => {
  const s = String(v);
  const fmt = f.format;
  if (!fmt || fmt === defaultFormat(f.kind) || f.kind === 'time') return s;
  const d = dayjs(s);
  return d.isValid() ? d.format(fmt) : s;
};

export const EXCEL_KINDS: Partial<Record<FieldKind, ExcelKind>> = {
  dict: {
    parse: (v, f, dict) => {
      const items = dict();
      const parts = f.multiple ? asText(v).split(SPLIT).map((s) => s.trim()).filter(Boolean) : [asText(v).trim()];
      const values: string[] = [];
      for (const p of parts) {
        const byText = items.filter((x) => x.text === p);
        const hit = byText.length === 1 ? byText[0] : byText.length === 0 ? items.find((x) => x.value === p) : undefined;
        if (byText.length > 1) return { error: `“${p}”对应多个选项，无法确定` };
        if (!hit) return { error: `“${p}”不是有效的选项` };
        values.push(hit.value);
      }
      return { value: values.join(',') };
    },
    format: (v, _f, io) => labelled(v, io),
  },
  ref: RELATION,
  refs: RELATION,
  treeRef: RELATION,
  boolean: {
    parse: (v) => {
      if (typeof v === 'boolean') return { value: v };
      const s = asText(v).trim().toLowerCase();
      if (TRUE.has(s)) return { value: true };
      if (FALSE.has(s)) return { value: false };
      return { error: '只能填写“是”或“否”' };
    },
    format: (v) => (v === true ? '是' : '否'),
  },
  integer: NUMBER,
  number: NUMBER,
  money: { ...NUMBER, format: (v) => Number(Number(v).toFixed(2)), numFmt: '0.00' },
  date: {
    parse: (v) => { const d = parseDate(v); return d ? { value: d } : { error: '日期格式不正确，应为YYYY-MM-DD' }; },
    format: dateFormat,
  },
  datetime: {
    parse: (v) => { const d = parseDateTime(v); return d ? { value: d } : { error: '时间格式不正确，应为YYYY-MM-DD HH:mm:ss' }; },
    format: dateFormat,
  },
  time: {
    parse: (v) => {
      const t = v instanceof Date ? utcTime(v) : typeof v === 'number' ? utcTime(serialDate(25569 + (v % 1))) : parseTime(asText(v));
      return t ? { value: t } : { error: '时间格式不正确，应为HH:mm:ss' };
    },
    format: dateFormat,
  },
  richtext: { ...TEXT, format: (v) => cut(plainText(String(v))) },
};

/** The converter of a field's kind (text when the kind registers none). */
export function excelKind(f: FieldSchema): ExcelKind {
  return EXCEL_KINDS[f.kind] ?? TEXT;
}
