/**
 * 数据日志: every write keeps the record's previous version and its new content; a record's
 * history lists the versions oldest first; the 数据日志 page lists them; readers of the module only.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';
import { diffVersions } from '../../src/core/projections/diff.js';
import positionSchema from '../../schemas/modules/sysPosition.json';
import type { FieldSchema } from '../../src/core/schema/types.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }
interface Version { id: string; version: number | null; op: string; username: string; content: Rec | null; before: Rec | null }

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
});
afterAll(async () => { await app.close(); });

const history = async (id: string, token = admin) => call<Version[]>(app, '/sys/dataLog/history', { token, query: { resource: 'sysPosition', id } });

it('add, two edits and a delete: each version with its content and the one before; a diff of two', async () => {
  const add = await call<string>(app, '/sys/position/add', { token: admin, body: { code: 'LOG-1', name: '病区主任', postRank: '4' } });
  expect(add.body.message).toBe('添加成功！');
  const id = String((await call<Page>(app, '/sys/position/list', { token: admin, query: { code: 'LOG-1' } })).body.result.records[0]!.id);
  const edit = async (change: Rec) => {
    const cur = (await call<Rec>(app, '/sys/position/queryById', { token: admin, query: { id } })).body.result;
    const r = await call(app, '/sys/position/edit', { method: 'PUT', token: admin, body: { id, version: cur.version, code: cur.code, name: cur.name, postRank: cur.postRank, description: cur.description, ...change } });
    expect(r.body.message).toBe('编辑成功！');
  };
  await edit({ name: '病区副主任' });
  await edit({ postRank: '5', description: '分管两个病区' });

  const h = (await history(id)).body.result;
  expect(h.map((v) => [v.op, v.version, v.username])).toEqual([['add', 1, 'admin'], ['edit', 2, 'admin'], ['edit', 3, 'admin']]);
  expect(h[0]!.before).toBeNull();
  expect(h[0]!.content).toMatchObject({ code: 'LOG-1', name: '病区主任', postRank: '4', version: 1 });
  // each write keeps the previous version
  expect(h[1]!.before).toMatchObject({ name: '病区主任', version: 1 });
  expect(h[1]!.content).toMatchObject({ name: '病区副主任', version: 2 });
  expect(h[2]!.before).toEqual(h[1]!.content);

  const rows = diffVersions(positionSchema.fields as FieldSchema[], h[0]!.content, h[2]!.content, true);
  expect(rows.map((r) => [r.key, r.left, r.right])).toEqual([['name', '病区主任', '病区副主任'], ['postRank', '4', '5'], ['description', '', '分管两个病区']]);

  const del = await call(app, '/sys/position/delete', { method: 'DELETE', token: admin, query: { id } });
  expect(del.body.success).toBe(true);
  const last = (await history(id)).body.result.at(-1)!;
  expect(last.op).toBe('delete');
  expect(last.content).toBeNull();
  expect(last.before).toMatchObject({ name: '病区副主任', postRank: '5' });

  const page = await call<Page>(app, '/sys/dataLog/list', { token: admin, query: { resource: 'sysPosition', recordId: id } });
  expect(page.body.result.records.map((r) => r.op).sort()).toEqual(['add', 'delete', 'edit', 'edit']);
});

it('only readers of the module read its history; an unknown module is named', async () => {
  const hosp = await login(app, 'hospadmin');
  const r = await call(app, '/sys/dataLog/history', { token: hosp, query: { resource: 'sysDict', id: '1' } });
  expect(r.status).toBe(403);
  const bad = await call(app, '/sys/dataLog/history', { token: admin, query: { resource: 'nope', id: '1' } });
  expect(bad.status).toBe(400);
  expect(bad.body.message).toBe('未知的模块：nope');
});

it("JeecgBoot's dataTable / dataId find a record's versions; queryCompareList returns two versions of one record, older first", async () => {
  await call(app, '/sys/position/add', { token: admin, body: { code: 'LOG-2', name: '药剂科主任', postRank: '4' } });
  const id = String((await call<Page>(app, '/sys/position/list', { token: admin, query: { code: 'LOG-2' } })).body.result.records[0]!.id);
  const cur = (await call<Rec>(app, '/sys/position/queryById', { token: admin, query: { id } })).body.result;
  await call(app, '/sys/position/edit', { method: 'PUT', token: admin, body: { id, version: cur.version, code: 'LOG-2', name: '药剂科副主任', postRank: '4' } });

  const page = await call<Page>(app, '/sys/dataLog/list', { token: admin, query: { dataTable: 'sysPosition', dataId: id } });
  expect(page.status).toBe(200);
  const versions = page.body.result.records;
  expect(versions.map((r) => [r.resource, r.recordId, r.op]).sort()).toEqual([['sysPosition', id, 'add'], ['sysPosition', id, 'edit']]);

  const [newer, older] = [versions.find((r) => r.op === 'edit')!, versions.find((r) => r.op === 'add')!];
  const cmp = await call<Rec[]>(app, '/sys/dataLog/queryCompareList', { token: admin, query: { dataId1: String(newer.id), dataId2: String(older.id) } });
  expect(cmp.status).toBe(200);
  expect(cmp.body.result.map((r) => r.op)).toEqual(['add', 'edit']);
  expect(JSON.parse(String(cmp.body.result[0]!.dataContent))).toMatchObject({ name: '药剂科主任' });
  expect(JSON.parse(String(cmp.body.result[1]!.dataContent))).toMatchObject({ name: '药剂科副主任' });

  // versions of different records are not compared; a missing one is not found; one id is not two
  const other = (await call<Page>(app, '/sys/dataLog/list', { token: admin, query: { dataTable: 'sysPosition' } })).body.result.records.find((r) => r.recordId !== id)!;
  const mixed = await call(app, '/sys/dataLog/queryCompareList', { token: admin, query: { dataId1: String(newer.id), dataId2: String(other.id) } });
  expect(mixed.status).toBe(400);
  expect(mixed.body.message).toBe('请选择相同的数据库表和数据ID进行比较');
  const gone = await call(app, '/sys/dataLog/queryCompareList', { token: admin, query: { dataId1: String(newer.id), dataId2: '1234567890123456789' } });
  expect(gone.status).toBe(404);
  expect(gone.body.message).toBe('未找到对应数据');
  const one = await call(app, '/sys/dataLog/queryCompareList', { token: admin, query: { dataId1: String(newer.id) } });
  expect(one.body.message).toBe('请选择两条数据');
  // another tenant's versions are not found
  const hosp = await login(app, 'hospadmin');
  expect((await call(app, '/sys/dataLog/queryCompareList', { token: hosp, query: { dataId1: String(newer.id), dataId2: String(older.id) } })).status).toBe(404);
});
