/**
 * The server refuses impossible values through the HTTP API with the field named and nothing
 * changed: calendar-impossible dates, lone surrogates and control characters, invisible-only
 * required values, and values for fields hidden by their visibleWhen condition.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  app = await testApp({ seedRows: 3 });
  admin = await login(app, 'admin');
});
afterAll(async () => {
  await app.close();
});

async function firstDoctor(): Promise<Rec> {
  const page = await call<Page<Rec>>(app, '/hisDoctor/list', { token: admin, query: { pageSize: 1 } });
  const r = await call<Rec>(app, '/hisDoctor/queryById', { token: admin, query: { id: String(page.body.result.records[0]!.id) } });
  return r.body.result;
}

describe('impossible values', () => {
  it.each(['2024-13-45', '2024-02-30', 'not-a-date'])('an edit with the date %s is refused and changes nothing', async (bad) => {
    const d = await firstDoctor();
    const r = await call(app, '/hisDoctor/edit', { method: 'PUT', token: admin, body: { ...d, pracStartDate: bad } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('首次执业时间：请填写有效的日期（YYYY-MM-DD）');
    expect((await firstDoctor()).pracStartDate).toBe(d.pracStartDate);
    expect((await firstDoctor()).version).toBe(d.version);
  });

  it('a lone surrogate or a control character is refused, naming the field', async () => {
    const d = await firstDoctor();
    const s = await call(app, '/hisDoctor/edit', { method: 'PUT', token: admin, body: { ...d, pracScope: '内科\uD800' } });
    expect(s.status).toBe(400);
    expect(s.body.message).toBe('执业范围：包含无效的字符（不完整的 Unicode 字符）');
    const c = await call(app, '/hisDoctor/edit', { method: 'PUT', token: admin, body: { ...d, pracScope: '内科\u0007' } });
    expect(c.body.message).toBe('执业范围：包含不允许的控制字符');
    expect((await firstDoctor()).pracScope).toBe(d.pracScope);
  });

  it('a required value of zero-width characters only is empty', async () => {
    const d = await firstDoctor();
    const r = await call(app, '/hisDoctor/edit', { method: 'PUT', token: admin, body: { ...d, realname: '\u200B\u200B' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('姓名：请输入姓名!');
  });

  it('a value for a field hidden by its condition is refused, not silently dropped', async () => {
    const r = await call(app, '/sys/annountCement/add', {
      token: admin,
      body: { title: '隐藏字段测试', msgCategory: '1', msgType: 'ALL', priority: 'L', openPage: '/isps/userAnnouncement' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('打开页面：当前条件下不应填写');
    const page = await call<Page<Rec>>(app, '/sys/annountCement/list', { token: admin, query: { title: '*隐藏字段测试*' } });
    expect(page.body.result.total).toBe(0);
  });
});
