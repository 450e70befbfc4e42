/** Display helpers shared by list cells, detail views and exports. */
import type { FieldKind } from '../schema/types.js';

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

/** 13800138000 -> 138****8000 (keep 3 + 4). */
export function maskPhone(value: string | null | undefined): string {
  if (!value) return '';
  const s = String(value);
  return s.length >= 7 ? s.slice(0, 3) + '*'.repeat(s.length - 7) + s.slice(-4) : s;
}

/** 110101199003078515 -> 110***********8515 (keep first 3 / last 4). */
export function maskIdCard(value: string | null | undefined): string {
  if (!value) return '';
  const s = String(value);
  return s.length > 7 ? s.slice(0, 3) + '*'.repeat(s.length - 7) + s.slice(-4) : s;
}

/** Mask by kind: phone / idcard as above, anything else keeps first and last character. */
export function maskValue(kind: FieldKind, value: string | null | undefined): string {
  if (!value) return '';
  if (kind === 'phone') return maskPhone(value);
  if (kind === 'idcard') return maskIdCard(value);
  const s = String(value);
  return s.length <= 2 ? '*'.repeat(s.length) : s[0] + '*'.repeat(s.length - 2) + s[s.length - 1];
}

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';

/** Default dayjs format of a date kind (undefined for other kinds). */
export function defaultFormat(kind: FieldKind): string | undefined {
  return kind === 'date' ? DATE_FORMAT : kind === 'datetime' ? DATETIME_FORMAT : kind === 'time' ? TIME_FORMAT : undefined;
}
