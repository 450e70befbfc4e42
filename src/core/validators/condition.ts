import type { Condition, ConditionValue } from '../schema/types.js';

/** Empty the way a form sees it: undefined, null, '', or an empty array. */
export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

// Compare as strings so a dict value '1' equals 1 and true equals 'true' (query strings, SQLite integers).
// An unset switch counts as false.
const same = (a: unknown, b: unknown) =>
  isEmptyValue(a) ? b === null || b === false : b !== null && String(a) === String(b);

/** True when `value` (possibly multi-valued: array or comma-joined) satisfies one condition value. */
export function matchConditionValue(cv: ConditionValue, value: unknown): boolean {
  if (cv !== null && typeof cv === 'object') {
    if ('in' in cv) return cv.in.some((x) => same(value, x));
    if ('ne' in cv) return !same(value, cv.ne);
    if ('empty' in cv) return isEmptyValue(value);
    if ('notEmpty' in cv) return !isEmptyValue(value);
    return false;
  }
  return same(value, cv);
}

/** AND of all keys. Used by Formily reactions (`$cond`) and the server validator alike. */
export function evaluateCondition(cond: Condition | undefined, values: Record<string, unknown>): boolean {
  if (!cond) return true;
  return Object.entries(cond).every(([k, cv]) => matchConditionValue(cv, values[k]));
}
