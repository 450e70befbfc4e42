/**
 * Password guessing is limited without letting anyone lock the owner out, counted atomically
 * in the database: a burst from one address locks that address only; of 30 simultaneous wrong
 * passwords and a right one, the right one does not get through; an address that fails too
 * often gets 429; old-password guesses in 修改密码 are limited; the duplicate check answers only
 * callers who may write the field and is rate-limited; a role of another tenant linked to a
 * user grants nothing.
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { encryptText } from '../../src/core/protocol/index.js';
import { call, cfg, PASSWORDS, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
const dir = tempDir('hosp-throttle-');
let app: FastifyInstance;

beforeAll(async () => {
  app = await testApp({ memory: false, dataDir: dir, seedRows: 2, trustProxy: true });
});
afterAll(async () => {
  await app?.close();
});

const loginFrom = (address: string, username: string, password: string) =>
  call<{ token: string }>(app, '/sys/login', { body: { username, password }, headers: { 'X-Forwarded-For': address } });
const tokenOf = async (username: string, address = '10.9.9.9') => {
  const r = await loginFrom(address, username, PASSWORDS[username]!);
  expect(r.body.success, r.body.message).toBe(true);
  return r.body.result.token;
};

describe('login', () => {
  it('a burst of wrong passwords locks the attacking address only; the owner logs in from another', async () => {
    const messages: string[] = [];
    for (let i = 0; i < 7; i++) messages.push((await loginFrom('10.0.0.1', 'yunying', `Wrong@${i}xxxxx`)).body.message);
    expect(messages).toEqual(['用户名或密码错误', '用户名或密码错误', '用户名或密码错误', '用户名或密码错误', '登录失败次数过多，请10分钟后再试', '登录失败次数过多，请10分钟后再试', '登录失败次数过多，请10分钟后再试']);
    // the right password from the locked address is refused too
    expect((await loginFrom('10.0.0.1', 'yunying', PASSWORDS.yunying!)).body.message).toBe('登录失败次数过多，请10分钟后再试');
    // the owner, elsewhere
    const owner = await loginFrom('10.0.0.2', 'yunying', PASSWORDS.yunying!);
    expect(owner.body.success, owner.body.message).toBe(true);
  });

  it('30 simultaneous wrong passwords and a right one: the right one does not get through', async () => {
    const wrong = Array.from({ length: 30 }, (_, i) => loginFrom('10.0.0.3', 'hospadmin', `Wrong@${i}yyyyy`));
    const right = loginFrom('10.0.0.3', 'hospadmin', PASSWORDS.hospadmin!);
    const answers = await Promise.all([...wrong, right]);
    expect(answers.filter((a) => a.body.success)).toEqual([]);
    expect(answers.filter((a) => a.body.message === '用户名或密码错误').length).toBeLessThanOrEqual(5);
    expect(answers.at(-1)!.body.message).toBe('登录失败次数过多，请10分钟后再试');
    // the owner elsewhere is not locked out
    expect((await loginFrom('10.0.0.4', 'hospadmin', PASSWORDS.hospadmin!)).body.success).toBe(true);
  });

  it('an address that fails too often over many usernames gets 429 请求过于频繁，请稍后再试', async () => {
    await Promise.all(Array.from({ length: 60 }, (_, i) => loginFrom('10.0.0.5', `nobody${i}`, 'Wrong@123456x')));
    const r = await loginFrom('10.0.0.5', 'admin', 'Admin@123456');
    expect(r.status).toBe(429);
    expect(r.body.message).toBe('请求过于频繁，请稍后再试');
    expect((await loginFrom('10.0.0.6', 'admin', 'Admin@123456')).body.success).toBe(true);
  });
});

describe('修改密码', () => {
  it('five wrong old passwords, then refused even with the right one', async () => {
    const token = await tokenOf('zhuli');
    const enc = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, encryptText(v, cfg)]));
    const change = (old: string) =>
      call(app, '/sys/user/updatePassword', { method: 'PUT', token, body: enc({ username: 'zhuli', oldpassword: old, password: 'Better@2026x', confirmpassword: 'Better@2026x' }) });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => change(`Guess@${i}zzzzz`)));
    expect(answers.filter((a) => a.body.message === '旧密码输入错误').length).toBe(5);
    expect(answers.filter((a) => a.body.message === '旧密码错误次数过多，请10分钟后再试').length).toBe(3);
    expect((await change(PASSWORDS.zhuli!)).body.message).toBe('旧密码错误次数过多，请10分钟后再试');
  });
});

describe('duplicate check', () => {
  it('answers only callers who may write the field, at most 60 times a minute', async () => {
    const zhuli = await tokenOf('zhuli', '10.1.0.1');
    const hosp = await tokenOf('hospadmin', '10.1.0.2');
    const q = { resource: 'hisDoctor', field: 'phone', value: '13800138000' };
    const refused = await call(app, '/sys/duplicate/check', { token: zhuli, query: q });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('没有权限：hisDoctor:edit');
    const answers = [];
    for (let i = 0; i < 61; i++) answers.push(await call(app, '/sys/duplicate/check', { token: hosp, query: { ...q, value: `1380013${String(8000 + i)}` } }));
    expect(answers.slice(0, 60).every((a) => a.status === 200)).toBe(true);
    expect(answers[60]!.status).toBe(429);
  });
});

describe('roles of another tenant', () => {
  it('a link to a platform role grants a hospital user nothing', async () => {
    const db = new BetterSqlite3(path.join(dir, 'hospital.db'));
    const user = db.prepare("select id from sys_user where username = 'hospadmin'").get() as Rec;
    const role = db.prepare("select id from sys_role where role_code = 'admin' and tenant_id = 1000").get() as Rec;
    db.prepare('insert into sys_user_role (id, user_id, role_id) values (?, ?, ?)').run('9999999999999999901', user.id, role.id);
    db.close();
    const token = await tokenOf('hospadmin', '10.2.0.1');
    const perms = await call<{ auth: Array<{ action: string }> }>(app, '/sys/permission/getUserPermissionByToken', { token });
    expect(perms.body.result.auth.some((a) => a.action.startsWith('role:'))).toBe(false);
    const roles = await call(app, '/sys/role/list', { token });
    expect(roles.status).toBe(403);
    expect(roles.body.message).toBe('没有权限：role:list');
  });
});
