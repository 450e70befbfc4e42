/**
 * What one field kind is, in one place: how it is stored, how a person fills it (and so its
 * required message), which format and limits the validator checks, its form widget, how a
 * sensitive value of it is masked, whether a spreadsheet can fill it. The client and the
 * server look kinds up here; their own renderers and converters register against the kind.
 */
import type { FieldSchema, PlatformService, SearchMode } from '../schema/types.js';
import type { Registry } from '../schema/registry.js';
import type { FormatName } from '../validators/formats.js';

/**
 * Column storage of a value. `fen`: a whole number of hundredths of the API value (money: yuan
 * on the wire, integer fen in the column; src/core/kinds/fen.ts converts exactly).
 */
export type Storage = 'text' | 'integer' | 'real' | 'bool' | 'fen';
/** What a person does to fill the field: the required message says 请输入 / 请选择 / 请上传. */
export type InputAction = 'type' | 'choose' | 'upload';

export interface WidgetContext {
  /** Resource whose form this is (names the relation for GET /sys/ref/options). */
  source: string;
  registry?: Registry;
}

export interface WidgetSpec {
  /** Formily component name (@formily/antd-v5 or one the client registers). */
  component: string;
  /** Formily value type. */
  type: 'string' | 'number' | 'boolean';
  props?: Record<string, unknown>;
}

/** How a list cell shows the value (the list column's value type). */
export type CellType =
  | 'text' | 'textarea' | 'digit' | 'money' | 'date' | 'dateTime' | 'time' | 'select' | 'switch'
  | 'image' | 'images' | 'file' | 'link' | 'color' | 'icon' | 'json' | 'richtext';

/** A list-query value read by its kind: the typed value, or what is wrong with it. */
export type QueryValue = { ok: true; value: unknown } | { ok: false; what: string };

export interface KindDescriptor {
  cell: CellType;
  /**
   * Reads a list-query value (`k=v`, `k_begin` / `k_end`); `edge` widens a bare date or time to
   * the start or end of its span. Without it the text is taken as it is.
   */
  queryValue?(raw: string, edge?: 'begin' | 'end'): QueryValue;
  /** Search modes a field of this kind may declare (range only for ordered kinds). */
  searchModes: readonly SearchMode[];
  storage: Storage;
  input: InputAction;
  /** A required message of its own (phone, ID card) instead of 请输入<title>!. */
  requiredMessage?: string;
  /** minLength / maxLength apply. */
  text?: boolean;
  /** min / max apply; integer: whole numbers, decimal: with a precision (default 10). */
  numeric?: 'integer' | 'decimal';
  /** Default decimals of a decimal kind (money: 2). */
  precision?: number;
  /** Format the validator checks, on the client and the server alike. */
  format?: FormatName;
  /** dayjs display format of a date kind. */
  dateFormat?: string;
  /** Takes a whole row of the form. */
  wide?: boolean;
  /** No placeholder on the form (switches, uploads, editors). */
  noPlaceholder?: boolean;
  /** The form widget. */
  widget(f: FieldSchema, ctx: WidgetContext): WidgetSpec;
  /** A masked view of a sensitive value; without it the first and last characters stay. */
  mask?(value: string): string;
  /** A spreadsheet can fill it on import. */
  importable: boolean;
  /** Holds several values, comma-joined on the wire (always, or when the field says `multiple`). */
  multiValued?: true | 'whenMultiple';
  /** Comes back with a `<key>_dictText` label (dictionary and relation kinds). */
  labelled?: boolean;
  /**
   * The platform service whose module every field of this kind names (the region tree): a
   * schema set holding such a field must hold a module declaring `serves` it; the field's options
   * are that module's rows, `value` stored and `label` shown.
   */
  relation?: { service: PlatformService; value: string; label: string };
}

export function minMax(f: FieldSchema): Record<string, number> {
  return { ...(f.min !== undefined ? { min: f.min } : {}), ...(f.max !== undefined ? { max: f.max } : {}) };
}

/** Props of a relation widget: the relation by source + field, the target's label and value. */
export function refProps(f: FieldSchema, ctx: WidgetContext): Record<string, unknown> {
  const ref = f.ref;
  const named = { source: ctx.source, field: f.key };
  return ref ? { ...named, resource: ref.resource, label: ref.label, value: ref.value ?? 'id', ...(ref.filter ? { filter: ref.filter } : {}) } : named;
}

/** A real calendar date (2026-02-30 is not one). */
export function realDate(s: string): boolean {
  const [y, m, d] = s.slice(0, 10).split('-').map(Number);
  const dt = new Date(Date.UTC(y!, m! - 1, d!));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m! - 1 && dt.getUTCDate() === d;
}

export const TEXT_SEARCH: readonly SearchMode[] = ['eq', 'like', 'in'];
export const ORDERED_SEARCH: readonly SearchMode[] = ['eq', 'like', 'in', 'range'];
export const NO_SEARCH: readonly SearchMode[] = [];
