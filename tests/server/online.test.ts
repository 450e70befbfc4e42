/**
 * 在线用户: every login is a session row (account, address, browser, login time, last seen);
 * 强退 ends that session at once (its cached session dropped, its token refused) and the row
 * leaves the list; a session ended elsewhere (logout) leaves it too.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
});
afterAll(async () => { await app.close(); });

const sessionsOf = async (username: string) =>
  (await call<Page>(app, '/sys/online/list', { token: admin, query: { username } })).body.result.records.filter((r) => r.username === username);

it('lists each login with user, address, browser, login time and last seen; never the token', async () => {
  const token = await login(app, 'yunying');
  const rows = await sessionsOf('yunying');
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  expect(row.realname).toBeTruthy();
  expect(row.ip).toBe('127.0.0.1');
  expect(row.loginTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  expect(row.lastSeen).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  expect(JSON.stringify(row)).not.toContain(token);
  const other = await call(app, '/sys/online/list', { token });
  expect(other.status).toBe(403);
  expect(other.body.message).toBe('没有权限：online:list');
});

it('强退 ends the session at once and removes it from the list', async () => {
  const earlier = (await sessionsOf('yunying')).map((r) => String(r.id));
  const token = await login(app, 'yunying');
  // the session is cached by a first call
  expect((await call(app, '/sys/permission/getUserPermissionByToken', { token })).status).toBe(200);
  const fresh = (await sessionsOf('yunying')).filter((r) => !earlier.includes(String(r.id)));
  expect(fresh).toHaveLength(1);
  const r = await call(app, '/sys/online/forceLogout', { token: admin, body: { id: fresh[0]!.id } });
  expect(r.body.message).toBe('强退成功！');
  const refused = await call(app, '/sys/permission/getUserPermissionByToken', { token });
  expect(refused.status).toBe(401);
  expect(refused.body.message).toBe('Token失效，请重新登录');
  // the forced session left the list; the user's other session stayed, and so did admin's
  expect((await sessionsOf('yunying')).map((x) => String(x.id))).toEqual(earlier);
  expect((await call(app, '/sys/online/list', { token: admin })).status).toBe(200);
  for (const id of earlier) await call(app, '/sys/online/forceLogout', { token: admin, body: { id } });
  expect(await sessionsOf('yunying')).toEqual([]);
});

it('a session ended by logout leaves the list; an unknown row is 未找到对应数据', async () => {
  const token = await login(app, 'yunying');
  expect(await sessionsOf('yunying')).toHaveLength(1);
  await call(app, '/sys/logout', { token, body: {} });
  await expect.poll(async () => (await sessionsOf('yunying')).length).toBe(0);
  const gone = await call(app, '/sys/online/forceLogout', { token: admin, body: { id: '1234567890123456789' } });
  expect(gone.status).toBe(404);
  expect(gone.body.message).toBe('未找到对应数据');
});

it('强退 also takes JeecgBoot\'s {token}: the login token or its session id; an unknown token changes nothing', async () => {
  const byToken = await login(app, 'yunying');
  expect((await sessionsOf('yunying'))).toHaveLength(1);
  const r = await call(app, '/sys/online/forceLogout', { token: admin, body: { token: byToken } });
  expect(r.body.message).toBe('强退成功！');
  expect((await call(app, '/sys/permission/getUserPermissionByToken', { token: byToken })).status).toBe(401);
  expect(await sessionsOf('yunying')).toEqual([]);

  const bySession = await login(app, 'yunying');
  const mine = (await call<Array<{ id: string; current: boolean }>>(app, '/sys/user/sessions', { token: bySession })).body.result.find((x) => x.current)!;
  const unknown = await call(app, '/sys/online/forceLogout', { token: admin, body: { token: 'no-such-token' } });
  expect(unknown.status).toBe(404);
  expect(unknown.body.message).toBe('未找到对应数据');
  expect(await sessionsOf('yunying')).toHaveLength(1);
  const s = await call(app, '/sys/online/forceLogout', { token: admin, body: { token: mine.id } });
  expect(s.body.message).toBe('强退成功！');
  expect((await call(app, '/sys/permission/getUserPermissionByToken', { token: bySession })).status).toBe(401);
  expect(await sessionsOf('yunying')).toEqual([]);
});
