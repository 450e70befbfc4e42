/**
 * 首页 and 工作台 figures: every number the server answers equals a count made directly in the
 * database for the caller's scope (the platform sees every tenant, a hospital its own rows,
 * a platform user switched to a tenant that tenant's), only over modules the caller may list.
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult, WorkplaceResult } from '../../src/server/dashboard/index.js';
import { call, login, tempDir, testApp } from './helpers.js';

let app: FastifyInstance;
const root = tempDir('hosp-dashboard-');
let db: BetterSqlite3.Database;
const tokens: Record<string, string> = {};

const pad = (n: number) => String(n).padStart(2, '0');
const day = (offset: number) => {
  const d = new Date();
  const x = new Date(d.getFullYear(), d.getMonth(), d.getDate() + offset);
  return `${x.getFullYear()}-${pad(x.getMonth() + 1)}-${pad(x.getDate())}`;
};
const TODAY = day(0);
const YESTERDAY = day(-1);
const TOMORROW = day(1);

/** Order tables of schemas/dashboard.json with their time column (the test names them; the server does not). */
const ORDER_TABLES: Array<[string, string]> = [
  ['his_consult_order', 'order_time'], ['his_inquiry_order', 'order_time'], ['his_return_visit_order', 'order_time'],
  ['his_book_order', 'order_time'], ['his_medical_order', 'order_time'], ['his_treat_order', 'order_time'],
  ['his_service_pack_order', 'order_time'], ['his_nurse_order', 'create_time'],
];

const scopeSql = (tenant: number | null) => (tenant === null ? '1 = 1' : `tenant_id = ${tenant}`);
const n = (q: string, ...args: unknown[]) => Number((db.prepare(q).get(...args) as { n: number | null }).n ?? 0);
const inDay = (col: string, d: string, next: string) => `${col} >= '${d} 00:00:00' and ${col} < '${next} 00:00:00'`;

function expected(tenant: number | null) {
  const orders = ORDER_TABLES.reduce((s, [t, c]) => s + n(`select count(*) n from ${t} where ${scopeSql(tenant)} and ${inDay(c, TODAY, TOMORROW)}`), 0);
  const ordersYesterday = ORDER_TABLES.reduce((s, [t, c]) => s + n(`select count(*) n from ${t} where ${scopeSql(tenant)} and ${inDay(c, YESTERDAY, TODAY)}`), 0);
  // order_amount holds whole fen: the sum is an exact integer, shown in yuan
  const revenueFen = ORDER_TABLES.reduce((s, [t, c]) => s + n(`select sum(order_amount) n from ${t} where ${scopeSql(tenant)} and pay_status = '3' and ${inDay(c, TODAY, TOMORROW)}`), 0);
  return {
    consult: n(`select count(*) n from his_consult_order where ${scopeSql(tenant)} and ${inDay('order_time', TODAY, TOMORROW)}`),
    consultYesterday: n(`select count(*) n from his_consult_order where ${scopeSql(tenant)} and ${inDay('order_time', YESTERDAY, TODAY)}`),
    prescription: n(`select count(*) n from his_prescription where ${scopeSql(tenant)} and ${inDay('create_time', TODAY, TOMORROW)}`),
    doctor: n(`select count(*) n from his_doctor where ${scopeSql(tenant)} and online_switch = 1 and audit_status = '1' and status = '1'`),
    orders,
    ordersYesterday,
    revenue: revenueFen / 100,
  };
}

async function analysis(user: string, query: Record<string, string> = {}, tenantId?: number) {
  const r = await call<AnalysisResult>(app, '/dashboard/analysis', { token: tokens[user], query, ...(tenantId ? { tenantId } : {}) });
  expect(r.body.success, r.body.message).toBe(true);
  return r.body.result;
}
const stat = (a: AnalysisResult, key: string) => a.stats.find((s) => s.key === key);

