/** The table of field kinds: one descriptor per kind, masks, query values, search modes, system columns. */
import { describe, expect, it } from 'vitest';
import { KINDS, maskValue } from '../../src/core/kinds/index.js';
import { FIELD_KINDS, SYSTEM_COLUMNS, type FieldKind, type FieldSchema } from '../../src/core/schema/types.js';
import { SYSTEM_FIELDS } from '../../src/core/schema/system-columns.js';
import { requiredMessage } from '../../src/core/validators/rules.js';
import { parseListQuery } from '../../src/core/projections/query.js';

const field = (kind: FieldKind, extra: Partial<FieldSchema> = {}): FieldSchema => ({ key: 'x', title: '字段', kind, ...extra });

describe('field kinds', () => {
  it('has exactly one descriptor per kind of the schema language', () => {
    expect(Object.keys(KINDS).sort()).toEqual([...FIELD_KINDS].sort());
    for (const k of FIELD_KINDS) expect(KINDS[k].widget(field(k), { source: 'r' }).component, k).toMatch(/^[A-Z]/);
  });

  it('masks by kind, the same everywhere', () => {
    expect(maskValue('phone', '13800138000')).toBe('138****8000');
    expect(maskValue('idcard', '110101199003078515')).toBe('110***********8515');
    expect(maskValue('email', 'zhang.san@hospital.cn')).toBe('z***@hospital.cn');
    expect(maskValue('string', '张三丰')).toBe('张*丰');
    expect(maskValue('string', '宁夏回族自治区人民医院')).toBe('宁夏*******医院');
    expect(maskValue('phone', '')).toBe('');
  });

  it('says 请输入 / 请选择 / 请上传 by how a person fills the field', () => {
    expect(requiredMessage(field('string'))).toBe('请输入字段!');
    expect(requiredMessage(field('dict'))).toBe('请选择字段!');
    expect(requiredMessage(field('images'))).toBe('请上传字段!');
    expect(requiredMessage(field('phone'))).toBe('请输入手机号码!');
  });

  it('reads list-query values by kind and names the field when one is wrong', () => {
    const schema = { schemaVersion: 1, name: 'r', title: 'r', entity: 'r', fields: [
      field('money', { key: 'amount', title: '金额', search: 'range' }),
      field('boolean', { key: 'online', title: '在线', search: 'eq' }),
      field('datetime', { key: 'payTime', title: '支付时间', search: 'range' }),
    ] } as never;
    const q = parseListQuery(schema, { amount_begin: '10.5', online: 'true', payTime_begin: '2026-01-05', payTime_end: '2026-01-05' });
    expect(q.ok && q.value.filters.map((f) => [f.key, f.op, f.value])).toEqual([
      ['amount', 'gte', 10.5], ['online', 'eq', 1], ['payTime', 'gte', '2026-01-05 00:00:00'], ['payTime', 'lte', '2026-01-05 23:59:59'],
    ]);
    const bad = parseListQuery(schema, { payTime_begin: '2026-02-30' });
    expect(bad.ok ? '' : bad.message).toBe('查询条件“支付时间”应为时间（YYYY-MM-DD HH:mm:ss）');
  });

  it('allows range search only on ordered kinds and no search on uploads, editors and secrets', () => {
    expect(KINDS.date.searchModes).toContain('range');
    expect(KINDS.string.searchModes).not.toContain('range');
    for (const k of ['image', 'images', 'file', 'richtext', 'json', 'password'] as const) expect(KINDS[k].searchModes, k).toEqual([]);
  });

  it('defines the system columns once, for every projection', () => {
    expect(SYSTEM_FIELDS.map((c) => c.key)).toEqual([...SYSTEM_COLUMNS]);
    expect(SYSTEM_FIELDS.find((c) => c.key === 'createTime')).toMatchObject({ column: 'create_time', title: '创建时间' });
  });
});
