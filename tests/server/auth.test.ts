import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';

let app: FastifyInstance;
beforeAll(async () => { app = await testApp(); });
afterAll(async () => { await app.close(); });

describe('login / logout', () => {
  it('logs in with the seeded admin', async () => {
    const r = await call<{ token: string; userInfo: Record<string, unknown>; isJump: boolean }>(app, '/sys/login', {
      body: { username: 'admin', password: 'Admin@123456' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(r.body.result.token).toMatch(/^[0-9a-f]{64}$/);
    expect(r.body.result.isJump).toBe(false);
    expect(r.body.result.userInfo).toMatchObject({ username: 'admin', tenantId: 1000 });
    expect(JSON.stringify(r.body.result.userInfo)).not.toMatch(/password|scrypt/);
  });

  it('encrypts the response when encryption is on', async () => {
    const r = await call(app, '/sys/login', { body: { username: 'admin', password: 'Admin@123456' } });
    expect(r.contentType).toMatch(/^text\/plain/);
    expect(r.raw.startsWith('{')).toBe(false);
  });

  it('rejects a wrong password', async () => {
    const r = await call(app, '/sys/login', { body: { username: 'yunying', password: 'Wrong@123456' } });
    expect(r.body).toMatchObject({ success: false, message: '用户名或密码错误' });
  });

  it('locks a username after 5 failures, even for the right password', async () => {
    for (let i = 0; i < 4; i++) {
      const r = await call(app, '/sys/login', { body: { username: 'hospadmin', password: `bad${i}` } });
      expect(r.body.message).toBe('用户名或密码错误');
    }
    const fifth = await call(app, '/sys/login', { body: { username: 'hospadmin', password: 'bad5' } });
    expect(fifth.body).toMatchObject({ success: false, message: '登录失败次数过多，请10分钟后再试' });
    const right = await call(app, '/sys/login', { body: { username: 'hospadmin', password: 'Hosp@123456' } });
    expect(right.body).toMatchObject({ success: false, message: '登录失败次数过多，请10分钟后再试' });
    // other users are unaffected
    expect(await login(app, 'zhuli')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('requires a token and revokes it on logout', async () => {
    const none = await call(app, '/sys/permission/getUserPermissionByToken');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe('Token失效，请重新登录');
    const bogus = await call(app, '/sys/permission/getUserPermissionByToken', { token: 'f'.repeat(64) });
    expect(bogus.status).toBe(401);

    const token = await login(app, 'admin');
    expect((await call(app, '/sys/permission/getUserPermissionByToken', { token })).status).toBe(200);
    const out = await call(app, '/sys/logout', { method: 'POST', body: {}, token });
    expect(out.body.success).toBe(true);
    const after = await call(app, '/sys/permission/getUserPermissionByToken', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Token失效，请重新登录');
  });
});