beforeAll(async () => {
  app = await testApp({ memory: false, dataDir: root, seedRows: 12 });
  for (const u of ['admin', 'hospadmin', 'zhuli']) tokens[u] = await login(app, u);
  db = new BetterSqlite3(path.join(root, 'hospital.db'));
  // demo rows are dated in the past: move some of every tenant to today and yesterday
  for (const [t, c] of ORDER_TABLES) {
    for (const tenant of [1000, 1001]) {
      const ids = (db.prepare(`select id from ${t} where tenant_id = ? order by id limit 5`).all(tenant) as Array<{ id: string }>).map((r) => r.id);
      ids.forEach((id, i) => {
        const when = i < 3 ? `${TODAY} 0${i + 8}:15:00` : `${YESTERDAY} 10:30:00`;
        db.prepare(`update ${t} set ${c} = ?, pay_status = ? where id = ?`).run(when, i % 2 === 0 ? '3' : '1', id);
      });
    }
  }
  db.prepare(`update his_prescription set create_time = ? where id in (select id from his_prescription where tenant_id = 1001 order by id limit 2)`).run(`${TODAY} 09:00:00`);
  db.prepare(`update his_doctor set online_switch = 1, audit_status = '1', status = '1' where id in (select id from his_doctor where tenant_id = 1001 order by id limit 3)`).run();
  db.prepare(`update his_consult_order set status = '2' where id in (select id from his_consult_order where tenant_id = 1001 order by id desc limit 2)`).run();
});
afterAll(async () => {
  db?.close();
  await app?.close();
});

