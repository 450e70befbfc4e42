/**
 * 首页 / 工作台 / 系统监控 on PostgreSQL: the same declarations give the same SQL answers there
 * (day ranges on text times, per-day grouping, paid sums, rankings). Skipped with the reason
 * printed when no PostgreSQL answers (see pg-helpers.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult, WorkplaceResult } from '../../src/server/dashboard/index.js';
import { call, login, testApp } from './helpers.js';
import { createTestDatabase, probePostgres, type TestDatabase } from './pg-helpers.js';

const probe = await probePostgres();
if (!probe.available) console.warn(`[dashboard-pg] skipped: ${probe.reason}`);

const pad = (n: number) => String(n).padStart(2, '0');
const day = (offset: number) => {
  const d = new Date();
  const x = new Date(d.getFullYear(), d.getMonth(), d.getDate() + offset);
  return `${x.getFullYear()}-${pad(x.getMonth() + 1)}-${pad(x.getDate())}`;
};
const ORDERS: Array<[string, string]> = [
  ['his_consult_order', 'order_time'], ['his_inquiry_order', 'order_time'], ['his_return_visit_order', 'order_time'],
  ['his_book_order', 'order_time'], ['his_medical_order', 'order_time'], ['his_treat_order', 'order_time'],
  ['his_service_pack_order', 'order_time'], ['his_nurse_order', 'create_time'],
];

describe.skipIf(!probe.available)('dashboard on PostgreSQL', () => {
  let app: FastifyInstance;
  let tdb: TestDatabase;
  let dataDir: string;
  const n = async (q: string) => Number((await tdb.query<{ n: string | number | null }>(q))[0]?.n ?? 0);

  beforeAll(async () => {
    tdb = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-dash-pg-'));
    app = await testApp({ databaseUrl: tdb.url, memory: false, dataDir, seedRows: 6 });
    for (const [t, c] of ORDERS) {
      const ids = (await tdb.query<{ id: string }>(`select id from ${t} where tenant_id = 1001 order by id limit 3`)).map((r) => r.id);
      for (const [i, id] of ids.entries()) await tdb.query(`update ${t} set ${c} = $1, pay_status = $2 where id = $3`, [`${day(i === 2 ? -1 : 0)} 09:30:00`, i === 0 ? '3' : '1', id]);
    }
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('the hospital figures, trend and rankings equal counts made in PostgreSQL', async () => {
    const token = await login(app, 'hospadmin');
    const r = await call<AnalysisResult>(app, '/dashboard/analysis', { token, query: { days: '7' } });
    expect(r.body.success, r.body.message).toBe(true);
    const a = r.body.result;
    const inDay = (c: string, from: string, to: string) => `${c} >= '${from} 00:00:00' and ${c} < '${to} 00:00:00'`;
    let orders = 0;
    let revenue = 0;
    let week = 0;
    for (const [t, c] of ORDERS) {
      orders += await n(`select count(*) n from ${t} where tenant_id = 1001 and ${inDay(c, day(0), day(1))}`);
      revenue += await n(`select sum(order_amount) n from ${t} where tenant_id = 1001 and pay_status = '3' and ${inDay(c, day(0), day(1))}`);
      week += await n(`select count(*) n from ${t} where tenant_id = 1001 and ${inDay(c, day(-6), day(1))}`);
    }
    expect(orders).toBeGreaterThan(0);
    expect(a.stats.find((s) => s.key === 'order')!.value).toBe(orders);
    // order_amount holds whole fen: an exact integer sum, shown in yuan
    expect(Number.isInteger(revenue)).toBe(true);
    expect(a.stats.find((s) => s.key === 'revenue')!.value).toBe(revenue / 100);
    expect(a.stats.find((s) => s.key === 'doctor')!.value).toBe(await n(`select count(*) n from his_doctor where tenant_id = 1001 and online_switch = 1 and audit_status = '1' and status = '1'`));
    expect(a.trend.orders.reduce((x, y) => x + y, 0)).toBe(week);
    expect(a.topDoctors.length).toBeGreaterThan(0);
  });

  it('the workplace and the monitor answer', async () => {
    const admin = await login(app, 'admin');
    const w = await call<WorkplaceResult>(app, '/dashboard/workplace', { token: admin });
    expect(w.body.success, w.body.message).toBe(true);
    const m = await call<{ database: { dialect: string; version: string; tables: number } }>(app, '/sys/monitor/info', { token: admin });
    expect(m.body.success, m.body.message).toBe(true);
    expect(m.body.result.database.dialect).toBe('postgres');
    expect(m.body.result.database.version).toMatch(/PostgreSQL/);
    expect(m.body.result.database.tables).toBeGreaterThan(10);
  });
});
