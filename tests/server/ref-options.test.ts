/**
 * GET /sys/ref/options: relation options by named id (source resource + field), guarded by
 * the SOURCE's codes, tenant-scoped on the target, only value + label out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';
import { createTestDatabase, probePostgres, type TestDatabase } from './pg-helpers.js';

type Rec = Record<string, unknown>;
interface Opt { value: string; label: string; isLeaf?: boolean }
interface Options { records: Opt[]; total: number }

const PATH = '/sys/ref/options';

/** The repository's schemas with a region field added to hisHospital (no module declares one yet). */
function fixtureSchemas(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-ref-schemas-'));
  fs.cpSync(path.resolve(__dirname, '../../schemas'), root, { recursive: true });
  const file = path.join(root, 'modules/hisHospital.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { fields: Rec[] };
  doc.fields.push({ key: 'regionCode', title: '所在地区', kind: 'region', list: false });
  fs.writeFileSync(file, JSON.stringify(doc));
  return root;
}

const probe = await probePostgres();
/** SQLite always; PostgreSQL too when one is reachable (as tests/server/pg.test.ts finds it). */
const BACKENDS: Array<{ name: string; pg: boolean }> = [{ name: 'SQLite', pg: false }, ...(probe.available ? [{ name: 'PostgreSQL', pg: true }] : [])];

let app: FastifyInstance;
let admin: string;
let hosp: string;
let zhuli: string;
let schemasDir: string;
let tdb: TestDatabase | undefined;
let dataDir: string | undefined;

const options = (token: string, query: Record<string, string>, tenantId?: number) =>
  call<Options>(app, PATH, { token, query, ...(tenantId ? { tenantId } : {}) });

async function list(base: string, token: string, query: Record<string, string> = {}, tenantId?: number): Promise<Rec[]> {
  const r = await call<Page<Rec>>(app, `${base}/list`, { token, query: { pageSize: '1000', ...query }, ...(tenantId ? { tenantId } : {}) });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result.records;
}

describe.each(BACKENDS)('GET /sys/ref/options ($name)', ({ pg }) => {
  beforeAll(async () => {
    schemasDir = fixtureSchemas();
    if (pg) {
      tdb = await createTestDatabase();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-ref-pg-'));
      app = await testApp({ schemasDir, databaseUrl: tdb.url, memory: false, dataDir });
    } else app = await testApp({ schemasDir });
    admin = await login(app, 'admin');
    hosp = await login(app, 'hospadmin');
    zhuli = await login(app, 'zhuli');
  }, 60_000); // seeds every module of the catalogue (PostgreSQL: row by row over the network)

  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
    tdb = undefined;
    fs.rmSync(schemasDir, { recursive: true, force: true });
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it('zhuli (hisDoctor:list only) gets the hospital options of hisDoctor.hospitalId, not hisHospital/list', async () => {
    const direct = await call(app, '/hisHospital/list', { token: zhuli });
    expect(direct.status).toBe(403);
    const r = await options(zhuli, { resource: 'hisDoctor', field: 'hospitalId' });
    expect(r.status, r.body.message).toBe(200);
    const hospitals = await list('/hisHospital', hosp);
    expect(r.body.result.total).toBe(hospitals.length);
    expect(r.body.result.records.length).toBe(Math.min(20, hospitals.length));
    // only value + label, ordered by label
    for (const o of r.body.result.records) expect(Object.keys(o).sort()).toEqual(['label', 'value']);
    const byId = new Map(hospitals.map((h) => [String(h.id), String(h.name)]));
    for (const o of r.body.result.records) expect(byId.get(o.value)).toBe(o.label);
    // ordered by label (SQLite compares bytes; PostgreSQL follows the database collation)
    const labels = r.body.result.records.map((o) => o.label);
    if (!pg) expect(labels).toEqual([...labels].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('403 for a source the caller cannot list / add / edit', async () => {
    const r = await options(zhuli, { resource: 'hisDepartment', field: 'hospitalId' });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/^没有权限：hisDepartment:/);
    const child = await options(zhuli, { resource: 'hisPrescriptionItem', field: 'drugId' });
    expect(child.status).toBe(403);
  });

  it('a child resource without a menu is guarded by its parent codes', async () => {
    const r = await options(hosp, { resource: 'hisPrescriptionItem', field: 'drugId' });
    expect(r.status, r.body.message).toBe(200);
  });

  it('departments filtered by the declared hospitalId filter', async () => {
    const hospitals = await list('/hisHospital', hosp);
    const counts = await Promise.all(hospitals.map(async (h) => ({ h, deps: await list('/hisDepartment', hosp, { hospitalId: String(h.id) }) })));
    const withDeps = counts.find((c) => c.deps.length > 0)!;
    expect(withDeps).toBeTruthy();
    const r = await options(zhuli, { resource: 'hisDoctor', field: 'departIds', hospitalId: String(withDeps.h.id), pageSize: '100' });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.result.total).toBe(withDeps.deps.length);
    expect(new Set(r.body.result.records.map((o) => o.value))).toEqual(new Set(withDeps.deps.map((d) => String(d.id))));
    // without the parameter: all the tenant's departments
    const all = await options(zhuli, { resource: 'hisDoctor', field: 'departIds' });
    expect(all.body.result.total).toBe((await list('/hisDepartment', hosp, { _flat: '1' })).length);
  });

  it('keyword is an escaped LIKE on the label', async () => {
    const hospitals = await list('/hisHospital', hosp);
    const name = String(hospitals[0]!.name);
    const kw = name.slice(1, 3);
    const r = await options(zhuli, { resource: 'hisDoctor', field: 'hospitalId', keyword: kw, pageSize: '100' });
    expect(r.status).toBe(200);
    expect(r.body.result.total).toBe(hospitals.filter((h) => String(h.name).includes(kw)).length);
    expect(r.body.result.records.every((o) => o.label.includes(kw))).toBe(true);
    const pct = await options(zhuli, { resource: 'hisDoctor', field: 'hospitalId', keyword: '%' });
    expect(pct.body.result.total).toBe(hospitals.filter((h) => String(h.name).includes('%')).length);
  });

  it('ids looks up the labels of current values (at most 200)', async () => {
    const hospitals = await list('/hisHospital', hosp);
    const pick = hospitals.slice(0, 2).map((h) => String(h.id));
    const r = await options(zhuli, { resource: 'hisDoctor', field: 'hospitalId', ids: `${pick.join(',')},nope` });
    expect(r.status).toBe(200);
    expect(r.body.result.records.map((o) => o.value).sort()).toEqual([...pick].sort());
    const many = await options(zhuli, { resource: 'hisDoctor', field: 'hospitalId', ids: Array.from({ length: 201 }, (_, i) => `x${i}`).join(',') });
    expect(many.status).toBe(400);
  });

  it('is tenant-scoped on the target', async () => {
    const mine = await list('/hisHospital', hosp);
    const ids = mine.map((h) => String(h.id)).join(',');
    const other = await options(admin, { resource: 'hisDoctor', field: 'hospitalId', ids }, 1000);
    expect(other.status).toBe(200);
    expect(other.body.result.records).toEqual([]);
    const switched = await options(admin, { resource: 'hisDoctor', field: 'hospitalId', ids }, 1001);
    expect(switched.body.result.records.length).toBe(Math.min(mine.length, 200));
  });

  it('tree targets: parent= gives the roots, parent=<id> the children, each with isLeaf', async () => {
    const roots = await options(hosp, { resource: 'hisDepartment', field: 'parentId', parent: '', pageSize: '100' });
    expect(roots.status, roots.body.message).toBe(200);
    const listRoots = await list('/hisDepartment', hosp);
    expect(roots.body.result.total).toBe(listRoots.length);
    const byId = new Map(listRoots.map((d) => [String(d.id), d]));
    for (const o of roots.body.result.records) expect(o.isLeaf).toBe(!byId.get(o.value)!.hasChild);
    const parent = roots.body.result.records.find((o) => o.isLeaf === false)!;
    expect(parent).toBeTruthy();
    const kids = await options(hosp, { resource: 'hisDepartment', field: 'parentId', parent: parent.value, pageSize: '100' });
    const childList = await call<Rec[]>(app, '/hisDepartment/childList', { token: hosp, query: { pid: parent.value } });
    expect(new Set(kids.body.result.records.map((o) => o.value))).toEqual(new Set(childList.body.result.map((d) => String(d.id))));
    expect(kids.body.result.records.every((o) => typeof o.isLeaf === 'boolean')).toBe(true);
  });

  it('kind region: sysRegion by code / name, children by the parent code', async () => {
    const roots = await options(hosp, { resource: 'hisHospital', field: 'regionCode', parent: '', pageSize: '100' });
    expect(roots.status, roots.body.message).toBe(200);
    // hospadmin may not list sysRegion, yet gets the options of its own field; admin reads the rows
    expect((await call(app, '/sysRegion/list', { token: hosp })).status).toBe(403);
    const regions = await list('/sysRegion', admin, { _flat: '1' }, 1001);
    expect(regions.length).toBeGreaterThan(0);
    const byCode = new Map(regions.map((x) => [String(x.code), x]));
    for (const o of roots.body.result.records) expect(byCode.get(o.value)?.name).toBe(o.label);
    expect(roots.body.result.total).toBeGreaterThan(0);
    const parent = roots.body.result.records.find((o) => o.isLeaf === false);
    expect(parent).toBeTruthy();
    if (parent) {
      const kids = await options(hosp, { resource: 'hisHospital', field: 'regionCode', parent: parent.value });
      const pid = String(byCode.get(parent.value)!.id);
      expect(kids.body.result.total).toBe(regions.filter((x) => String(x.parentId) === pid).length);
      expect(kids.body.result.total).toBeGreaterThan(0);
    }
  });

  it('400 for an unknown relation field, an undeclared filter, parent on a flat target', async () => {
    for (const [resource, field] of [['hisDoctor', 'realname'], ['hisDoctor', 'nope'], ['nope', 'hospitalId'], ['', '']] as Array<[string, string]>) {
      const r = await options(admin, { resource, field });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(`未知的关联字段：${resource}.${field}`);
    }
    const u = await options(zhuli, { resource: 'hisDoctor', field: 'hospitalId', status: '1' });
    expect(u.status).toBe(400);
    expect(u.body.message).toBe('不支持的查询条件：status');
    const t = await options(zhuli, { resource: 'hisDoctor', field: 'hospitalId', parent: '' });
    expect(t.status).toBe(400);
  });

  it('a non-relation transition form field is unknown; 401 without a token', async () => {
    const reject = await options(admin, { resource: 'hisDoctor', field: 'rejectReason' });
    expect(reject.status).toBe(400);
    const r = await call(app, PATH, { query: { resource: 'hisDoctor', field: 'hospitalId' } });
    expect(r.status).toBe(401);
  });
});
