/**
 * 系统管理 over the server's own tables: dictionaries edited in the console reach getDictItems
 * and every `_dictText` at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }

let app: FastifyInstance;
let admin: string;
let hospadmin: string;
beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
  hospadmin = await login(app, 'hospadmin');
});
afterAll(async () => { await app.close(); });

async function dictByCode(code: string): Promise<Rec> {
  const r = await call<Page>(app, '/sys/dict/list', { token: admin, query: { dictCode: code } });
  expect(r.status).toBe(200);
  const row = r.body.result.records.find((d) => d.dictCode === code);
  expect(row, `dictionary ${code} is listed`).toBeTruthy();
  const full = await call<Rec>(app, '/sys/dict/queryById', { token: admin, query: { id: String(row!.id) } });
  return full.body.result;
}

async function items(code: string, token = hospadmin) {
  return call<Array<{ value: string; text: string }>>(app, `/sys/dict/getDictItems/${code}`, { token });
}

describe('数据字典', () => {
  it('lists the schema dictionaries with their items for the platform', async () => {
    const sex = await dictByCode('sex');
    expect(sex.dictName).toBe('性别');
    const rows = sex.items as Rec[];
    expect(rows.map((i) => [i.itemValue, i.itemText])).toEqual(expect.arrayContaining([['1', '男'], ['2', '女']]));
  });

  it('an item renamed, added or disabled in the console shows at once in getDictItems and _dictText', async () => {
    const before = await call<Page>(app, '/sys/user/list', { token: admin, query: { sex: '1', pageSize: 1 } });
    expect(before.body.result.records[0]?.sex_dictText).toBe('男');

    const sex = await dictByCode('sex');
    const rows = (sex.items as Rec[]).map((i) => ({ ...i }));
    const male = rows.find((i) => i.itemValue === '1')!;
    male.itemText = '男性';
    const female = rows.find((i) => i.itemValue === '2')!;
    female.status = '0';
    rows.push({ itemText: '其他', itemValue: '3', sortOrder: 9, status: '1' });
    const e = await call(app, '/sys/dict/edit', { method: 'PUT', token: admin, body: { id: sex.id, version: sex.version, dictName: sex.dictName, description: sex.description, items: rows } });
    expect(e.body.message).toBe('编辑成功！');

    const got = await items('sex');
    const offered = got.body.result.map((i) => [i.value, i.text]);
    expect(offered).toContainEqual(['1', '男性']);
    expect(offered).toContainEqual(['3', '其他']);
    expect(offered.map(([v]) => v)).not.toContain('2');

    const male2 = await call<Page>(app, '/sys/user/list', { token: admin, query: { sex: '1', pageSize: 1 } });
    expect(male2.body.result.records[0]?.sex_dictText).toBe('男性');
    // a disabled item is no longer offered, but stored values keep their label
    const female2 = await call<Page>(app, '/sys/user/list', { token: admin, query: { sex: '2', pageSize: 1 } });
    expect(female2.body.result.records[0]?.sex_dictText).toBe('女');
  });

  it('a dictionary in the recycle bin is not offered; restored, it is again', async () => {
    const d = await dictByCode('blood_abo');
    const r = await call(app, '/sys/dict/recycle', { method: 'PUT', token: admin, body: { id: d.id } });
    expect(r.body.success).toBe(true);
    const gone = await items('blood_abo');
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('字典不存在：blood_abo');
    const back = await call(app, '/sys/dict/restore', { method: 'PUT', token: admin, body: { id: d.id } });
    expect(back.body.success).toBe(true);
    expect((await items('blood_abo')).body.result.length).toBeGreaterThan(0);
  });

  it('an item value is unique within its dictionary, not across dictionaries', async () => {
    const sex = await dictByCode('sex');
    const rows = [...(sex.items as Rec[]), { itemText: '重复', itemValue: '1', sortOrder: 20, status: '1' }];
    const e = await call(app, '/sys/dict/edit', { method: 'PUT', token: admin, body: { id: sex.id, version: sex.version, dictName: sex.dictName, items: rows } });
    expect(e.status).toBe(400);
    expect(e.body.message).toMatch(/数据值：该值不可用，系统中已存在！$/);
    expect((await items('sex')).body.result.filter((i) => i.value === '1')).toHaveLength(1);
    const other = await call(app, '/sys/dict/add', { token: admin, body: { dictName: '是否吸烟', dictCode: 'smoke_yn', items: [{ itemText: '是', itemValue: '1', status: '1' }, { itemText: '否', itemValue: '0', status: '1' }] } });
    expect(other.body.success).toBe(true);
    expect((await items('smoke_yn')).body.result.map((i) => i.text)).toEqual(['是', '否']);
  });

  it('refuses a duplicate code and a malformed item value, naming the field', async () => {
    const dup = await call(app, '/sys/dict/add', { token: admin, body: { dictName: '性别2', dictCode: 'sex' } });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('字典编码');
    const bad = await call(app, '/sys/dict/add', { token: admin, body: { dictName: '测试', dictCode: 'bad_items', items: [{ itemText: '甲', itemValue: 'a,b', status: '1' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('数据值不能包含逗号或空白');
  });

  it('is not a hospital page', async () => {
    const r = await call(app, '/sys/dict/list', { token: hospadmin });
    expect(r.status).toBe(403);
  });
});
