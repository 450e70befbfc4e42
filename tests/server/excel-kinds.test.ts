/** Spreadsheet conversions registered by field kind: what an imported cell becomes, what an exported cell shows. */
import { describe, expect, it } from 'vitest';
import { excelKind } from '../../src/server/excel/kinds.js';
import type { FieldKind, FieldSchema } from '../../src/core/schema/types.js';

const field = (kind: FieldKind, extra: Partial<FieldSchema> = {}): FieldSchema => ({ key: 'x', title: '字段', kind, ...extra });
const parse = (kind: FieldKind, v: string | number | boolean | Date | null, extra: Partial<FieldSchema> = {}) =>
  excelKind(field(kind, extra)).parse(v, field(kind, extra), () => [{ value: '1', text: '男' }, { value: '2', text: '女' }]);
const io = { label: (v: string) => ({ 1: '男', 2: '女' } as Record<string, string>)[v] ?? v, masked: true };

describe('Excel by field kind', () => {
  it('reads cells as a person types them', () => {
    expect(parse('money', '¥1,234.50')).toEqual({ value: 1234.5 });
    expect(parse('integer', 12)).toEqual({ value: 12 });
    expect(parse('boolean', '是')).toEqual({ value: true });
    expect(parse('boolean', '启用')).toEqual({ value: true });
    expect(parse('boolean', '也许')).toEqual({ error: '只能填写“是”或“否”' });
    expect(parse('date', 46027)).toEqual({ value: '2026-01-05' });
    expect(parse('date', '2026年1月5日')).toEqual({ value: '2026-01-05' });
    expect(parse('date', '2026-02-30')).toEqual({ error: '日期格式不正确，应为YYYY-MM-DD' });
    expect(parse('datetime', new Date(Date.UTC(2026, 0, 5, 9, 30)))).toEqual({ value: '2026-01-05 09:30:00' });
    expect(parse('dict', '女')).toEqual({ value: '2' });
    expect(parse('dict', '未知')).toEqual({ error: '“未知”不是有效的选项' });
    expect(parse('refs', '张三，李四')).toEqual({ labels: ['张三', '李四'] });
    expect(parse('string', 13800138000)).toEqual({ value: '13800138000' });
  });

  it('writes cells for people to read', () => {
    expect(excelKind(field('money')).format(12.5, field('money'), io)).toBe(12.5);
    expect(excelKind(field('money')).numFmt).toBe('0.00');
    expect(excelKind(field('boolean')).format(false, field('boolean'), io)).toBe('否');
    expect(excelKind(field('dict')).format('1,2', field('dict', { multiple: true }), io)).toBe('男,女');
    expect(excelKind(field('richtext')).format('<p>每日一次</p><p>饭后服用</p>', field('richtext'), io)).toBe('每日一次\n饭后服用');
    expect(excelKind(field('phone')).format('13800138000', field('phone', { sensitive: 'mask' }), io)).toBe('138****8000');
    expect(excelKind(field('date')).format('2026-01-05', field('date', { format: 'YYYY年MM月DD日' }), io)).toBe('2026年01月05日');
  });
});
