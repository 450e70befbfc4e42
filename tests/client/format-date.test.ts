/**
 * A date cell of the server's own text (yyyy-MM-dd HH:mm:ss, or the date alone) is that text
 * cut to the column's format, the same as dayjs would write it; anything else goes through dayjs.
 */
import { expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatDate } from '../../src/client/engine/projections';

const FORMATS = ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD', 'MM-DD HH:mm', 'YYYY年MM月DD日'];

it('the server\'s date texts read as dayjs writes them, in every column format', () => {
  for (const value of ['2026-11-29 09:39:26', '2024-02-29 23:59:59', '2026-01-05', '1999-12-31 00:00:00']) {
    for (const format of FORMATS) expect(formatDate(value, format), `${value} as ${format}`).toBe(dayjs(value).format(format));
  }
});

it('other values: a time of day as sent, timestamps and ISO texts through dayjs, the unreadable as they are', () => {
  expect(formatDate('08:30:00', 'HH:mm:ss')).toBe('08:30:00');
  const ms = Date.UTC(2026, 10, 29, 1, 2, 3);
  expect(formatDate(ms, 'YYYY-MM-DD HH:mm:ss')).toBe(dayjs(ms).format('YYYY-MM-DD HH:mm:ss'));
  expect(formatDate('2026-11-29T09:39:26', 'YYYY-MM-DD HH:mm')).toBe('2026-11-29 09:39');
  expect(formatDate('2026-11-29 09:39:26.5', 'YYYY-MM-DD')).toBe('2026-11-29');
  expect(formatDate('不是日期', 'YYYY-MM-DD')).toBe('不是日期');
});
