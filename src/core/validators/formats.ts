/**
 * Format checks shared by client (Formily) and server (ajv). Regexes are exported for
 * `registerValidateFormats`; idcard needs a check digit and a real date, so use `checkFormat`.
 */

/** Mainland mobile: 11 digits, operator prefixes only. */
export const PHONE_PATTERN = /^1(3\d|4[5-9]|5[0-35-9]|6[2567]|7[0-8]|8\d|9[0-35-9])\d{8}$/;
/** ID card shape only (15 digits, or 17 digits + digit/X); `isIdCard` adds the real checks. */
export const IDCARD_PATTERN = /^(\d{15}|\d{17}[\dXx])$/;
export const URL_PATTERN = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** >= 10 characters with a letter, a digit and a special character. */
export const PASSWORD_PATTERN = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z0-9\s]).{10,}$/;

function realDate(y: number, m: number, d: number): boolean {
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d && dt.getTime() <= Date.now();
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** GB 11643: 18-digit with a valid check digit and birth date; 15-digit (first generation) with a valid 19yy date. */
export function isIdCard(value: string): boolean {
  if (!IDCARD_PATTERN.test(value)) return false;
  if (value.length === 15) {
    return realDate(1900 + Number(value.slice(6, 8)), Number(value.slice(8, 10)), Number(value.slice(10, 12)));
  }
  const year = Number(value.slice(6, 10));
  if (year < 1800 || !realDate(year, Number(value.slice(10, 12)), Number(value.slice(12, 14)))) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11] === value[17]!.toUpperCase();
}

/** A real calendar date `YYYY-MM-DD` (2024-02-30 and 2024-13-45 are not). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1000 && dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** A time of day `HH:mm` or `HH:mm:ss`, 00:00:00 to 23:59:59. */
export function isTimeOfDay(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value);
}

/** A real date and time `YYYY-MM-DD HH:mm:ss` (seconds may be left out). */
export function isDateTime(value: string): boolean {
  const i = value.indexOf(' ');
  return i === 10 && isCalendarDate(value.slice(0, 10)) && isTimeOfDay(value.slice(11));
}

export type FormatName = 'phone' | 'idcard' | 'url' | 'email' | 'password' | 'date' | 'datetime' | 'time';
export const FORMAT_NAMES: readonly FormatName[] = ['phone', 'idcard', 'url', 'email', 'password', 'date', 'datetime', 'time'];

/**
 * Regexes for Formily's `registerValidateFormats(VALIDATE_FORMATS)`. Formily formats are
 * regex-only, so `idcard` here is the shape; the client should also override the `format`
 * rule: `registerValidateRules({ format: formatRule })` (see rules.ts) for the full check.
 */
export const VALIDATE_FORMATS: Record<FormatName, RegExp> = {
  phone: PHONE_PATTERN,
  idcard: IDCARD_PATTERN,
  url: URL_PATTERN,
  email: EMAIL_PATTERN,
  password: PASSWORD_PATTERN,
  date: /^\d{4}-\d{2}-\d{2}$/,
  datetime: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/,
  time: /^\d{2}:\d{2}(:\d{2})?$/,
};

/** Full checks where a shape is not enough (check digits, real calendar dates). */
const FULL_CHECKS: Partial<Record<FormatName, (v: string) => boolean>> = {
  idcard: isIdCard,
  date: isCalendarDate,
  datetime: isDateTime,
  time: isTimeOfDay,
};

export function checkFormat(format: FormatName, value: string): boolean {
  const full = FULL_CHECKS[format];
  return full ? full(value) : VALIDATE_FORMATS[format].test(value);
}
