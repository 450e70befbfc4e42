/**
 * Background exports on PostgreSQL: two instances on one database, one job — exactly one
 * instance claims and writes it, its progress is in the database, the owner downloads the file.
 * Skipped with the reason printed when no PostgreSQL answers (see pg-helpers.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';
import { raw } from './files.multipart.js';
import { createTestDatabase, probePostgres, type TestDatabase } from './pg-helpers.js';

const probe = await probePostgres();
if (!probe.available) console.warn(`[exports-pg] skipped: ${probe.reason}`);

describe.skipIf(!probe.available)('background exports on PostgreSQL', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let tdb: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    tdb = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-exports-pg-'));
    const opts = { databaseUrl: tdb.url, memory: false, dataDir, seedRows: 6, exports: { asyncRows: 3, intervalMs: 0 } };
    a = await testApp(opts);
    b = await testApp(opts);
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await tdb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('one of two instances runs the job; the owner downloads every row', async () => {
    const token = await login(a, 'hospadmin');
    const total = (await call<Page<unknown>>(a, '/hisPayLog/list', { token, query: { pageSize: 1 } })).body.result.total;
    expect(total).toBeGreaterThan(3);
    const r = await call<{ jobId: string; total: number }>(a, '/hisPayLog/exportXls', { token, query: { field: 'serialNo' } });
    expect(r.body.message).toBe('已加入下载中心');
    const [x, y] = await Promise.all([a.exportQueue.drain(), b.exportQueue.drain()]);
    expect(x + y).toBe(1);
    const rows = await tdb.query<{ status: string; done: string | number }>('select status, done from sys_export_job where id = $1', [r.body.result.jobId]);
    expect(rows.map((j) => [j.status, Number(j.done)])).toEqual([['done', total]]);
    const file = await raw(b, '/sys/exportJob/download', { token, query: { id: r.body.result.jobId } });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.actualRowCount - 1).toBe(total);
  });
});
