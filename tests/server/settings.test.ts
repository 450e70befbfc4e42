import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';

let app: FastifyInstance;
let hosp: string;
let zhuli: string;

beforeAll(async () => {
  app = await testApp();
  hosp = await login(app, 'hospadmin');
  zhuli = await login(app, 'zhuli');
});
afterAll(async () => app.close());

const columns = { columns: [{ key: 'realname', show: true, order: 0, width: 120 }, { key: 'phone', show: false, order: 1 }], density: 'middle' };

describe('user settings', () => {
  it('saves and reads back per user (absent = null)', async () => {
    const empty = await call(app, '/sys/userSetting/get', { token: hosp, query: { key: 'table:hisDoctor' } });
    expect(empty.status).toBe(200);
    expect(empty.body.result).toBeNull();
    const s = await call(app, '/sys/userSetting/save', { token: hosp, body: { key: 'table:hisDoctor', value: columns } });
    expect(s.status, s.body.message).toBe(200);
    const g = await call(app, '/sys/userSetting/get', { token: hosp, query: { key: 'table:hisDoctor' } });
    expect(g.body.result).toEqual(columns);
    // overwrite
    await call(app, '/sys/userSetting/save', { token: hosp, body: { key: 'table:hisDoctor', value: { ...columns, density: 'small' } } });
    expect((await call<{ density: string }>(app, '/sys/userSetting/get', { token: hosp, query: { key: 'table:hisDoctor' } })).body.result.density).toBe('small');
    // another user does not see it
    expect((await call(app, '/sys/userSetting/get', { token: zhuli, query: { key: 'table:hisDoctor' } })).body.result).toBeNull();
    // any JSON value; null deletes
    await call(app, '/sys/userSetting/save', { token: hosp, body: { key: 'ui.theme', value: 'dark' } });
    expect((await call(app, '/sys/userSetting/get', { token: hosp, query: { key: 'ui.theme' } })).body.result).toBe('dark');
    await call(app, '/sys/userSetting/save', { token: hosp, body: { key: 'ui.theme', value: null } });
    expect((await call(app, '/sys/userSetting/get', { token: hosp, query: { key: 'ui.theme' } })).body.result).toBeNull();
  });

  it('checks key, size and login', async () => {
    for (const key of ['', 'a b', 'x'.repeat(101), '表格', "a'b"]) {
      const r = await call(app, '/sys/userSetting/save', { token: hosp, body: { key, value: 1 } });
      expect(r.status, key).toBe(400);
    }
    expect((await call(app, '/sys/userSetting/get', { token: hosp, query: { key: '../x' } })).status).toBe(400);
    const big = await call(app, '/sys/userSetting/save', { token: hosp, body: { key: 'big', value: 'x'.repeat(64 * 1024) } });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('设置内容不能超过64KB');
    const fits = await call(app, '/sys/userSetting/save', { token: hosp, body: { key: 'big', value: 'x'.repeat(64 * 1024 - 2) } });
    expect(fits.status).toBe(200);
    expect((await call(app, '/sys/userSetting/save', { token: hosp, body: { key: 'k' } })).status).toBe(400);
    expect((await call(app, '/sys/userSetting/save', { token: hosp, body: [1] })).status).toBe(400);
    expect((await call(app, '/sys/userSetting/get', { query: { key: 'k' } })).status).toBe(401);
  });
});
