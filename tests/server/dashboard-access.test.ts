/**
 * Home page figures never reveal a field the caller may not view: a module's paid amounts leave
 * the revenue when its amount field is hidden from the caller, and its rows leave the doctor
 * ranking when the doctor field is; the counts stay (the caller may list the rows).
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../src/server/dashboard/index.js';
import { call, login, schemasCopy, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
const dir = tempDir('hosp-dash-access-');
let app: FastifyInstance;
let db: BetterSqlite3.Database;

const pad = (n: number) => String(n).padStart(2, '0');
const d = new Date();
const TODAY = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const n = (q: string) => Number((db.prepare(q).get() as { n: number | null }).n ?? 0);

beforeAll(async () => {
  const schemas = schemasCopy(path.join(dir, 'schemas'));
  const file = path.join(schemas, 'modules/hisConsultOrder.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { fields: Rec[] };
  doc.fields.find((f) => f.key === 'orderAmount')!.permission = { view: 'hisConsultOrder:amount:view' };
  doc.fields.find((f) => f.key === 'doctorId')!.permission = { view: 'hisConsultOrder:doctor:view' };
  fs.writeFileSync(file, JSON.stringify(doc));
  app = await testApp({ memory: false, dataDir: path.join(dir, 'data'), schemasDir: schemas, seedRows: 6 });
  db = new BetterSqlite3(path.join(dir, 'data', 'hospital.db'));
  for (const t of ['his_consult_order', 'his_book_order']) {
    db.prepare(`update ${t} set order_time = ?, pay_status = '3' where id in (select id from ${t} where tenant_id = 1001 order by id limit 3)`).run(`${TODAY} 10:00:00`);
  }
  // 医院管理员 lists consult orders but no longer sees their amount and doctor
  db.prepare(
    `delete from sys_role_permission where role_id in (select id from sys_role where role_code = 'hospadmin')
       and permission_id in (select id from sys_permission where perms in ('hisConsultOrder:amount:view', 'hisConsultOrder:doctor:view'))`,
  ).run();
});
afterAll(async () => {
  db?.close();
  await app?.close();
});

describe('dashboard and hidden fields', () => {
  it('revenue and rankings leave out what the caller may not view; counts stay', async () => {
    const hosp = await login(app, 'hospadmin');
    const a = (await call<AnalysisResult>(app, '/dashboard/analysis', { token: hosp })).body.result;
    const today = `order_time >= '${TODAY} 00:00:00'`;
    const bookRevenue = n(`select sum(order_amount) n from his_book_order where tenant_id = 1001 and pay_status = '3' and ${today}`);
    const consultRevenue = n(`select sum(order_amount) n from his_consult_order where tenant_id = 1001 and pay_status = '3' and ${today}`);
    expect(consultRevenue).toBeGreaterThan(0);
    const revenue = a.stats.find((s) => s.key === 'revenue')!.value;
    expect(a.trend.revenue.at(-1)).toBe(revenue);
    // every other order module's paid amount of today, consult orders left out
    const others = ['his_inquiry_order', 'his_return_visit_order', 'his_medical_order', 'his_treat_order', 'his_service_pack_order']
      .reduce((s, t) => s + n(`select sum(order_amount) n from ${t} where tenant_id = 1001 and pay_status = '3' and ${today}`), 0)
      + n(`select sum(order_amount) n from his_nurse_order where tenant_id = 1001 and pay_status = '3' and create_time >= '${TODAY} 00:00:00'`);
    // amounts are stored in fen; the figure is yuan
    expect(revenue).toBe((bookRevenue + others) / 100);
    expect(a.stats.find((s) => s.key === 'consult')!.value).toBe(n(`select count(*) n from his_consult_order where tenant_id = 1001 and ${today}`));
    const doctors = new Set(a.topDoctors.map((x) => x.id));
    const consultOnly = (db.prepare(`select distinct doctor_id d from his_consult_order where tenant_id = 1001 and ${today}`).all() as Array<{ d: string }>).map((r) => r.d);
    const elsewhere = new Set((db.prepare(`select doctor_id d from his_book_order where tenant_id = 1001 union select doctor_id from his_inquiry_order where tenant_id = 1001 union select doctor_id from his_return_visit_order where tenant_id = 1001 union select doctor_id from his_medical_order where tenant_id = 1001 union select doctor_id from his_treat_order where tenant_id = 1001`).all() as Array<{ d: string }>).map((r) => r.d));
    for (const id of consultOnly.filter((x) => !elsewhere.has(x))) expect(doctors.has(id)).toBe(false);

    const admin = await login(app, 'admin');
    const all = (await call<AnalysisResult>(app, '/dashboard/analysis', { token: admin, tenantId: 1001 })).body.result;
    expect(all.stats.find((s) => s.key === 'revenue')!.value).toBe((bookRevenue + others + consultRevenue) / 100);
  });
});
