import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_PROTOCOL_CONFIG, encryptText, makeAccessAuth } from '../../src/core/protocol/index.js';
import { checkSign } from '../../src/server/protocol/verify.js';
import vectors from '../../src/core/protocol/vectors.json';
import { call, cfg, login, testApp } from './helpers.js';

let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
});
afterAll(async () => { await app.close(); });

const roleCount = async () => {
  const r = await call<{ total: number }>(app, '/sys/role/list', { token: admin });
  return r.body.result.total;
};
const newRole = { roleName: '质控员', roleCode: 'qc_role' };

describe('X-Sign and X-Access-Auth', () => {
  it('accepts the core vectors (server-side check)', () => {
    for (const v of vectors.sign) {
      const problem = checkSign(
        {
          url: `/hospital${v.path}`,
          query: Object.fromEntries(Object.entries(v.query).map(([k, x]) => [k, Array.isArray(x) ? x.map(String) : String(x)])),
          body: (v as { body?: unknown }).body,
          headers: { 'x-sign': v.sign, 'x-timestamp': v.timestamp },
          now: Number(v.timestamp),
        },
        DEFAULT_PROTOCOL_CONFIG,
      );
      expect(problem, v.name).toBeNull();
    }
  });

  it('rejects an unsigned call and writes nothing', async () => {
    const before = await roleCount();
    const r = await call(app, '/sys/role/add', { body: newRole, token: admin, headers: { 'X-Sign': undefined } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('签名验证失败：缺少 X-Sign');
    expect(await roleCount()).toBe(before);
  });

  it('rejects a tampered signature and writes nothing', async () => {
    const before = await roleCount();
    const r = await call(app, '/sys/role/add', { body: newRole, token: admin, headers: { 'X-Sign': 'A'.repeat(32) } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('签名验证失败：签名不正确');
    expect(await roleCount()).toBe(before);
  });

  it('rejects a signature over a different body', async () => {
    const before = await roleCount();
    // signed for newRole, sends another payload
    const { computeSign } = await import('../../src/core/protocol/index.js');
    const ts = String(Date.now());
    const sign = computeSign('/sys/role/add', {}, newRole, cfg.signSecret, ts);
    const r = await call(app, '/sys/role/add', {
      body: { ...newRole, roleCode: 'other_code' },
      token: admin,
      timestamp: Number(ts),
      headers: { 'X-Sign': sign },
    });
    expect(r.body.message).toBe('签名验证失败：签名不正确');
    expect(await roleCount()).toBe(before);
  });

  it('rejects a stale or malformed timestamp', async () => {
    const before = await roleCount();
    const stale = await call(app, '/sys/role/add', { body: newRole, token: admin, timestamp: Date.now() - 6 * 60 * 1000 });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('签名验证失败：X-TIMESTAMP 已过期');
    const secs = await call(app, '/config/globalConfig', { headers: { 'X-TIMESTAMP': String(Math.floor(Date.now() / 1000)) } });
    expect(secs.body.message).toBe('签名验证失败：X-TIMESTAMP 已过期');
    const missing = await call(app, '/config/globalConfig', { headers: { 'X-TIMESTAMP': undefined } });
    expect(missing.body.message).toBe('签名验证失败：X-TIMESTAMP 已过期');
    expect(await roleCount()).toBe(before);
  });

  it('rejects a missing or forged access-auth header', async () => {
    const none = await call(app, '/config/globalConfig', { headers: { 'X-Access-Auth': undefined } });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('访问凭证无效');
    const wrongSuffix = await call(app, '/config/globalConfig', { headers: { 'X-Access-Auth': encryptText('abc@other', cfg) } });
    expect(wrongSuffix.body.message).toBe('访问凭证无效');
    const garbage = await call(app, '/config/globalConfig', { headers: { 'X-Access-Auth': 'not-base64!!' } });
    expect(garbage.body.message).toBe('访问凭证无效');
    const good = await call(app, '/config/globalConfig', { headers: { 'X-Access-Auth': makeAccessAuth(cfg, 'deadbeef') } });
    expect(good.status).toBe(200);
  });
});

describe('encrypted bodies', () => {
  it('rejects a plain JSON body when encryption is on', async () => {
    const before = await roleCount();
    const r = await call(app, '/sys/role/add', { body: newRole, rawBody: JSON.stringify(newRole), token: admin });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请求体必须加密');
    expect(await roleCount()).toBe(before);
  });

  it('rejects ciphertext that does not decrypt', async () => {
    const r = await call(app, '/sys/login', { body: { username: 'admin', password: 'x' }, rawBody: 'AAAAAAAAAAAAAAAAAAAAAA==' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请求体解密失败');
    const r2 = await call(app, '/sys/login', { body: { username: 'admin' }, rawBody: 'zz' });
    expect(r2.status).toBe(400);
    expect(r2.body.message).toBe('请求体解密失败');
  });

  it('accepts plain JSON and answers plain JSON when encryption is off', async () => {
    const plain = { ...cfg, encrypt: false };
    const off = await testApp({ protocol: { encrypt: false }, seedRows: 0 });
    try {
      const r = await call<{ token: string }>(off, '/sys/login', { body: { username: 'admin', password: 'Admin@123456' }, protocol: plain });
      expect(r.body.success).toBe(true);
      expect(r.raw.startsWith('{')).toBe(true);
      expect(r.contentType).toMatch(/^application\/json/);
      const bad = await call(off, '/sys/login', { body: {}, rawBody: '{"username":', protocol: plain });
      expect(bad.status).toBe(400);
    } finally {
      await off.close();
    }
  });
});
