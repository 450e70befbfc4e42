import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, tempDir, testApp } from './helpers.js';
import { PNG, raw, upload } from './files.multipart.js';
import { sanitizeFileName } from '../../src/server/files/index.js';

let app: FastifyInstance;
const dataDir = tempDir('hosp-files-');
let token: string;

beforeAll(async () => {
  app = await testApp({ dataDir });
  token = await login(app, 'hospadmin');
});
afterAll(async () => {
  await app.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('POST /sys/common/upload', () => {
  it('stores under upload/<biz>/<yyyyMMdd>/<16 hex>_<name> and serves it back without sign or token', async () => {
    const r = await upload(app, '/sys/common/upload', [{ name: 'file', filename: 'avatar.png', type: 'image/png', data: PNG }], { token, query: { biz: 'avatar' } });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe('上传成功');
    const rel = r.body.result as string;
    expect(rel).toMatch(/^avatar\/\d{8}\/[0-9a-f]{16}_avatar\.png$/);
    expect(fs.readFileSync(path.join(dataDir, 'upload', rel))).toEqual(PNG);

    const s = await get(`/hospital/sys/common/static/${rel}`);
    expect(s.statusCode).toBe(200);
    expect(s.headers['content-type']).toBe('image/png');
    expect(s.headers['x-content-type-options']).toBe('nosniff');
    expect(s.headers['content-disposition']).toBeUndefined();
    expect(s.rawPayload).toEqual(PNG);
  });

  it('takes biz from a form field, defaults to common, keeps Chinese names (sanitized)', async () => {
    const a = await upload(app, '/sys/common/upload', [{ name: 'biz', data: 'notice' }, { name: 'file', filename: '说明 (1).txt', type: 'text/plain', data: '你好' }], { token });
    expect(a.status, a.body.message).toBe(200);
    expect(a.body.result).toMatch(/^notice\/\d{8}\/[0-9a-f]{16}_说明_1_\.txt$/);
    const t = await get(`/hospital/sys/common/static/${encodeURI(a.body.result as string)}`);
    expect(t.statusCode).toBe(200);
    expect(t.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(t.body).toBe('你好');
    const b = await upload(app, '/sys/common/upload', [{ name: 'file', filename: 'a.pdf', type: 'application/pdf', data: '%PDF-1.4\n%%EOF' }], { token });
    expect(b.body.result).toMatch(/^common\/\d{8}\/[0-9a-f]{16}_a\.pdf$/);
    expect(sanitizeFileName('../../etc/pass wd<script>.PNG')).toBe('pass_wd_script_.png');
    expect(sanitizeFileName('.htaccess.txt')).toBe('htaccess.txt');
  });

  it('needs a token and a valid signature over the query; multipart bodies are not signed', async () => {
    const parts = [{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }];
    expect((await upload(app, '/sys/common/upload', parts)).body.message).toBe('Token失效，请重新登录');
    const tampered = await upload(app, '/sys/common/upload', parts, { token, query: { biz: 'other' }, signQuery: { biz: 'avatar' } });
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toBe('签名验证失败：签名不正确');
    const noSign = await upload(app, '/sys/common/upload', parts, { token, headers: { 'X-Sign': '' } });
    expect(noSign.status).toBe(400);
  });

  it('refuses multipart on every other route (JSON calls keep body signing)', async () => {
    const { body, contentType } = (await import('./files.multipart.js')).multipart([{ name: 'username', data: 'admin' }]);
    const r = await raw(app, '/sys/login', { method: 'POST', payload: body, contentType });
    expect(r.statusCode).toBe(415);
    const add = await raw(app, '/hisDoctor/add', { method: 'POST', payload: body, contentType, token });
    expect(add.statusCode).toBe(415);
  });

  it('limits the size to 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    const r = await upload(app, '/sys/common/upload', [{ name: 'file', filename: 'big.txt', type: 'text/plain', data: big }], { token });
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('文件大小不能超过10MB');
    const ok = await upload(app, '/sys/common/upload', [{ name: 'file', filename: 'max.txt', type: 'text/plain', data: Buffer.alloc(10 * 1024 * 1024, 0x20) }], { token });
    expect(ok.status, ok.body.message).toBe(200);
  });

  it('allows listed types only (extension + MIME + content)', async () => {
    const cases: Array<[string, string, Buffer | string]> = [
      ['x.exe', 'application/octet-stream', 'MZ'],
      ['x.svg', 'image/svg+xml', '<svg onload="alert(1)"/>'],
      ['x.html', 'text/html', '<script>alert(1)</script>'],
      ['x.png', 'text/html', PNG],
      ['x.png', 'image/png', '<script>alert(1)</script>'],
      ['noext', 'image/png', PNG],
      ['x.jpg', 'image/jpeg', PNG],
    ];
    for (const [filename, type, data] of cases) {
      const r = await upload(app, '/sys/common/upload', [{ name: 'file', filename, type, data }], { token });
      expect(r.status, filename).toBe(400);
      expect(r.body.message, filename).toMatch(/^不支持的文件类型/);
    }
    const bad = await upload(app, '/sys/common/upload', [{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }], { token, query: { biz: '../x' } });
    expect(bad.status).toBe(400);
    const none = await upload(app, '/sys/common/upload', [{ name: 'other', filename: 'a.png', type: 'image/png', data: PNG }], { token });
    expect(none.body.message).toBe('请选择要上传的文件');
    const two = await upload(app, '/sys/common/upload', [{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }, { name: 'file', filename: 'b.png', type: 'image/png', data: PNG }], { token });
    expect(two.status).toBe(400);
  });
});

describe('GET /sys/common/static/*', () => {
  beforeAll(() => {
    fs.writeFileSync(path.join(dataDir, 'secret.txt'), 'secret');
    fs.mkdirSync(path.join(dataDir, 'upload', 'misc'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'upload', 'misc', 'evil.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    fs.writeFileSync(path.join(dataDir, 'upload', 'misc', 'evil.html'), '<script>alert(1)</script>');
    fs.writeFileSync(path.join(dataDir, 'upload', 'misc', '.hidden.txt'), 'x');
  });

  it('never leaves the upload directory', async () => {
    for (const p of [
      '..%2fsecret.txt',
      '..%2F..%2Fpackage.json',
      'misc/..%2f..%2fsecret.txt',
      '%2e%2e/secret.txt',
      '%2e%2e%2fsecret.txt',
      'misc/%2e%2e/%2e%2e/secret.txt',
      '..%5csecret.txt',
      '%2fetc%2fpasswd',
      'misc%2f..%2f..%2fsecret.txt',
      'misc/evil.svg%00.png',
      'misc/.hidden.txt',
      'misc',
      '',
      'nothere/x.png',
    ]) {
      const r = await get(`/hospital/sys/common/static/${p}`);
      expect(r.statusCode, p).toBe(404);
      expect(r.body, p).not.toContain('secret');
    }
  });

  it('answers a malformed escape with a 4xx', async () => {
    const r = await get('/hospital/sys/common/static/%E0%A4%A');
    expect([400, 404]).toContain(r.statusCode);
  });

  it('serves svg / html only as attachments', async () => {
    for (const f of ['evil.svg', 'evil.html']) {
      const r = await get(`/hospital/sys/common/static/misc/${f}`);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('application/octet-stream');
      expect(String(r.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('is not answered by the signed API scope (no sign needed, other /hospital routes still signed)', async () => {
    const r = await call(app, '/sys/common/static/x.png', { headers: { 'X-Sign': undefined } });
    expect(r.status).toBe(404);
    const unsigned = await app.inject({ method: 'GET', url: '/hospital/sys/userSetting/get?key=a' });
    expect(unsigned.statusCode).toBe(400);
  });
});
