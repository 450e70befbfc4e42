/**
 * 日志管理: the server writes a login log for every attempt and an operation log for every
 * write, transition and export; the log holds who, what, which record and how long, never the
 * values sent; nobody can add, edit or delete a log row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let admin: string;

const logs = async (query: Rec): Promise<Rec[]> => {
  // the log is written after the answer is sent
  await new Promise((r) => setTimeout(r, 50));
  const r = await call<Page<Rec>>(app, '/sys/log/list', { token: admin, query: { pageSize: 100, ...query } as never });
  expect(r.body.success, r.body.message).toBe(true);
  return r.body.result.records;
};

beforeAll(async () => {
  app = await testApp({ seedRows: 2 });
  admin = await login(app, 'admin');
});
afterAll(async () => { await app.close(); });

describe('日志管理', () => {
  it('logs every login attempt with its outcome, address and browser', async () => {
    const bad = await call(app, '/sys/login', { body: { username: 'yunying', password: 'wrong-password' }, headers: { 'User-Agent': 'TestBrowser/1.0' } });
    expect(bad.body.success).toBe(false);
    await login(app, 'yunying');
    // this test's logins (the demo log rows come from other addresses)
    const rows = (await logs({ logType: '1', username: '*yunying*' })).filter((r) => r.username === 'yunying' && r.ip === '127.0.0.1');
    expect(rows.map((r) => r.logContent)).toEqual(['用户名: yunying,登录成功！', '用户名: yunying,登录失败：用户名或密码错误']);
    expect(rows[1]).toMatchObject({ logType: '1', logType_dictText: '登录日志', userAgent: 'TestBrowser/1.0', ip: '127.0.0.1' });
  });

  it('logs a write with the module, action, record and field names, never the values', async () => {
    const add = await call<string>(app, '/sys/role/add', { token: admin, body: { roleName: '日志测试角色', roleCode: 'log_probe', description: '只用于日志测试' } });
    expect(add.body.success, add.body.message).toBe(true);
    const row = (await logs({ logType: '2', logContent: '*角色管理-添加*' }))[0]!;
    expect(row).toMatchObject({ operateType: '2', operateType_dictText: '添加', username: 'admin', method: 'POST', requestUrl: '/hospital/sys/role/add' });
    expect(JSON.parse(String(row.requestParam))).toEqual({ fields: ['roleName', 'roleCode', 'description'] });
    expect(String(row.requestParam)).not.toContain('日志测试角色');
    expect(Number(row.costTime)).toBeGreaterThanOrEqual(0);

    await call(app, '/sys/role/delete', { method: 'DELETE', token: admin, query: { id: add.body.result } });
    const del = (await logs({ logType: '2', operateType: '4' }))[0]!;
    expect(del).toMatchObject({ logContent: '角色管理-删除', requestParam: JSON.stringify({ id: add.body.result }) });
  });

  it('does not log a refused write', async () => {
    const before = (await logs({ logType: '2' })).length;
    const r = await call(app, '/sys/role/add', { token: admin, body: { roleName: '' } });
    expect(r.status).toBe(400);
    expect((await logs({ logType: '2' })).length).toBe(before);
  });

  it('has no add, edit or delete, and is not open to a hospital administrator', async () => {
    for (const [method, path] of [['POST', '/sys/log/add'], ['PUT', '/sys/log/edit'], ['DELETE', '/sys/log/delete']] as const) {
      expect((await call(app, path, { method, token: admin, ...(method === 'DELETE' ? { query: { id: '1' } } : { body: { id: '1', logContent: 'x' } }) })).status).toBe(404);
    }
    const hosp = await login(app, 'hospadmin');
    const r = await call(app, '/sys/log/list', { token: hosp });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('没有权限：log:list');
  });
});