describe('首页 figures', () => {
  it('a hospital sees the counts of its own tenant, each against yesterday', async () => {
    const a = await analysis('hospadmin');
    const e = expected(1001);
    expect(e.consult).toBeGreaterThan(0);
    expect(a.scope).toBe(1001);
    expect(a.date).toBe(TODAY);
    expect(stat(a, 'consult')).toMatchObject({ title: '今日问诊', value: e.consult, yesterday: e.consultYesterday });
    expect(stat(a, 'prescription')).toMatchObject({ title: '今日处方', value: e.prescription });
    expect(stat(a, 'order')).toMatchObject({ title: '今日订单', value: e.orders, yesterday: e.ordersYesterday });
    expect(stat(a, 'doctor')).toMatchObject({ title: '在线医生', value: e.doctor });
    expect(stat(a, 'revenue')).toMatchObject({ title: '今日收入', measure: 'revenue', value: e.revenue });
    expect(e.revenue).toBeGreaterThan(0);
  });

  it('the platform sees every tenant; switched to a hospital, that hospital only', async () => {
    const all = await analysis('admin');
    const e = expected(null);
    expect(all.scope).toBe('all');
    expect(stat(all, 'order')!.value).toBe(e.orders);
    expect(stat(all, 'revenue')!.value).toBe(e.revenue);
    expect(e.orders).toBeGreaterThan(expected(1001).orders);
    const switched = await analysis('admin', {}, 1001);
    expect(switched.scope).toBe(1001);
    expect(stat(switched, 'order')!.value).toBe(expected(1001).orders);
  });

  it('the trend, the order mix and the rankings count the same rows', async () => {
    const a = await analysis('hospadmin', { days: '30' });
    expect(a.days).toBe(30);
    expect(a.trend.dates).toHaveLength(30);
    expect(a.trend.dates.at(-1)).toBe(TODAY);
    const from = a.trend.dates[0]!;
    const inPeriod = (c: string) => `${c} >= '${from} 00:00:00' and ${c} < '${TOMORROW} 00:00:00'`;
    const total = ORDER_TABLES.reduce((s, [t, c]) => s + n(`select count(*) n from ${t} where tenant_id = 1001 and ${inPeriod(c)}`), 0);
    expect(a.trend.orders.reduce((s, x) => s + x, 0)).toBe(total);
    expect(a.trend.orders.at(-1)).toBe(expected(1001).orders);
    expect(a.trend.revenue.at(-1)).toBe(expected(1001).revenue);
    expect(a.mix.reduce((s, x) => s + x.value, 0)).toBe(total);
    expect(a.mix.find((m) => m.resource === 'hisConsultOrder')).toMatchObject({ title: '问诊订单', value: n(`select count(*) n from his_consult_order where tenant_id = 1001 and ${inPeriod('order_time')}`) });

    const doctorCounts = new Map<string, number>();
    for (const [t, c] of ORDER_TABLES) {
      const cols = (db.prepare(`pragma table_info(${t})`).all() as Array<{ name: string }>).map((x) => x.name);
      if (!cols.includes('doctor_id')) continue;
      for (const r of db.prepare(`select doctor_id d, count(*) n from ${t} where tenant_id = 1001 and doctor_id is not null and doctor_id != '' and ${inPeriod(c)} group by doctor_id`).all() as Array<{ d: string; n: number }>) {
        doctorCounts.set(r.d, (doctorCounts.get(r.d) ?? 0) + r.n);
      }
    }
    const top = Math.max(...doctorCounts.values());
    expect(a.topDoctors[0]!.value).toBe(top);
    const name = (db.prepare('select realname n from his_doctor where id = ?').get(a.topDoctors[0]!.id) as { n: string }).n;
    expect(a.topDoctors[0]!.name).toBe(name);
    expect(a.topDepartments.length).toBeGreaterThan(0);
  });

  it('counts only modules the caller may list', async () => {
    const a = await analysis('zhuli');
    const keys = a.stats.map((s) => s.key);
    expect(keys).toContain('consult');
    expect(keys).not.toContain('prescription');
    // zhuli lists consult, book and return-visit orders only: today's orders are those modules
    const orders = ['his_consult_order', 'his_book_order', 'his_return_visit_order'].reduce((s, t) => s + n(`select count(*) n from ${t} where tenant_id = 1001 and ${inDay('order_time', TODAY, TOMORROW)}`), 0);
    expect(stat(a, 'order')!.value).toBe(orders);
    expect(a.mix.map((m) => m.resource).sort()).toEqual(['hisBookOrder', 'hisConsultOrder', 'hisReturnVisitOrder']);
  });

  it('refuses a trend length it does not offer, and a caller without a token', async () => {
    const r = await call(app, '/dashboard/analysis', { token: tokens.hospadmin, query: { days: '5' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('统计天数：只能是 7 或 30');
    const anon = await call(app, '/dashboard/analysis');
    expect(anon.status).toBe(401);
  });
});

describe('工作台', () => {
  it('pending work counts the tenant rows and links to the filtered list, only for those who may act', async () => {
    const r = await call<WorkplaceResult>(app, '/dashboard/workplace', { token: tokens.hospadmin });
    expect(r.body.success, r.body.message).toBe(true);
    const consult = r.body.result.pending.find((p) => p.resource === 'hisConsultOrder')!;
    expect(consult).toMatchObject({ title: '待接诊问诊', path: '/app/consultOrder?status=2', count: n(`select count(*) n from his_consult_order where tenant_id = 1001 and status = '2'`) });
    expect(consult.count).toBeGreaterThan(0);
    const rx = r.body.result.pending.find((p) => p.resource === 'hisPrescription')!;
    expect(rx.count).toBe(n(`select count(*) n from his_prescription where tenant_id = 1001 and status = '1'`));
    expect(r.body.result.links.map((l) => l.path)).toContain('/app/consultOrder');

    // zhuli may list consult orders but not accept them
    const z = await call<WorkplaceResult>(app, '/dashboard/workplace', { token: tokens.zhuli });
    expect(z.body.result.pending.map((p) => p.resource)).not.toContain('hisConsultOrder');
  });

  it('recent activity is the caller own operation log, newest first', async () => {
    const id = (db.prepare(`select id from his_consult_order where tenant_id = 1001 and status = '2' limit 1`).get() as { id: string }).id;
    const version = (db.prepare('select version v from his_consult_order where id = ?').get(id) as { v: number }).v;
    const acc = await call(app, '/hisConsultOrder/accept', { method: 'PUT', token: tokens.hospadmin, body: { id, version } });
    expect(acc.body.success, acc.body.message).toBe(true);
    await new Promise((res) => setTimeout(res, 100)); // the log is written after the answer
    const r = await call<WorkplaceResult>(app, '/dashboard/workplace', { token: tokens.hospadmin });
    expect(r.body.result.activity[0]).toMatchObject({ text: '问诊订单-接诊' });
    const admin = await call<WorkplaceResult>(app, '/dashboard/workplace', { token: tokens.admin });
    expect(admin.body.result.activity.map((x) => x.text)).not.toContain('问诊订单-接诊');
  });
});
