/**
 * The built console's files: hashed /assets/* are cached for a year (immutable), whether sent
 * as they are or from the build's .br/.gz copies; index.html and the SPA fallback are asked
 * for again every time (no-cache), so a new build is picked up on the next load.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStatic } from '../../src/server/static.js';
import { tempDir } from './helpers.js';

const app = Fastify();
const YEAR = 'public, max-age=31536000, immutable';

beforeAll(async () => {
  const dir = tempDir('static');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>互联网医院后台管理</title>');
  const css = '.a{color:red}'.repeat(200);
  writeFileSync(join(dir, 'assets/antd-0123456789.css'), css);
  writeFileSync(join(dir, 'assets/antd-0123456789.css.br'), brotliCompressSync(css));
  writeFileSync(join(dir, 'assets/index-AbCd1234.js'), 'export {};');
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
});
