/**
 * What the projected validator refuses in any value, on client and server alike: dates that
 * are not on the calendar, times past 23:59:59, lone surrogates and control characters, values
 * made only of invisible characters for required fields, and values sent for fields that their
 * visibleWhen condition hides.
 */
import { describe, expect, test } from 'vitest';
import { createFieldsValidator } from '../../src/core/projections/validator.js';
import type { FieldSchema } from '../../src/core/schema/types.js';
import { checkFormat } from '../../src/core/validators/formats.js';

const fields: FieldSchema[] = [
  { key: 'name', title: '姓名', kind: 'string', required: true, maxLength: 32 },
  { key: 'birthday', title: '出生日期', kind: 'date' },
  { key: 'visitTime', title: '就诊时间', kind: 'datetime' },
  { key: 'startAt', title: '开始时间', kind: 'time' },
  { key: 'remark', title: '备注', kind: 'text', maxLength: 200 },
  { key: 'openType', title: '打开方式', kind: 'string' },
  { key: 'openPage', title: '打开页面', kind: 'string', visibleWhen: { openType: { notEmpty: true } } },
];
const validate = createFieldsValidator(fields, { mode: 'add' });
const message = (input: Record<string, unknown>) => {
  const r = validate({ name: '张三', ...input });
  return r.ok ? 'ok' : r.message;
};

describe('dates and times', () => {
  test.each(['2024-13-45', '2024-02-30', '2023-02-29', 'not-a-date', '2024-1-5', '20240105', '0000-01-01'])('date %s is refused', (v) => {
    expect(message({ birthday: v })).toBe('出生日期：请填写有效的日期（YYYY-MM-DD）');
  });
  test('a real date, a leap day, a date-time and a time pass', () => {
    expect(message({ birthday: '2024-02-29', visitTime: '2024-12-31 23:59:59', startAt: '08:30' })).toBe('ok');
    expect(message({ visitTime: '2024-12-31 08:00' })).toBe('ok');
  });
  test.each(['2024-12-31 24:00:00', '2024-02-30 08:00:00', '2024-12-31T08:00:00', '2024-12-31'])('date-time %s is refused', (v) => {
    expect(message({ visitTime: v })).toBe('就诊时间：请填写有效的日期时间（YYYY-MM-DD HH:mm:ss）');
  });
  test('a time past 23:59:59 is refused', () => {
    expect(message({ startAt: '25:00' })).toBe('开始时间：请填写有效的时间（HH:mm:ss）');
  });
  test('the same checks back the Formily format rule of the console', () => {
    expect(checkFormat('date', '2024-02-30')).toBe(false);
    expect(checkFormat('date', '2024-02-29')).toBe(true);
    expect(checkFormat('datetime', '2024-02-29 12:00:00')).toBe(true);
  });
});

describe('characters', () => {
  test('a lone surrogate is refused, a whole emoji is kept', () => {
    expect(message({ remark: 'abc\uD83D' })).toBe('备注：包含无效的字符（不完整的 Unicode 字符）');
    expect(message({ remark: '\uDE00abc' })).toBe('备注：包含无效的字符（不完整的 Unicode 字符）');
    expect(message({ remark: '好😀' })).toBe('ok');
  });
  test('control characters are refused; line breaks only in multi-line text', () => {
    expect(message({ remark: 'a\u0000b' })).toBe('备注：包含不允许的控制字符');
    expect(message({ remark: 'a\u001Bb' })).toBe('备注：包含不允许的控制字符');
    expect(message({ remark: '第一行\n第二行\t!' })).toBe('ok');
    expect(message({ name: '张\n三' })).toBe('姓名：包含不允许的控制字符');
  });
  test('a required value of spaces and zero-width characters only is empty', () => {
    expect(message({ name: '\u200B\u200C\u200D\uFEFF\u2060 ' })).toBe('姓名：请输入姓名!');
    expect(message({ name: '  ' })).toBe('姓名：请输入姓名!');
  });
});

describe('fields hidden by visibleWhen', () => {
  test('a value for a hidden field is refused, naming it', () => {
    const r = validate({ name: '张三', openPage: '/home' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toBe('打开页面：当前条件下不应填写');
      expect(r.errors).toEqual([{ field: 'openPage', message: '当前条件下不应填写' }]);
    }
  });
  test('an empty value for a hidden field is accepted and dropped; a shown one is kept', () => {
    const hidden = validate({ name: '张三', openPage: null });
    expect(hidden.ok && 'openPage' in hidden.value).toBe(false);
    const shown = validate({ name: '张三', openType: 'url', openPage: '/home' });
    expect(shown.ok && shown.value.openPage).toBe('/home');
  });
});
