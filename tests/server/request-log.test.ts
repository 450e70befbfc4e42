/**
 * Request logging (src/server/request-log.ts): by default a line for each write, each answer of
 * 400 and above, each error and each slow read — none for a plain fast read; `all` keeps
 * Fastify's two lines for every call.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { RequestLog, SLOW_REQUEST_MS, notableRequest, type RequestLogMode } from '../../src/server/request-log.js';

async function logged(mode: RequestLogMode, calls: Array<{ method: 'GET' | 'POST'; url: string }>): Promise<Array<Record<string, any>>> {
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({ write(chunk, _enc, cb) { for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l)); cb(); } });
  const app = Fastify({ logger: { stream, level: 'info' }, logController: new RequestLog(mode) });
  app.get('/read', async () => ({ ok: true }));
  app.get('/bad', async (_req, reply) => reply.status(400).send({ ok: false }));
  app.get('/broken', async () => { throw new Error('boom'); });
  app.post('/write', async () => ({ ok: true }));
  for (const c of calls) await app.inject({ method: c.method, url: c.url, ...(c.method === 'POST' ? { payload: {} } : {}) });
  await app.close();
  return lines.filter((l) => l.msg === 'request completed' || l.msg === 'incoming request' || l.msg === 'request errored');
}

describe('request log', () => {
  it('writes one line for a write, a refused read and a failed read, and none for a plain read', async () => {
    const lines = await logged('notable', [
      { method: 'GET', url: '/read' },
      { method: 'POST', url: '/write' },
      { method: 'GET', url: '/bad' },
      { method: 'GET', url: '/broken' },
    ]);
    expect(lines.map((l) => [l.msg, l.req?.method, l.req?.url, l.res?.statusCode])).toEqual([
      ['request completed', 'POST', '/write', 200],
      ['request completed', 'GET', '/bad', 400],
      ['request completed', 'GET', '/broken', 500],
    ]);
    expect(typeof lines[0]!.responseTime).toBe('number');
  });

  it('logs a read that took SLOW_REQUEST_MS or more', () => {
    expect(notableRequest('GET', 200, SLOW_REQUEST_MS - 1)).toBe(false);
    expect(notableRequest('GET', 200, SLOW_REQUEST_MS)).toBe(true);
    expect(notableRequest('HEAD', 304, 5)).toBe(false);
    expect(notableRequest('PUT', 200, 5)).toBe(true);
    expect(notableRequest('GET', 404, 5)).toBe(true);
  });

  it('with LOG=all keeps the incoming and completed lines of every call', async () => {
    const lines = await logged('all', [{ method: 'GET', url: '/read' }]);
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });
});
