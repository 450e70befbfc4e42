import { expect, test } from 'vitest';
import { defaultFormat, ellipsis, maskValue, money, thousands } from '../../src/core/projections/display.js';
const maskPhone = (v: string) => maskValue('phone', v);
const maskIdCard = (v: string) => maskValue('idcard', v);

test('ellipsis', () => {
  expect(ellipsis('一二三四五六七八九十一二三四五六七八九十一二三四五六')).toBe('一二三四五六七八九十一二三四五六七八九十一二三四五...');
  expect(ellipsis('短文本')).toBe('短文本');
  expect(ellipsis('abcdef', 3)).toBe('abc...');
  expect(ellipsis(null)).toBe('');
});
test('thousands and money', () => {
  expect(thousands(1234567)).toBe('1,234,567');
  expect(thousands('-1234567.891')).toBe('-1,234,567.891');
  expect(thousands(999)).toBe('999');
  expect(thousands('abc')).toBe('abc');
  expect(money(1234.5)).toBe('1,234.50');
  expect(money('0')).toBe('0.00');
  expect(money(null)).toBe('');
});
test('masks', () => {
  expect(maskPhone('13800138000')).toBe('138****8000');
  expect(maskIdCard('110101199003078515')).toBe('110***********8515');
  expect(maskIdCard('110101900307851')).toBe('110********7851');
});
test('date formats', () => {
  expect(defaultFormat('date')).toBe('YYYY-MM-DD');
  expect(defaultFormat('datetime')).toBe('YYYY-MM-DD HH:mm:ss');
  expect(defaultFormat('time')).toBe('HH:mm:ss');
  expect(defaultFormat('string')).toBeUndefined();
});
