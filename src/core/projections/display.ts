/** Display helpers shared by list cells, detail views and exports. */
import type { FieldKind } from '../schema/types.js';
import { KINDS } from '../kinds/index.js';

export const DEFAULT_ELLIPSIS = 25;

/** Cut text longer than `n` characters and append '...' (JeecgBoot filterMultiDictText/ellipsis). */
export function ellipsis(text: string | null | undefined, n: number = DEFAULT_ELLIPSIS): string {
  if (text === null || text === undefined) return '';
  const chars = Array.from(String(text)); // count code points, not UTF-16 units
  return chars.length > n ? chars.slice(0, n).join('') + '...' : chars.join('');
}

/** 1234567.891 -> '1,234,567.891'; non-numbers come back as given (as a string). */
export function thousands(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const s = String(value).trim();
  if (!/^-?\d+(\.\d+)?$/.test(s)) return s;
  const [int, frac] = s.split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac !== undefined ? `${grouped}.${frac}` : grouped;
}

/** Two decimals plus thousands separators: 1234.5 -> '1,234.50'. */
export function money(value: number | string | null | undefined, precision = 2): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  return thousands(n.toFixed(precision));
}

/** Masking is the field kind's (src/core/kinds): one definition for the client and the server. */
export { maskValue } from '../kinds/index.js';
export { DATE_FORMAT, DATETIME_FORMAT, TIME_FORMAT } from '../kinds/formats.js';

/** Default dayjs format of a date kind (undefined for other kinds). */
export function defaultFormat(kind: FieldKind): string | undefined {
  return KINDS[kind].dateFormat;
}
