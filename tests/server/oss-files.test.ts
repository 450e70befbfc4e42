/**
 * 文件管理: every upload is listed with its uploader, size and type; the detail names the records
 * that use the file; a used file cannot be deleted (Chinese message naming them); an unused one
 * is deleted with its bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, tempDir, testApp } from './helpers.js';
import { PNG, upload } from './files.multipart.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }

let app: FastifyInstance;
const dataDir = tempDir('hosp-oss-');
let admin: string;
beforeAll(async () => {
  app = await testApp({ dataDir });
  admin = await login(app, 'admin');
});
afterAll(async () => {
  await app.close();
});

async function editUser(id: string, change: Rec) {
  const full = (await call<Rec>(app, '/sys/user/queryById', { token: admin, query: { id } })).body.result;
  const body: Rec = {};
  for (const [k, v] of Object.entries(full)) if (!k.endsWith('_dictText') && !['createBy', 'createTime', 'updateBy', 'updateTime', 'tenantId', '_transitions'].includes(k)) body[k] = v;
  const r = await call(app, '/sys/user/edit', { method: 'PUT', token: admin, body: { ...body, ...change } });
  expect(r.body.message).toBe('编辑成功！');
}

it('lists an upload, names the records using it, refuses deleting it while used, deletes it once unused', async () => {
  const up = await upload(app, '/sys/common/upload', [{ name: 'file', filename: '头像.png', type: 'image/png', data: PNG }], { token: admin, query: { biz: 'avatar' } });
  const key = up.body.result as string;
  const listed = await call<Page>(app, '/sys/oss/file/list', { token: admin, query: { biz: 'avatar' } });
  const row = listed.body.result.records.find((r) => r.url === key)!;
  expect(row).toMatchObject({ fileName: '头像.png', fileType: 'png', fileSize: PNG.length, uploader: 'admin', biz: 'avatar' });

  const unused = await call<Rec>(app, '/sys/oss/file/queryById', { token: admin, query: { id: String(row.id) } });
  expect(unused.body.result.usedBy).toBe('未被引用');

  const users = (await call<Page>(app, '/sys/user/list', { token: admin, query: { username: 'yunying' } })).body.result.records;
  const yunying = String(users[0]!.id);
  await editUser(yunying, { avatar: key });
  const used = await call<Rec>(app, '/sys/oss/file/queryById', { token: admin, query: { id: String(row.id) } });
  expect(used.body.result.usedBy).toBe(`用户管理 1 条（${yunying}）`);
  const refused = await call(app, '/sys/oss/file/delete', { method: 'DELETE', token: admin, query: { id: String(row.id) } });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe(`文件正被引用，不能删除：用户管理 1 条（${yunying}）`);
  expect(fs.existsSync(path.join(dataDir, 'upload', key))).toBe(true);

  await editUser(yunying, { avatar: '' });
  const done = await call(app, '/sys/oss/file/delete', { method: 'DELETE', token: admin, query: { id: String(row.id) } });
  expect(done.body.message).toBe('删除成功！');
  expect((await call<Page>(app, '/sys/oss/file/list', { token: admin, query: { biz: 'avatar' } })).body.result.records.map((r) => r.url)).not.toContain(key);
  expect(fs.existsSync(path.join(dataDir, 'upload', key))).toBe(false);
  expect((await app.inject({ method: 'GET', url: `/hospital/sys/common/static/${encodeURI(key)}` })).statusCode).toBe(404);
});

it('is not a hospital page', async () => {
  const hosp = await login(app, 'hospadmin');
  const r = await call(app, '/sys/oss/file/list', { token: hosp });
  expect(r.status).toBe(403);
  expect(r.body.message).toBe('没有权限：ossFile:list');
});
