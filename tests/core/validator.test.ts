import { describe, expect, test } from 'vitest';
import { createValidator, toJsonSchema, createFieldsValidator } from '../../src/core/projections/validator.js';
import type { ResourceSchema } from '../../src/core/schema/types.js';
import { createRegistry } from '../../src/core/schema/registry.js';
import { dicts, hisDoctor, registry, resources } from './fixtures.js';

const good = { realname: '张三', sex: '1', phone: '13800138000', idCard: '110101199003078515', hospitalId: 'h1' };

describe('createValidator', () => {
  const add = createValidator(hisDoctor, 'add', registry);
  test('valid payload: defaults, multi-valued joined, strip system and _dictText', () => {
    const r = add({ ...good, departIds: ['d1', 'd2'], createTime: 'x', tenantId: 9, sex_dictText: '男', auditStatus: '1' });
    expect(r).toEqual({ ok: true, value: { ...good, departIds: 'd1,d2', onlineSwitch: false, auditStatus: '0' } });
  });
  test('messages name the field', () => {
    const r = add({ ...good, phone: '12345' });
    expect(r).toEqual({ ok: false, errors: [{ field: 'phone', message: '手机号码格式不正确!' }], message: '手机号：手机号码格式不正确!' });
    expect(add({ ...good, idCard: '110101199003078514' })).toMatchObject({ message: '身份证号：身份证号码格式不正确!' });
    expect(add({ ...good, realname: 'x'.repeat(33) })).toMatchObject({ message: '姓名：姓名长度不能超过32个字符' });
    expect(add({ ...good, phone: '' })).toMatchObject({ message: '手机号：请输入手机号码!' });
    expect(add({ ...good, sex: '9' })).toMatchObject({ message: '性别：性别的取值无效' });
    expect(add({ ...good, foo: 1 })).toMatchObject({ errors: [{ field: 'foo', message: '未知字段：foo' }], message: '未知字段：foo' });
    expect(add('x')).toMatchObject({ ok: false });
  });
  test('errors in field order', () => {
    const r = add({ phone: 'x' });
    expect(r.ok === false && r.errors.map((e) => e.field)).toEqual(['realname', 'sex', 'phone', 'idCard', 'hospitalId']);
  });
  test('requiredWhen / visibleWhen', () => {
    expect(add({ ...good, onlineSwitch: true })).toMatchObject({ message: '图文问诊价格：请输入图文问诊价格!' });
    expect(add({ ...good, onlineSwitch: true, imagePrice: '12.5' })).toMatchObject({ ok: true, value: { imagePrice: 12.5 } });
    expect(add({ ...good, onlineSwitch: true, imagePrice: 1.234 })).toMatchObject({ message: '图文问诊价格：图文问诊价格最多2位小数' });
    expect(add({ ...good, onlineSwitch: true, imagePrice: -1 })).toMatchObject({ message: '图文问诊价格：图文问诊价格不能小于0' });
    const hiddenPrice = add({ ...good, onlineSwitch: false, imagePrice: -1 });
    expect(hiddenPrice.ok && 'imagePrice' in hiddenPrice.value).toBe(false);
  });
  test('edit mode needs id, keeps readOnly out, caches', () => {
    const edit = createValidator(hisDoctor, 'edit', registry);
    expect(edit(good)).toMatchObject({ ok: false, errors: [{ field: 'id' }] });
    expect(edit({ ...good, id: '1', auditStatus: '1' })).toEqual({ ok: true, value: { ...good, id: '1' } });
    expect(createValidator(hisDoctor, 'edit', registry)).toBe(edit);
  });
  test('writeOnly: required on add, optional on edit', () => {
    const user: ResourceSchema = { schemaVersion: 1, name: 'sysUser', title: '用户', entity: '用户', fields: [
      { key: 'username', title: '用户名', kind: 'string', required: true },
      { key: 'password', title: '密码', kind: 'password', required: true, writeOnly: true },
    ] };
    expect(createValidator(user, 'add')({ username: 'a' })).toMatchObject({ message: '密码：请输入密码!' });
    expect(createValidator(user, 'add')({ username: 'a', password: 'abc' })).toMatchObject({ message: '密码：密码由大写字母、小写字母、数字和特殊符号组成，且不少于10位!' });
    expect(createValidator(user, 'edit')({ id: '1', username: 'a', password: '' })).toEqual({ ok: true, value: { id: '1', username: 'a' } });
  });
  test('children rows', () => {
    const item: ResourceSchema = { schemaVersion: 1, name: 'rxItem', title: '明细', entity: '明细', fields: [
      { key: 'rxId', title: '处方', kind: 'string', required: true },
      { key: 'qty', title: '数量', kind: 'integer', required: true, min: 1 },
    ] };
    const rx: ResourceSchema = { schemaVersion: 1, name: 'rx', title: '处方', entity: '处方', fields: [{ key: 'no', title: '处方号', kind: 'string' }],
      children: [{ key: 'items', title: '药品明细', resource: 'rxItem', foreignKey: 'rxId' }] };
    const reg = createRegistry([...resources, item, rx], dicts);
    const v = createValidator(rx, 'add', reg);
    expect(v({ no: '1', items: [{ qty: 2 }] })).toEqual({ ok: true, value: { no: '1', items: [{ qty: 2 }] } });
    expect(v({ no: '1', items: [{ qty: 2 }, { qty: 0 }] })).toMatchObject({ ok: false, errors: [{ field: 'items[1].qty', message: '药品明细第2行：数量：数量不能小于1' }] });
  });
  test('transition forms', () => {
    const reject = createFieldsValidator(hisDoctor.states!.transitions[1]!.form!, { mode: 'add' });
    expect(reject({})).toMatchObject({ message: '驳回原因：请输入驳回原因!' });
  });
});

test('toJsonSchema', () => {
  const s = toJsonSchema(hisDoctor, 'add', registry) as { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean };
  expect(s.additionalProperties).toBe(false);
  expect(s.required).toEqual(['realname', 'sex', 'phone', 'idCard', 'hospitalId']);
  expect(s.properties.phone).toEqual({ type: ['string', 'null'], title: '手机号', format: 'phone' });
  expect(s.properties.auditStatus).toBeUndefined();
  expect((toJsonSchema(hisDoctor, 'edit') as { required: string[] }).required[0]).toBe('id');
});
