/**
 * The built console's files: hashed /assets/* are cached for a year (immutable), whether sent
 * as they are or from the build's .br/.gz copies; index.html and the SPA fallback are asked
 * for again every time (no-cache), so a new build is picked up on the next load; the favicons
 * are kept a day. A hashed
 * script or stylesheet is read once and answered from memory after (static-assets.ts).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStatic } from '../../src/server/static.js';
import { pickEncoding } from '../../src/server/static-assets.js';
import { tempDir } from './helpers.js';

const app = Fastify();
const YEAR = 'public, max-age=31536000, immutable';

let dir = '';
const JS = `export const rows = ${JSON.stringify('病历'.repeat(300))};`;

beforeAll(async () => {
  dir = tempDir('static');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>互联网医院后台管理</title>');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const css = '.a{color:red}'.repeat(200);
  writeFileSync(join(dir, 'assets/antd-0123456789.css'), css);
  writeFileSync(join(dir, 'assets/antd-0123456789.css.br'), brotliCompressSync(css));
  writeFileSync(join(dir, 'assets/index-AbCd1234.js'), 'export {};');
  writeFileSync(join(dir, 'assets/engine-Zx9_Yw8-.js'), JS);
  writeFileSync(join(dir, 'assets/engine-Zx9_Yw8-.js.br'), brotliCompressSync(JS));
  writeFileSync(join(dir, 'assets/engine-Zx9_Yw8-.js.gz'), gzipSync(JS));
  writeFileSync(join(dir, 'assets/logo-AbCd1234.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await registerStatic(app, dir);
  await app.ready();
});
afterAll(() => app.close());

describe('static files of the build', () => {
  it('a hashed asset is cached for a year, compressed or not', async () => {
    const br = await app.inject({ url: '/assets/antd-0123456789.css', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(YEAR);
    const plain = await app.inject({ url: '/assets/index-AbCd1234.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe(YEAR);
  });

  it('index.html and a console address are never taken from the cache unchecked', async () => {
    for (const url of ['/', '/index.html', '/app/doctor']) {
      const r = await app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).toContain('互联网医院后台管理');
      expect(r.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('a favicon is kept a day: the browser asks for it again after every in-page navigation', async () => {
    const r = await app.inject({ url: '/favicon.svg' });
    expect([r.statusCode, r.headers['cache-control']]).toEqual([200, 'public, max-age=86400']);
    expect(r.body).toContain('<svg');
  });

  it('a hashed script comes in the encoding the client accepts, says it varies by it, and is the file\'s bytes', async () => {
    const url = '/assets/engine-Zx9_Yw8-.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([br.statusCode, br.headers['content-encoding'], br.headers.vary]).toEqual([200, 'br', 'accept-encoding']);
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect([plain.body, plain.headers['cache-control']]).toEqual([JS, YEAR]);
    // the same validator as the file's: a revalidation is answered 304
    const again = await app.inject({ url, headers: { 'if-none-match': String(plain.headers.etag) } });
    expect([again.statusCode, again.body]).toEqual([304, '']);
  });

  it('once read, a hashed script is answered from memory (its name never changes its content)', async () => {
    const url = '/assets/once-Qw3rTy12.js';
    writeFileSync(join(dir, 'assets/once-Qw3rTy12.js'), 'export const once = 1;');
    expect((await app.inject({ url })).body).toBe('export const once = 1;');
    rmSync(join(dir, 'assets/once-Qw3rTy12.js'));
    const r = await app.inject({ url });
    expect([r.statusCode, r.body]).toEqual([200, 'export const once = 1;']);
  });

  it('other files, a byte range and a missing name are answered as before; a name that climbs out of assets is not found', async () => {
    const svg = await app.inject({ url: '/assets/logo-AbCd1234.svg' });
    expect([svg.statusCode, svg.body, svg.headers['cache-control']]).toEqual([200, readFileSync(join(dir, 'assets/logo-AbCd1234.svg'), 'utf8'), YEAR]);
    const part = await app.inject({ url: '/assets/engine-Zx9_Yw8-.js', headers: { range: 'bytes=0-5' } });
    expect([part.statusCode, part.body]).toEqual([206, JS.slice(0, 6)]);
    for (const url of ['/assets/%2e%2e%2findex.html', '/assets/..%2f..%2fpackage.json', '/assets/..%5c..%5cpackage.json', '/assets/.hidden-AbCd1234.js']) {
      const r = await app.inject({ url });
      expect(r.statusCode, url).toBe(404);
      expect(r.body, url).not.toContain('互联网医院后台管理');
    }
    const missing = await app.inject({ url: '/assets/gone-AbCd1234.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: '很抱歉，资源未找到!' });
  });

  it('the encoding follows the client\'s list: br first, then gzip, else the plain file', () => {
    expect(pickEncoding('gzip, deflate, br', { br: 1, gzip: 1 })).toBe('br');
    expect(pickEncoding('gzip;q=1.0, identity', { br: 1, gzip: 1 })).toBe('gzip');
    expect(pickEncoding('br', { gzip: 1 })).toBe('identity');
    expect(pickEncoding(undefined, { br: 1, gzip: 1 })).toBe('identity');
    expect(pickEncoding('br;q=0, gzip', { br: 1, gzip: 1 })).toBe('gzip');
    expect(pickEncoding('br;q=0.5', { br: 1, gzip: 1 })).toBe('br');
  });
});
