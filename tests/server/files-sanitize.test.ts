import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { sanitizeHtml, sanitizeRecord } from '../../src/server/sanitize/index.js';
import { loadSchemas } from '../../src/server/schemas.js';
import { call, login, tempDir, testApp } from './helpers.js';

describe('sanitizeHtml', () => {
  it('drops scripts, handlers and dangerous URLs, keeps formatting', () => {
    expect(sanitizeHtml('<img src=x onerror=alert(1)><script>alert(2)</script><b>粗体</b>')).toBe('<img src="x"><b>粗体</b>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="https://a.cn/x" target="_blank">y</a>')).toBe('<a href="https://a.cn/x" target="_blank" rel="noopener noreferrer">y</a>');
    expect(sanitizeHtml('<a href="mailto:a@b.cn">m</a>')).toBe('<a href="mailto:a@b.cn">m</a>');
    expect(sanitizeHtml('<img src="data:image/png;base64,AAAA"><img src="upload/a.png"><img src="http://h/a.png">')).toBe('<img><img src="upload/a.png"><img src="http://h/a.png">');
    expect(sanitizeHtml('<iframe src="https://x"></iframe><object data="x"></object><style>*{}</style><svg onload=alert(1)></svg><p onclick="x()">t</p>')).toBe('<p>t</p>');
    expect(sanitizeHtml('<p style="color:red;position:fixed;background:url(javascript:x)">t</p>')).toBe('<p style="color: red">t</p>');
    expect(sanitizeHtml('<table><tr><td colspan="2"><i>c</i></td></tr></table>')).toBe('<table><tbody><tr><td colspan="2"><i>c</i></td></tr></tbody></table>');
    expect(sanitizeHtml('<h2 id="x">标题</h2><ul><li>一</li></ul>')).toBe('<h2>标题</h2><ul><li>一</li></ul>');
    expect(sanitizeHtml(null)).toBe('');
  });

  it('strips Word markup: Mso classes, mso- styles, <o:p> and conditional comments', () => {
    const word = '<!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]--><p class="MsoNormal note" style="mso-margin-top-alt:auto;color:red;mso-bidi-font-family:宋体">正文<o:p></o:p></p><h1 class="MsoTitle">标题</h1>';
    expect(sanitizeHtml(word)).toBe('<p class="note" style="color: red">正文</p><h1>标题</h1>');
  });

  it('sanitizeRecord touches richtext fields only', () => {
    const doctor = loadSchemas().resource('hisDoctor');
    const rec = { intro: '<b onclick="x">a</b>', expertise: '<b onclick="x">a</b>' };
    sanitizeRecord(doctor, rec);
    expect(rec).toEqual({ intro: '<b>a</b>', expertise: '<b onclick="x">a</b>' });
  });
});

describe('rich text sanitized on save', () => {
  let app: FastifyInstance;
  let token: string;
  beforeAll(async () => {
    app = await testApp();
    token = await login(app, 'hospadmin');
  });
  afterAll(async () => app.close());

  it('add / edit of a richtext field store the sanitized HTML', async () => {
    const page = await call<Page<Record<string, unknown>>>(app, '/hisDoctor/list', { token, query: { pageSize: 1 } });
    const id = page.body.result.records[0]!.id as string;
    const before = await call<Record<string, unknown>>(app, '/hisDoctor/queryById', { token, query: { id } });
    const body = { ...before.body.result, intro: '<img src=x onerror=alert(1)><script>alert(2)</script><b>粗体</b>' };
    for (const k of Object.keys(body)) if (k.endsWith('_dictText') || k.startsWith('_')) delete (body as Record<string, unknown>)[k];
    const r = await call(app, '/hisDoctor/edit', { method: 'PUT', token, body });
    expect(r.status, r.body.message).toBe(200);
    const after = await call<Record<string, unknown>>(app, '/hisDoctor/queryById', { token, query: { id } });
    expect(after.body.result.intro).toBe('<img src="x"><b>粗体</b>');
  });


});

describe('rich text sanitized on display', () => {
  let app: FastifyInstance;
  let token: string;
  const dataDir = tempDir('hosp-sanitize-');
  beforeAll(async () => {
    app = await testApp({ memory: false, dataDir });
    token = await login(app, 'hospadmin');
  });
  afterAll(async () => {
    await app.close();
  });

  it('a record read for display has its stored rich text sanitized again', async () => {
    const page = await call<Page<Record<string, unknown>>>(app, '/hisDoctor/list', { token, query: { pageSize: 1 } });
    const id = page.body.result.records[0]!.id as string;
    // a row written around the pipeline (an old import, a database edit)
    const db = new BetterSqlite3(path.join(dataDir, 'hospital.db'));
    db.prepare('update his_doctor set intro = ? where id = ?').run('<p onclick="x()" class="MsoNormal">旧<script>alert(1)</script></p>', id);
    db.close();
    const shown = await call<Record<string, unknown>>(app, '/hisDoctor/queryById', { token, query: { id } });
    expect(shown.body.result.intro).toBe('<p>旧</p>');
  });
});
