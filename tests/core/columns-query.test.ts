import { describe, expect, test } from 'vitest';
import { toColumns, toSearchFields } from '../../src/core/projections/columns.js';
import { buildListQuery, parseListQuery } from '../../src/core/projections/query.js';
import type { ResourceSchema } from '../../src/core/schema/types.js';
import { hisDoctor, registry } from './fixtures.js';

describe('toColumns', () => {
  const cols = toColumns(hisDoctor, registry);
  test('order from list.columns, then hidden extras', () => {
    expect(cols.filter((c) => !c.hideInTable).map((c) => c.key)).toEqual(['realname', 'sex', 'phone', 'hospitalId', 'title', 'auditStatus', 'createTime']);
    expect(cols.filter((c) => c.hideInTable).map((c) => c.key)).toEqual(['departIds', 'onlineSwitch', 'imagePrice']);
    expect(JSON.parse(JSON.stringify(cols))).toEqual(cols); // plain data
  });
  test('column specs', () => {
    const by = Object.fromEntries(cols.map((c) => [c.key, c]));
    expect(by.realname).toMatchObject({ title: '姓名', dataIndex: 'realname', displayIndex: 'realname', valueType: 'text', ellipsis: 25, width: 100, fixed: 'left', sortable: false });
    expect(by.sex).toMatchObject({ displayIndex: 'sex_dictText', valueType: 'select', dict: 'sex' });
    expect(by.hospitalId).toMatchObject({ displayIndex: 'hospitalId_dictText', ref: 'hisHospital' });
    expect(by.departIds).toMatchObject({ displayIndex: 'departIds_dictText', multiple: true });
    expect(by.phone).toMatchObject({ mask: true });
    expect(by.imagePrice).toMatchObject({ valueType: 'money', ellipsis: false });
    expect(by.createTime).toMatchObject({ title: '创建时间', valueType: 'dateTime', sortable: true, format: 'YYYY-MM-DD HH:mm:ss' });
  });
  test('without list.columns: every listed field', () => {
    const s: ResourceSchema = { ...hisDoctor, list: undefined };
    expect(toColumns(s).map((c) => c.key)).toEqual(['realname', 'sex', 'phone', 'hospitalId', 'departIds', 'title', 'onlineSwitch', 'imagePrice', 'auditStatus']);
  });
  test('search fields', () => {
    expect(toSearchFields(hisDoctor).map((f) => [f.key, f.mode, f.valueType, f.dict ?? f.ref ?? ''])).toEqual([
      ['realname', 'like', 'text', ''], ['sex', 'eq', 'select', 'sex'], ['phone', 'like', 'text', ''],
      ['hospitalId', 'eq', 'select', 'hisHospital'], ['title', 'eq', 'select', 'doctor_title'], ['auditStatus', 'eq', 'select', 'audit_status'],
    ]);
  });
});

const withRange: ResourceSchema = {
  ...hisDoctor,
  fields: [...hisDoctor.fields,
    { key: 'birthday', title: '出生日期', kind: 'date', search: 'range' },
    { key: 'age', title: '年龄', kind: 'integer', search: 'in', list: { sortable: true } },
    { key: 'lastLogin', title: '最后登录', kind: 'datetime', search: 'range' }],
};

