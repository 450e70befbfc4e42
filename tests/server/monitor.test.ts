/** 系统监控: the platform super administrator reads server, disk, process, database and request trace; nobody else. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTrace } from '../../src/server/monitor/index.js';
import { call, login, testApp } from './helpers.js';

type Info = {
  server: { cpuCount: number; totalMemory: number };
  disks: Array<{ name: string; total: number; usedPercent: number }>;
  process: { pid: number; node: string; heapUsed: number };
  database: { dialect: string; version: string; tables: number; sizeBytes: number };
  httpTrace: Array<{ method: string; uri: string; status: number; timeTaken: number }>;
  redis: { configured: boolean };
};

let app: FastifyInstance;
beforeAll(async () => { app = await testApp({ seedRows: 2 }); });
afterAll(async () => { await app.close(); });

describe('系统监控', () => {
  it('gives the platform super administrator the server, process, database and the last requests', async () => {
    const admin = await login(app, 'admin');
    await call(app, '/sys/no/such/path', { token: admin });
    const r = await call<Info>(app, '/sys/monitor/info', { token: admin });
    expect(r.body.success, r.body.message).toBe(true);
    const info = r.body.result;
    expect(info.server.cpuCount).toBeGreaterThan(0);
    expect(info.process.pid).toBe(process.pid);
    expect(info.process.node).toBe(process.version);
    expect(info.database).toMatchObject({ dialect: 'sqlite' });
    expect(info.database.version).toMatch(/^SQLite \d/);
    expect(info.database.tables).toBeGreaterThan(10);
    expect(info.redis).toEqual({ configured: false });
    expect(info.disks.find((d) => d.name === '根目录')!.total).toBeGreaterThan(0);
    // newest first, without the query string and without the monitor's own calls
    expect(info.httpTrace[0]).toMatchObject({ method: 'GET', uri: '/hospital/sys/no/such/path', status: 404 });
    expect(info.httpTrace.some((t) => t.method === 'POST' && t.uri === '/hospital/sys/login' && t.status === 200)).toBe(true);
    expect(info.httpTrace.some((t) => t.uri.includes('/sys/monitor/'))).toBe(false);
  });

  it('refuses everybody else, platform operators included', async () => {
    for (const user of ['yunying', 'hospadmin']) {
      const r = await call(app, '/sys/monitor/info', { token: await login(app, user) });
      expect(r.status, user).toBe(403);
      expect(r.body.message).toBe('没有权限：系统监控仅限平台超级管理员');
    }
  });

  it('the trace keeps the last N requests, newest first', () => {
    const t = new HttpTrace(3);
    for (let i = 1; i <= 5; i++) t.add({ time: '', method: 'GET', uri: `/r${i}`, status: 200, timeTaken: i });
    expect(t.list().map((e) => e.uri)).toEqual(['/r5', '/r4', '/r3']);
  });
});
