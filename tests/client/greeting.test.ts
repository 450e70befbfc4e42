import { describe, expect, it } from 'vitest';
import { timeFix } from '../../src/client/state/greeting';

const at = (h: number, m = 0) => new Date(2026, 0, 1, h, m);

describe('greeting periods (seed §9)', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('%i h -> %s', (h, text) => {
    expect(timeFix(at(h, 30))).toBe(text);
  });
});