describe('buildListQuery', () => {
  test('JeecgBoot conventions, empty values dropped', () => {
    expect(buildListQuery(withRange, {
      values: { realname: '张', sex: '1', phone: '', hospitalId: undefined, age: [30, 40], birthday: ['1990-01-01', null] },
      sort: { field: 'age', order: 'asc' }, pageNo: 2, pageSize: 20,
    })).toEqual({ realname: '*张*', sex: '1', age: '30,40', birthday_begin: '1990-01-01', column: 'age', order: 'asc', pageNo: '2', pageSize: '20' });
    expect(buildListQuery(hisDoctor, {})).toEqual({ column: 'createTime', order: 'desc', pageNo: '1', pageSize: '10' });
  });
  test('round trip through parseListQuery', () => {
    const q = buildListQuery(withRange, { values: { realname: '张', age: [30, 40], lastLogin: ['2024-01-01', '2024-01-31'] } });
    const r = parseListQuery(withRange, { ...q, _t: '1700000000' });
    expect(r).toEqual({ ok: true, value: {
      filters: [
        { column: 'realname', key: 'realname', op: 'like', value: '张' },
        { column: 'age', key: 'age', op: 'in', value: [30, 40] },
        { column: 'last_login', key: 'lastLogin', op: 'gte', value: '2024-01-01 00:00:00' },
        { column: 'last_login', key: 'lastLogin', op: 'lte', value: '2024-01-31 23:59:59' },
      ],
      sort: { column: 'create_time', key: 'createTime', order: 'desc' }, pageNo: 1, pageSize: 10,
    } });
  });
});

describe('parseListQuery', () => {
  test('rejects undeclared keys', () => {
    expect(parseListQuery(hisDoctor, { idCard: '1' })).toEqual({ ok: false, message: '不支持的查询条件：idCard' });
    expect(parseListQuery(hisDoctor, { column: 'phone' })).toEqual({ ok: false, message: '不支持的排序字段：phone' });
    expect(parseListQuery(hisDoctor, { column: 'password; drop table' })).toEqual({ ok: false, message: '不支持的排序字段：password; drop table' });
    expect(parseListQuery(withRange, { birthday: '1990-01-01' })).toEqual({ ok: false, message: '不支持的查询条件：birthday' });
    expect(parseListQuery(hisDoctor, { realname_begin: 'a' })).toEqual({ ok: false, message: '不支持的查询条件：realname_begin' });
    expect(parseListQuery(hisDoctor, { order: 'up' })).toEqual({ ok: false, message: '不支持的排序方式：up' });
  });
  test('searchAlias: the other parameter name filters the field as its own key does', () => {
    const aliased: ResourceSchema = { ...hisDoctor, fields: hisDoctor.fields.map((f) => (f.key === 'realname' ? { ...f, searchAlias: 'name' } : f)) };
    const own = parseListQuery(aliased, { realname: '*张*' });
    const alias = parseListQuery(aliased, { name: '*张*' });
    expect(alias).toEqual(own);
    expect(alias.ok && alias.value.filters).toEqual([{ column: 'realname', key: 'realname', op: 'like', value: '张' }]);
    expect(parseListQuery(hisDoctor, { name: '张' })).toEqual({ ok: false, message: '不支持的查询条件：name' });
  });
  test('types values', () => {
    expect(parseListQuery(withRange, { age: '30,abc' })).toEqual({ ok: false, message: '查询条件“年龄”应为整数' });
    expect(parseListQuery(withRange, { birthday_begin: '1990-02-30' })).toEqual({ ok: false, message: '查询条件“出生日期”应为日期（YYYY-MM-DD）' });
    expect(parseListQuery(hisDoctor, { pageNo: '0' })).toEqual({ ok: false, message: 'pageNo 应为正整数' });
  });
  test('sort, paging, multi-valued', () => {
    const r = parseListQuery(withRange, { column: 'age', order: 'asc', pageNo: '3', pageSize: '100000', field: 'id,,realname' });
    expect(r.ok && r.value).toMatchObject({ sort: { column: 'age', key: 'age', order: 'asc' }, pageNo: 3, pageSize: 1000 });
    const multi: ResourceSchema = { ...hisDoctor, fields: hisDoctor.fields.map((f) => (f.key === 'departIds' ? { ...f, search: 'eq' as const } : f)) };
    const m = parseListQuery(multi, { departIds: 'd1' });
    expect(m.ok && m.value.filters).toEqual([{ column: 'depart_ids', key: 'departIds', op: 'eq', value: 'd1', multiValued: true }]);
  });
});
