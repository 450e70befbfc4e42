/**
 * The server on PostgreSQL, through the real HTTP API (fastify.inject, signed requests):
 * a fresh database per run (hosp_test_<pid>_<ms>_<rand>, dropped afterwards), buildApp with
 * databaseUrl and seedRows 20, then migrations, first-start seed, login/logout, list queries,
 * writes, tenancy, transitions, master-detail rollback, duplicate check, dictionaries and a
 * second start on the same database.
 *
 * PostgreSQL is found through PG_TEST_URL or postgres://postgres@127.0.0.1:5432/postgres
 * (1 s timeout). Without it the suite is skipped with the printed reason, unless PG_TEST_URL
 * is set: then an unreachable server fails the suite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { buildApp } from '../../src/server/app.js';
import { openDatabase } from '../../src/server/db/connection.js';
import { mergeTableDefs, migrate } from '../../src/server/db/migrate.js';
import { moduleTableDefs } from '../../src/server/db/module-tables.js';
import { SYSTEM_TABLES } from '../../src/server/db/system-tables.js';
import { loadSchemaRoot, loadSchemas } from '../../src/server/schemas.js';
import { roleCodes } from '../../src/core/schema/access-data.js';
import { call, login } from './helpers.js';
import { createTestDatabase, PG_REQUIRED, probePostgres, type TestDatabase } from './pg-helpers.js';

type Rec = Record<string, unknown>;

const probe = await probePostgres();
if (!probe.available && PG_REQUIRED) console.error(`[pg.test] PG_TEST_URL is set but ${probe.reason}`);
else if (!probe.available) console.warn(`[pg.test] SKIPPED — ${probe.reason}`);
else console.info(`[pg.test] running against ${probe.reason}`);

const SEED_ROWS = 20;
const timings: Record<string, number> = {};

let tdb: TestDatabase;
let app: FastifyInstance;
let dataDir: string;
let admin: string;
let hosp: string;
let zhuli: string;

const defs = () => mergeTableDefs([...SYSTEM_TABLES, ...moduleTableDefs(loadSchemas(), 'postgres')]);

async function count(sqlText: string, values: unknown[] = []): Promise<number> {
  const rows = await tdb.query<{ n: string }>(sqlText, values);
  return Number(rows[0]!.n);
}

const list = async (p: string, token: string, query: Record<string, string | number> = {}) => {
  const r = await call<Page<Rec>>(app, p, { token, query });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
};

const get = async (p: string, id: string, token = hosp) => {
  const r = await call<Rec>(app, p, { token, query: { id } });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
};

/** A GB 11643-valid 18-digit ID card number with sequence `n`. */
function idCard(n: number): string {
  const body = `11010519800101${String(n).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((a, d, i) => a + Number(d) * w[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

let hospital: Rec;
let department: Rec;
const doctor = (over: Rec = {}): Rec => ({
  realname: '测试医生',
  sex: '1',
  phone: '13700000001',
  idCard: idCard(901),
  hospitalId: hospital.id,
  departIds: String(department.id),
  title: '2',
  pracType: '1',
  pracScope: '内科',
  pracCertNo: 'PGX0001',
  qualCertNo: 'PGQ0001',
  pracStartDate: '2015-06-01',
  status: '1',
  ...over,
});

describe.skipIf(!probe.available && !PG_REQUIRED)('PostgreSQL', () => {
  beforeAll(async () => {
    if (!probe.available) throw new Error(`PG_TEST_URL is set but ${probe.reason}`);
    let t = Date.now();
    tdb = await createTestDatabase();
    timings.createDatabase = Date.now() - t;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-pg-'));
    t = Date.now();
    app = await buildApp({ databaseUrl: tdb.url, seedRows: SEED_ROWS, staticDir: '/nonexistent', dataDir });
    timings.firstStart = Date.now() - t;
    admin = await login(app, 'admin');
    hosp = await login(app, 'hospadmin');
    zhuli = await login(app, 'zhuli');
    department = (await list('/hisDepartment/list', hosp, { pageSize: 1, _flat: 1 })).records[0]!;
    hospital = { id: department.hospitalId };
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    const t = Date.now();
    await tdb?.drop();
    timings.dropDatabase = Date.now() - t;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (tdb) console.info(`[pg.test] ${tdb.name} timings (ms): ${JSON.stringify(timings)}`);
  }, 60_000);

  describe('migrations', () => {
    it('create every table with every column, typed for PostgreSQL', async () => {
      const cols = await tdb.query<{ table_name: string; column_name: string; data_type: string }>(
        `select table_name, column_name, data_type from information_schema.columns where table_schema = current_schema()`,
      );
      const byTable = new Map<string, Map<string, string>>();
      for (const c of cols) {
        if (!byTable.has(c.table_name)) byTable.set(c.table_name, new Map());
        byTable.get(c.table_name)!.set(c.column_name, c.data_type);
      }
      const expected = defs();
      expect(expected.length).toBeGreaterThan(20);
      const pgType = { text: 'text', integer: 'bigint', real: 'double precision', fen: 'bigint' } as const;
      for (const t of expected) {
        const have = byTable.get(t.name);
        expect(have, `table ${t.name}`).toBeDefined();
        for (const c of t.columns) expect(have!.get(c.name), `${t.name}.${c.name}`).toBe(pgType[c.type]);
      }
      // ms timestamps need bigint (int4 overflowed on login before)
      expect(byTable.get('sys_token')!.get('expires_at')).toBe('bigint');
    });

    it('create every index (unique ones unique) and record each step in sys_migration', async () => {
      const idx = await tdb.query<{ indexname: string; tablename: string; indexdef: string }>(
        `select indexname, tablename, indexdef from pg_indexes where schemaname = current_schema()`,
      );
      const byName = new Map(idx.map((i) => [i.indexname, i]));
      let n = 0;
      for (const t of defs()) {
        for (const i of t.indexes) {
          n++;
          const got = byName.get(i.name);
          expect(got, `index ${i.name}`).toBeDefined();
          expect(got!.tablename).toBe(t.name);
          expect(got!.indexdef.startsWith('CREATE UNIQUE INDEX'), `${i.name} unique`).toBe(!!i.unique);
          for (const c of i.columns) expect(got!.indexdef).toContain(c);
        }
      }
      expect(n).toBeGreaterThan(10);
      const steps = new Set((await tdb.query<{ id: string }>('select id from sys_migration')).map((r) => r.id));
      for (const t of defs()) {
        expect(steps.has(`create ${t.name}`), `create ${t.name}`).toBe(true);
        for (const i of t.indexes) expect(steps.has(`index ${i.name}`)).toBe(true);
      }
    });
  });

  describe('first-start seed', () => {
    it('tenants, demo users, roles and the menu', async () => {
      expect(await tdb.query('select id, name from sys_tenant order by id')).toEqual([
        { id: 1000, name: '平台运营中心' },
        { id: 1001, name: '宁夏医科大学总医院互联网医院' },
      ]);
      const users = await tdb.query<{ username: string; tenant_id: number }>(
        `select username, tenant_id from sys_user where username in ('admin', 'yunying', 'hospadmin', 'zhuli') order by username`,
      );
      expect(users).toEqual([
        { username: 'admin', tenant_id: 1000 },
        { username: 'hospadmin', tenant_id: 1001 },
        { username: 'yunying', tenant_id: 1000 },
        { username: 'zhuli', tenant_id: 1001 },
      ]);
      const r = await call<{ menu: Array<{ path: string; meta: { title: string }; children?: unknown[] }>; auth: Array<{ action: string }> }>(
        app,
        '/sys/permission/getUserPermissionByToken',
        { token: admin },
      );
      expect(r.status, r.body.message).toBe(200);
      expect(r.body.result.menu[0]).toMatchObject({ path: '/dashboard/analysis', meta: { title: '首页' } });
      expect(r.body.result.menu.length).toBeGreaterThan(3);
      const z = await call<{ menu: Array<{ meta: { title: string } }>; auth: Array<{ action: string }> }>(app, '/sys/permission/getUserPermissionByToken', { token: zhuli });
      // the doctor assistant holds exactly what roles.json grants it: read-only lists
      const { registry, access } = loadSchemaRoot();
      const granted = [...roleCodes(access.roles.find((x) => x.code === 'zhuli')!, registry)].sort();
      expect(granted.length).toBeGreaterThan(0);
      expect(granted.every((c) => c.endsWith(':list'))).toBe(true);
      expect(z.body.result.auth.map((a) => a.action).sort()).toEqual(granted);
    });

    it('demo rows per tenant, counted as numbers', async () => {
      for (const token of [admin, hosp]) {
        const page = await list('/hisDoctor/list', token, { pageSize: 5 });
        expect(typeof page.total).toBe('number');
        expect(page.total).toBeGreaterThan(SEED_ROWS / 2);
        expect(page.total).toBeLessThanOrEqual(SEED_ROWS);
        expect(page.records).toHaveLength(5);
        expect(typeof page.records[0]!.tenantId).toBe('number');
        // both ref fields labelled from their tables (one UNION ALL, values and labels read as text)
        const both = page.records.filter((x) => x.hospitalId && x.departIds);
        expect(both.length).toBeGreaterThan(0);
        for (const r of both) {
          const [h] = await tdb.query<{ name: string }>('select name from his_hospital where id = $1', [r.hospitalId]);
          expect(r.hospitalId_dictText).toBe(h!.name);
          const ids = String(r.departIds).split(',');
          const names = new Map((await tdb.query<{ id: string; name: string }>('select id, name from his_department where id = any($1)', [ids])).map((d) => [d.id, d.name]));
          expect(r.departIds_dictText).toBe(ids.map((id) => names.get(id)).join(','));
        }
      }
      expect(await count('select count(*) as n from his_doctor where tenant_id = 1001')).toBe((await list('/hisDoctor/list', hosp)).total);
    });

    it('prescriptions with 1–4 items each, amounts computed', async () => {
      expect(await count('select count(*) as n from his_prescription p where not exists (select 1 from his_prescription_item i where i.prescription_id = p.id)')).toBe(0);
      const rx = (await list('/hisPrescription/list', hosp, { pageSize: 4 })).records;
      expect(rx.length).toBe(4);
      for (const p of rx) {
        expect(p.prescriptionNo).toMatch(/^CF\d{12}$/);
        const full = await get('/hisPrescription/queryById', String(p.id));
        const items = full.items as Rec[];
        expect(items.length).toBeGreaterThanOrEqual(1);
        expect(items.length).toBeLessThanOrEqual(4);
        expect(typeof full.amount).toBe('number');
        expect(typeof items[0]!.quantity).toBe('number');
        expect(items[0]!.drugId_dictText).toBeTruthy();
      }
    });

    it('the region tree: 34 roots with hasChild, childList, boolean and case-insensitive filters', async () => {
      const roots = await list('/sysRegion/list', admin, { pageSize: 100 });
      expect(roots.total).toBe(34);
      const codes = roots.records.map((r) => String(r.code));
      expect(codes).toEqual([...codes].sort());
      const nx = roots.records.find((r) => r.code === '640000')!;
      expect(nx).toMatchObject({ name: '宁夏回族自治区', level: '1', level_dictText: '省', hasChild: true, serviceOpen: true });
      expect(roots.records.find((r) => r.code === '120000')).toMatchObject({ hasChild: false, serviceOpen: false });
      const kids = await call<Rec[]>(app, '/sysRegion/childList', { token: admin, query: { pid: String(nx.id) } });
      expect(kids.status, kids.body.message).toBe(200);
      expect(kids.body.result.map((r) => r.name)).toEqual(['银川市', '石嘴山市', '吴忠市', '固原市', '中卫市']);
      // boolean stored as 0/1, filtered by true
      const open = await list('/sysRegion/list', admin, { serviceOpen: 'true', pageSize: 1000 });
      expect(open.total).toBe(await count('select count(*) as n from sys_region where tenant_id = 1000 and service_open = 1'));
      expect(open.total).toBeGreaterThan(40);
      expect(open.records.every((r) => r.serviceOpen === true)).toBe(true);
      // like ignores ASCII case on PostgreSQL too
      const upper = await list('/sysRegion/list', admin, { pinyin: '*NINGXIA*' });
      expect(upper.records.map((r) => r.code)).toEqual(['640000']);
    });
  });

  describe('login / logout', () => {
    it('refuses a wrong password, locks after 5 failures (ms timestamps), revokes the token on logout', async () => {
      const bad = await call(app, '/sys/login', { body: { username: 'yunying', password: 'Wrong@123456' } });
      expect(bad.body).toMatchObject({ success: false, message: '用户名或密码错误' });
      for (let i = 0; i < 4; i++) await call(app, '/sys/login', { body: { username: 'yunying', password: 'Wrong@123456' } });
      const locked = await call(app, '/sys/login', { body: { username: 'yunying', password: 'Yunying@2026' } });
      expect(locked.body.success).toBe(false);
      expect(locked.body.message).not.toBe('用户名或密码错误');

      const token = await login(app, 'hospadmin');
      const rows = await tdb.query<{ expires_at: string }>('select expires_at from sys_token where token = $1', [token]);
      expect(Number(rows[0]!.expires_at)).toBeGreaterThan(Date.now());
      expect((await call(app, '/hisDoctor/list', { token })).status).toBe(200);
      const out = await call(app, '/sys/logout', { token, body: {} });
      expect(out.status, out.body.message).toBe(200);
      const after = await call(app, '/hisDoctor/list', { token });
      expect(after.status).toBe(401);
    });
  });

  describe('resources', () => {
    const ids: string[] = [];
    beforeAll(async () => {
      const rows = [
        { realname: '测试甲一', sex: '1', phone: '13700000011', idCard: idCard(911), pracCertNo: 'PGXa001', qualCertNo: 'PGQ011' },
        { realname: '测试甲二', sex: '2', phone: '13700000012', idCard: idCard(912), pracCertNo: 'PGXa002', qualCertNo: 'PGQ012' },
        { realname: '测试甲三', sex: '2', phone: '13700000013', idCard: idCard(913), pracCertNo: 'PGXa003', qualCertNo: 'PGQ013' },
      ];
      for (const r of rows) {
        const res = await call<string>(app, '/hisDoctor/add', { token: hosp, body: doctor({ ...r, multiSite: true, onlineSwitch: true, dailyLimit: 30, imagePrice: 12.5, videoPrice: 30 }) });
        expect(res.body.success, res.body.message).toBe(true);
        ids.push(res.body.result);
      }
    });

    it('add stores typed values (boolean, integer, money) and audit columns', async () => {
      const rec = await get('/hisDoctor/queryById', ids[0]!);
      expect(rec).toMatchObject({ realname: '测试甲一', multiSite: true, dailyLimit: 30, imagePrice: 12.5, tenantId: 1001, createBy: 'hospadmin', updateTime: null });
      expect(rec.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const raw = await tdb.query('select multi_site, daily_limit, image_price from his_doctor where id = $1', [ids[0]]);
      expect(raw[0]).toEqual({ multi_site: 1, daily_limit: 30, image_price: 1250 /* money in whole fen */ });
    });

    it('filters like (case-insensitive) / eq, sorts, pages', async () => {
      const like = await list('/hisDoctor/list', hosp, { realname: '*测试甲*' });
      expect(like.records.map((r) => r.realname).sort()).toEqual(['测试甲一', '测试甲三', '测试甲二'].sort());
      const ci = await list('/hisDoctor/list', hosp, { pracCertNo: '*pgxA00*' });
      expect(ci.total).toBe(3);
      const escaped = await list('/hisDoctor/list', hosp, { realname: '*测试%*' });
      expect(escaped.total).toBe(0);
      const eq = await list('/hisDoctor/list', hosp, { realname: '*测试甲*', sex: '2' });
      expect(eq.total).toBe(2);
      const asc = await list('/hisDoctor/list', hosp, { realname: '*测试甲*', column: 'createTime', order: 'asc' });
      expect(asc.records.map((r) => r.id)).toEqual(ids);
      expect(asc.records[0]!.phone).toBe('137****0011');
      const desc = await list('/hisDoctor/list', hosp, { realname: '*测试甲*', column: 'createTime', order: 'desc' });
      expect(desc.records.map((r) => r.id)).toEqual([...ids].reverse());
      const page = await list('/hisDoctor/list', hosp, { realname: '*测试甲*', column: 'createTime', order: 'asc', pageNo: 2, pageSize: 2 });
      expect(page).toMatchObject({ total: 3, size: 2, current: 2, pages: 2 });
      expect(page.records.map((r) => r.id)).toEqual([ids[2]]);
      const beyond = await list('/hisDoctor/list', hosp, { realname: '*测试甲*', pageNo: 5, pageSize: 2 });
      expect(beyond).toMatchObject({ total: 3, records: [] });
      expect((await call(app, '/hisDoctor/list', { token: hosp, query: { column: 'pracCertNo' } })).status).toBe(400);
      const all = await list('/hisDoctor/list', hosp, { column: 'createTime', order: 'asc', pageSize: 1000 });
      const allDesc = await list('/hisDoctor/list', hosp, { column: 'createTime', order: 'desc', pageSize: 1000 });
      expect(all.records.map((r) => r.id)).toEqual(allDesc.records.map((r) => r.id).reverse());
      expect(all.total).toBe(await count('select count(*) as n from his_doctor where tenant_id = 1001'));
    });

    it('filters a date range', async () => {
      const bills = await tdb.query<{ bill_date: string }>('select bill_date from drug_stock_in where tenant_id = 1001 order by bill_date');
      expect(bills.length).toBeGreaterThan(2);
      const begin = bills[Math.floor(bills.length / 4)]!.bill_date;
      const end = bills[Math.floor((bills.length * 3) / 4)]!.bill_date;
      const inRange = bills.filter((b) => b.bill_date >= begin && b.bill_date <= end).length;
      const r = await list('/drugStockIn/list', hosp, { billDate_begin: begin, billDate_end: end, pageSize: 1000 });
      expect(r.total).toBe(inRange);
      expect(r.records.every((b) => String(b.billDate) >= begin && String(b.billDate) <= end)).toBe(true);
      expect((await call(app, '/drugStockIn/list', { token: hosp, query: { billDate_begin: 'abc' } })).status).toBe(400);
    });

    it('validation errors name the field and write nothing', async () => {
      const before = await count('select count(*) as n from his_doctor');
      const r = await call<{ errors: Array<{ field: string; message: string }> }>(app, '/hisDoctor/add', { token: hosp, body: doctor({ phone: '12345', pracCertNo: 'PGX9', qualCertNo: 'PGQ9', idCard: idCard(919) }) });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(/^手机号：/);
      expect(r.body.result.errors[0]!.field).toBe('phone');
      const typeErr = await call(app, '/hisDoctor/add', { token: hosp, body: doctor({ onlineSwitch: true, imagePrice: 10, videoPrice: 30, dailyLimit: 'many', pracCertNo: 'PGX8', qualCertNo: 'PGQ8', idCard: idCard(918), phone: '13700000018' }) });
      expect(typeErr.status).toBe(400);
      const dup = await call(app, '/hisDoctor/add', { token: hosp, body: doctor({ phone: '13700000011', pracCertNo: 'PGX7', qualCertNo: 'PGQ7', idCard: idCard(917) }) });
      expect(dup.status).toBe(400);
      expect(dup.body.message).toContain('该值不可用，系统中已存在！');
      expect(await count('select count(*) as n from his_doctor')).toBe(before);
    });

    it('edit and delete, visible at once despite the count cache', async () => {
      const before = (await list('/hisDoctor/list', hosp)).total;
      const e = await call(app, '/hisDoctor/edit', {
        method: 'PUT',
        token: hosp,
        body: { ...doctor({ realname: '测试甲三改', sex: '2', phone: '13700000013', idCard: idCard(913), pracCertNo: 'PGXa003', qualCertNo: 'PGQ013', multiSite: false }), id: ids[2], version: (await get('/hisDoctor/queryById', ids[2]!)).version },
      });
      expect(e.body, e.body.message).toMatchObject({ success: true, message: '编辑成功！' });
      const rec = await get('/hisDoctor/queryById', ids[2]!);
      expect(rec).toMatchObject({ realname: '测试甲三改', multiSite: false, updateBy: 'hospadmin' });
      expect(rec.updateTime).toMatch(/^\d{4}-/);
      const d = await call(app, '/hisDoctor/deleteBatch', { method: 'DELETE', token: hosp, query: { ids: `${ids[2]},` } });
      expect(d.body.success, d.body.message).toBe(true);
      expect((await list('/hisDoctor/list', hosp)).total).toBe(before - 1);
      expect((await call(app, '/hisDoctor/queryById', { token: hosp, query: { id: ids[2]! } })).status).toBe(404);
    });

    it("never reads, edits or deletes another tenant's row", async () => {
      const other = (await list('/hisDoctor/list', admin, { pageSize: 1 })).records[0]!;
      const id = String(other.id);
      const before = await tdb.query('select * from his_doctor where id = $1', [id]);
      expect((await call(app, '/hisDoctor/queryById', { token: hosp, query: { id } })).status).toBe(404);
      const edit = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...doctor({ realname: '篡改', phone: '13700000099', pracCertNo: 'PGX99', qualCertNo: 'PGQ99', idCard: idCard(999) }), id } });
      expect(edit.status).toBe(404);
      expect((await call(app, '/hisDoctor/delete', { method: 'DELETE', token: hosp, query: { id } })).status).toBe(404);
      expect((await call(app, '/hisDoctor/deleteBatch', { method: 'DELETE', token: hosp, query: { ids: id } })).status).toBe(404);
      expect(await tdb.query('select * from his_doctor where id = $1', [id])).toEqual(before);
      // the super tenant may act on another tenant through tenant-id
      const via = await call<Page<Rec>>(app, '/hisDoctor/list', { token: admin, tenantId: 1001 });
      expect(via.body.result.total).toBe((await list('/hisDoctor/list', hosp)).total);
      expect(via.body.result.records.every((r) => r.tenantId === 1001)).toBe(true);
    });
  });

  describe('prescriptions: children and transitions', () => {
    let drugs: Rec[];
    let doc: Rec;
    const item = (over: Rec = {}): Rec => ({ drugId: drugs[0]!.id, dose: 0.5, doseUnit: 'g', frequency: 'tid', route: 'po', days: 3, quantity: 2, ...over });
    const prescription = (over: Rec = {}): Rec => ({
      hospitalId: doc.hospitalId,
      doctorId: doc.id,
      patientName: '李明',
      patientSex: '1',
      patientAge: 46,
      diagnosis: '高血压病',
      rxCategory: '1',
      rxType: '1',
      items: [item(), item({ drugId: drugs[1]!.id, quantity: 1 }), item({ drugId: drugs[2]!.id, dose: 10, doseUnit: 'mg', frequency: 'qd' })],
      ...over,
    });
    const counts = async () => [await count('select count(*) as n from his_prescription'), await count('select count(*) as n from his_prescription_item')];
    const add = async (over: Rec = {}) => {
      const r = await call<string>(app, '/hisPrescription/add', { token: hosp, body: prescription(over) });
      expect(r.status, r.body.message).toBe(200);
      return r.body.result;
    };

    beforeAll(async () => {
      drugs = (await list('/sysDrug/list', hosp, { pageSize: 5 })).records;
      doc = (await list('/hisDoctor/list', hosp, { pageSize: 1 })).records[0]!;
    });

    it('adds a prescription with its items in one call; numbers and amounts computed', async () => {
      const before = await counts();
      const a = await add();
      const b = await add();
      expect(await counts()).toEqual([before[0]! + 2, before[1]! + 6]);
      const ra = await get('/hisPrescription/queryById', a);
      const rb = await get('/hisPrescription/queryById', b);
      expect(ra.prescriptionNo).toMatch(/^CF\d{12}$/);
      expect(Number(String(rb.prescriptionNo).slice(-4))).toBe(Number(String(ra.prescriptionNo).slice(-4)) + 1);
      expect((ra.items as Rec[]).map((i) => i.drugId)).toEqual([drugs[0]!.id, drugs[1]!.id, drugs[2]!.id]);
      const expected = Math.round((2 * Number(drugs[0]!.retailPrice) + Number(drugs[1]!.retailPrice) + 2 * Number(drugs[2]!.retailPrice)) * 100) / 100;
      expect(ra.amount).toBeCloseTo(expected, 2);
    });

    // real concurrency (pooled connections, unlike SQLite's one writer): numbering takes a
    // transaction-scoped advisory lock per table and tenant, so a burst of 10 adds all succeed.
    it('concurrent adds get distinct bill numbers (advisory lock per table and tenant across pooled connections)', async () => {
      const before = await counts();
      const ids = await Promise.all(Array.from({ length: 10 }, () => add()));
      const nos = await Promise.all(ids.map(async (id) => String((await get('/hisPrescription/queryById', id)).prescriptionNo)));
      expect(new Set(nos).size).toBe(10);
      expect(await counts()).toEqual([before[0]! + 10, before[1]! + 30]);
    });

    it('one invalid line: 400 naming the line, nothing written', async () => {
      const before = await counts();
      const r = await call(app, '/hisPrescription/add', { token: hosp, body: prescription({ items: [item(), item({ dose: null }), item()] }) });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('处方明细第2行：单次剂量：请输入单次剂量!');
      expect(await counts()).toEqual(before);
    });

    it('a child row failing inside the transaction rolls back the parent update', async () => {
      const id = await add();
      const rec = await get('/hisPrescription/queryById', id);
      const before = await counts();
      const r = await call(app, '/hisPrescription/edit', {
        method: 'PUT',
        token: hosp,
        body: { ...rec, diagnosis: '不应保存', items: [item(), item({ id: '1234567890123456789' })] },
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('处方明细第2行：未找到对应数据');
      const after = await get('/hisPrescription/queryById', id);
      expect(after.diagnosis).toBe(rec.diagnosis);
      expect(after.items).toHaveLength(3);
      expect(await counts()).toEqual(before);
      // and a good edit replaces the set
      const items = rec.items as Rec[];
      const ok = await call(app, '/hisPrescription/edit', { method: 'PUT', token: hosp, body: { ...rec, items: [{ ...items[0], quantity: 5 }, item({ drugId: drugs[3]!.id })] } });
      expect(ok.status, ok.body.message).toBe(200);
      expect(((await get('/hisPrescription/queryById', id)).items as Rec[]).map((i) => i.quantity)).toEqual([5, 2]);
    });

    it('approve once (compare-and-set), reject needs its reason', async () => {
      const id = await add();
      const ok = await call(app, '/hisPrescription/approve', { method: 'PUT', token: hosp, body: { id } });
      expect(ok.status, ok.body.message).toBe(200);
      expect(await get('/hisPrescription/queryById', id)).toMatchObject({ status: '5', status_dictText: '已通过', auditBy: '医院管理员' });
      const again = await call(app, '/hisPrescription/approve', { method: 'PUT', token: hosp, body: { id } });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('当前状态「已通过」不允许执行「审核通过」');

      const id2 = await add();
      const missing = await call(app, '/hisPrescription/reject', { method: 'PUT', token: hosp, body: { id: id2 } });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe('未通过原因：请输入未通过原因!');
      const r = await call(app, '/hisPrescription/reject', { method: 'PUT', token: hosp, body: { id: id2, rejectReason: '诊断与用药不符，请补充诊断' } });
      expect(r.status, r.body.message).toBe(200);
      // nothing after 未通过: the review flow ends, and the upload flow's `when` wants a prescription that took effect
      expect(await get('/hisPrescription/queryById', id2)).toMatchObject({ status: '3', rejectReason: '诊断与用药不符，请补充诊断', _transitions: [] });
      expect((await call(app, '/hisPrescription/approve', { method: 'PUT', token: admin, body: { id: id2 } })).status).toBe(404);
    });

    it('delete removes the children too', async () => {
      const id = await add();
      const before = await counts();
      const r = await call(app, '/hisPrescription/delete', { method: 'DELETE', token: hosp, query: { id } });
      expect(r.status, r.body.message).toBe(200);
      expect(await counts()).toEqual([before[0]! - 1, before[1]! - 3]);
    });
  });

  describe('system calls', () => {
    it('duplicate check: within the tenant, global for usernames, dataId excludes the row itself', async () => {
      const rec = (await list('/hisDoctor/list', hosp, { realname: '*测试甲一*' })).records[0]!;
      const taken = await call(app, '/sys/duplicate/check', { token: hosp, query: { resource: 'hisDoctor', field: 'pracCertNo', value: 'PGXa001' } });
      expect(taken.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
      const self = await call(app, '/sys/duplicate/check', { token: hosp, query: { resource: 'hisDoctor', field: 'pracCertNo', value: 'PGXa001', dataId: String(rec.id) } });
      expect(self.body).toMatchObject({ success: true, message: '该值可用！' });
      const otherTenant = await call(app, '/sys/duplicate/check', { token: admin, query: { resource: 'hisDoctor', field: 'pracCertNo', value: 'PGXa001' } });
      expect(otherTenant.body.success).toBe(true);
      const user = await call(app, '/sys/duplicate/check', { token: hosp, query: { resource: 'sysUser', field: 'username', value: 'admin' } });
      expect(user.body.success).toBe(false);
      expect((await call(app, '/sys/duplicate/check', { token: hosp, query: { resource: 'sys_user', field: 'username', value: 'x' } })).status).toBe(400);
    });

    it('dictionary items', async () => {
      const r = await call<Array<{ value: string; text: string; title: string; color?: string }>>(app, '/sys/dict/getDictItems/sex', { token: admin });
      expect(r.status).toBe(200);
      expect(r.body.result[0]).toEqual({ value: '1', text: '男', title: '男', color: 'blue' });
      expect(await count(`select count(*) as n from sys_dict_item i join sys_dict d on d.id = i.dict_id where d.dict_code = 'sex'`)).toBe(r.body.result.length);
      expect((await call(app, '/sys/dict/getDictItems/nope', { token: admin })).status).toBe(404);
    });
  });

  describe('two instances on one database', () => {
    it('a data rule chosen or cleared on one instance applies to the next list call on the other (sessions cached there hold the rules)', async () => {
      const second = await buildApp({ databaseUrl: tdb.url, seedRows: SEED_ROWS, staticDir: '/nonexistent', dataDir });
      try {
        const hospThere = await login(second, 'hospadmin');
        const totalThere = async () => {
          const r = await call<Page<Rec>>(second, '/hisDoctor/list', { token: hospThere, query: { pageSize: 1 } });
          expect(r.status, r.body.message).toBe(200);
          return r.body.result.total;
        };
        /** The total the other instance answers once it differs from `from` (the bus needs a few ms), or the last one after 2 s. */
        const settled = async (from: number) => {
          const end = Date.now() + 2000;
          let n = await totalThere();
          while (n === from && Date.now() < end) {
            await new Promise((r) => setTimeout(r, 50));
            n = await totalThere();
          }
          return n;
        };
        const all = await totalThere();
        expect(all).toBeGreaterThan(0);
        const tree = await call<{ treeList: Array<{ key: string; title: string; menuType: number; children?: unknown[] }> }>(app, '/sys/role/queryTreeList', { token: admin, tenantId: 1001 });
        type Node = { key: string; title: string; menuType: number; children?: Node[] };
        const flat = (ns: Node[]): Node[] => ns.flatMap((n) => [n, ...flat(n.children ?? [])]);
        const page = flat(tree.body.result.treeList as Node[]).find((n) => n.title === '医生管理' && n.menuType !== 2)!.key;
        const added = await call(app, '/sys/permission/addPermissionRule', { token: admin, body: { permissionId: page, ruleName: '无此科室', ruleColumn: 'departIds', ruleConditions: '=', ruleValue: 'no-such-department', status: '1' } });
        expect(added.body.message).toBe('添加成功！');
        const rules = await call<Page<Rec>>(app, '/sys/permission/getPermRuleListByPermId', { token: admin, query: { permissionId: page } });
        const ruleId = String(rules.body.result.records.find((r) => r.ruleName === '无此科室')!.id);
        const roles = await call<Page<Rec>>(app, '/sys/role/list', { token: admin, tenantId: 1001, query: { roleCode: 'hospadmin' } });
        const role = String(roles.body.result.records.find((r) => r.roleCode === 'hospadmin')!.id);
        // the other instance has read hospadmin's (empty) rules for this page since the rule was added
        expect(await totalThere()).toBe(all);
        const choose = async (ids: string) => expect((await call(app, '/sys/role/datarule', { token: admin, tenantId: 1001, body: { permissionId: page, roleId: role, dataRuleIds: ids } })).body.message).toBe('保存成功！');
        await choose(ruleId);
        expect(await settled(all)).toBe(0);
        await choose('');
        expect(await settled(0)).toBe(all);
        expect((await call(app, '/sys/permission/deletePermissionRule', { method: 'DELETE', token: admin, query: { id: ruleId } })).body.message).toBe('删除成功！');
      } finally {
        await second.close();
      }
    });
  });

  describe('restart on the same database', () => {
    it('a second buildApp neither migrates nor seeds again', async () => {
      const snapshot = async () => ({
        migrations: await count('select count(*) as n from sys_migration'),
        tenants: await count('select count(*) as n from sys_tenant'),
        users: await count('select count(*) as n from sys_user'),
        perms: await count('select count(*) as n from sys_permission'),
        doctors: await count('select count(*) as n from his_doctor'),
        regions: await count('select count(*) as n from sys_region'),
      });
      const before = await snapshot();
      const t = Date.now();
      const second = await buildApp({ databaseUrl: tdb.url, seedRows: SEED_ROWS, staticDir: '/nonexistent', dataDir });
      timings.secondStart = Date.now() - t;
      try {
        expect(await snapshot()).toEqual(before);
        const token = await login(second, 'hospadmin');
        const r = await call<Page<Rec>>(second, '/hisDoctor/list', { token, query: { realname: '*测试甲*' } });
        expect(r.body.result.total).toBe(2);
      } finally {
        await second.close();
      }
      const database = openDatabase({ databaseUrl: tdb.url });
      try {
        expect((await migrate(database, defs())).applied).toEqual([]);
      } finally {
        await database.close();
      }
    });
  });
});
