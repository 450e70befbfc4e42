/** The JeecgBoot result envelope and its query conventions. */

export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  /**
   * True when the count stopped at the cap (COUNT_CAP): more rows match than `total` says.
   * The pager still pages through the first `total` rows; the console shows `10,000+`.
   */
  totalCapped?: boolean;
}

/** Lists count matching rows exactly up to this many; beyond it the page says `totalCapped`. */
export const COUNT_CAP = 10_000;

export function ok<T>(result: T, message = '操作成功！'): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

export function fail(code: number, message: string): Envelope<null> {
  return { success: false, message, code, result: null, timestamp: Date.now() };
}

/** Query conventions of list calls (JeecgBoot). */
export const QUERY = {
  pageNo: 'pageNo',
  pageSize: 'pageSize',
  column: 'column',
  order: 'order',
  /** `*x*` wraps a like value; `_begin`/`_end` suffix a range. */
  rangeBegin: '_begin',
  rangeEnd: '_end',
} as const;

export function likeValue(v: string): string {
  return `*${v}*`;
}

/** Reads a like value (`*x*`, `*x`, `x*`) back into its pattern parts. */
export function parseLike(v: string): { value: string; start: boolean; end: boolean } | null {
  if (!v.startsWith('*') && !v.endsWith('*')) return null;
  const start = v.startsWith('*');
  const end = v.endsWith('*') && v.length > 1;
  return { value: v.slice(start ? 1 : 0, end ? -1 : undefined), start, end };
}
