/**
 * Server side of the schema language v1: master-detail children in one transaction,
 * state transitions (allowed / refused / form fields stored / effects), `_transitions` per row
 * and per role, trees (roots + childList), field-level permissions.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import type { Effects } from '../../src/server/resources/effects.js';
import { createAppEffects } from '../../src/server/app.js';
import extensionRegistry from '../../schemas/registry.json';
import { call, login, schemasCopy, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;

let app: FastifyInstance;
let admin: string;
let hosp: string;
let zhuli: string;
const root = tempDir('hosp-lang-');
let drugs: Rec[];
let pharmacyId: string;
let doctor: Rec;

/** The repository's schemas, with field permissions on hisDoctor (idCard needs a view code, title an edit code). */
function fixtureSchemas(dir: string): string {
  const schemas = schemasCopy(path.join(dir, 'schemas'));
  const file = path.join(schemas, 'modules/hisDoctor.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { fields: Rec[] };
  doc.fields.find((f) => f.key === 'idCard')!.permission = { view: 'hisDoctor:idCard:view' };
  doc.fields.find((f) => f.key === 'title')!.permission = { edit: 'hisDoctor:title:edit' };
  fs.writeFileSync(file, JSON.stringify(doc));
  // a row action served by a registered effect
  const rxFile = path.join(schemas, 'modules/hisPrescription.json');
  const rx = JSON.parse(fs.readFileSync(rxFile, 'utf8')) as Rec;
  rx.actions = [{ action: 'countItems', title: '统计明细', placement: 'row', kind: 'call', api: { method: 'POST', path: '/hisPrescription/countItems' }, effect: 'testCountItems' }];
  fs.writeFileSync(rxFile, JSON.stringify(rx));
  return schemas;
}

/** Takes one button permission away from a role, directly in the database file. */
function revoke(dataDir: string, roleCode: string, perms: string): void {
  const db = new BetterSqlite3(path.join(dataDir, 'hospital.db'));
  db.prepare(
    `delete from sys_role_permission where role_id in (select id from sys_role where role_code = ?)
       and permission_id in (select id from sys_permission where perms = ?)`,
  ).run(roleCode, perms);
  db.close();
}

const list = async (p: string, token: string, query: Record<string, string | number> = {}, tenantId?: string) => {
  const r = await call<Page<Rec>>(app, p, { token, query, ...(tenantId ? { tenantId } : {}) });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
};

const item = (over: Rec = {}): Rec => ({ drugId: drugs[0]!.id, dose: 0.5, doseUnit: 'g', frequency: 'tid', route: 'po', days: 3, quantity: 2, ...over });
const prescription = (over: Rec = {}): Rec => ({
  hospitalId: doctor.hospitalId,
  doctorId: doctor.id,
  patientName: '李明',
  patientSex: '1',
  patientAge: 46,
  diagnosis: '高血压病',
  rxCategory: '1',
  rxType: '1',
  items: [item(), item({ drugId: drugs[1]!.id, quantity: 1 }), item({ drugId: drugs[2]!.id, dose: 10, doseUnit: 'mg', frequency: 'qd' })],
  ...over,
});

async function counts(): Promise<[number, number]> {
  return [(await list('/hisPrescription/list', hosp, { pageSize: 1 })).total, (await list('/hisPrescriptionItem/list', hosp, { pageSize: 1 })).total];
}

async function addPrescription(over: Rec = {}): Promise<string> {
  const r = await call<string>(app, '/hisPrescription/add', { token: hosp, body: prescription(over) });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
}

const get = async (p: string, id: string, token = hosp) => (await call<Rec>(app, p, { token, query: { id } })).body.result;

/** This file's extra effect, registered on each app it builds. */
const testEffects = (effects: Effects) => effects.register('testCountItems', async (e) => {
  const row = await e.db.selectFrom('his_prescription_item').select((eb) => eb.fn.countAll().as('n')).where('prescription_id', '=', e.id).executeTakeFirst();
  return { id: e.id, status: e.before?.status, items: Number(row?.n ?? 0) };
});

beforeAll(async () => {
  const dataDir = path.join(root, 'data');
  const schemasDir = fixtureSchemas(root);
  // first start seeds the file database; then one grant is taken away and the app restarted
  const first = await testApp({ schemasDir, memory: false, dataDir, seedRows: 8, effects: testEffects });
  await first.close();
  revoke(dataDir, 'hospadmin', 'hisDoctor:title:edit');
  app = await testApp({ schemasDir, memory: false, dataDir, seedRows: 8, effects: testEffects });
  admin = await login(app, 'admin');
  hosp = await login(app, 'hospadmin');
  zhuli = await login(app, 'zhuli');
  drugs = (await list('/sysDrug/list', hosp, { pageSize: 5 })).records;
  pharmacyId = (await list('/sys/ref/options', hosp, { resource: 'drugStockIn', field: 'pharmacyId', pageSize: 1 })).records[0]!.value as string;
  doctor = (await list('/hisDoctor/list', hosp, { pageSize: 1 })).records[0]!;
}, 60_000);
afterAll(async () => {
  await app?.close();
});

describe('children (master-detail)', () => {
  it('saves a prescription with 3 items in one call and reads them back', async () => {
    const before = await counts();
    const id = await addPrescription();
    expect(await counts()).toEqual([before[0] + 1, before[1] + 3]);
    const rec = await get('/hisPrescription/queryById', id);
    expect(rec.prescriptionNo).toMatch(/^CF\d{8}\d{4}$/);
    expect(rec.status).toBe('1');
    const items = rec.items as Rec[];
    expect(items).toHaveLength(3);
    expect(items.map((i) => i.drugId)).toEqual([drugs[0]!.id, drugs[1]!.id, drugs[2]!.id]);
    expect(items[0]).toMatchObject({ prescriptionId: id, dose: 0.5, doseUnit: 'g', doseUnit_dictText: 'g', frequency_dictText: '每日三次', drugId_dictText: drugs[0]!.genericName });
    // amount = sum of quantity x retail price, computed by the server
    const expected = Math.round((2 * Number(drugs[0]!.retailPrice) + Number(drugs[1]!.retailPrice) + 2 * Number(drugs[2]!.retailPrice)) * 100) / 100;
    expect(rec.amount).toBeCloseTo(expected, 2);
  });

  it('one invalid line: 400 naming the line and field, nothing written', async () => {
    const before = await counts();
    const r = await call<{ errors: Array<{ field: string; message: string }> }>(app, '/hisPrescription/add', {
      token: hosp,
      body: prescription({ items: [item(), item({ dose: null }), item()] }),
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('处方明细第2行：单次剂量：请输入单次剂量!');
    expect(r.body.result.errors).toContainEqual({ field: 'items[1].dose', message: '处方明细第2行：单次剂量：请输入单次剂量!' });
    const days = await call(app, '/hisPrescription/add', { token: hosp, body: prescription({ items: [item({ days: 9 })] }) });
    expect(days.body.message).toBe('处方明细第1行：用药天数：用药天数不能大于7');
    const none = await call(app, '/hisPrescription/add', { token: hosp, body: prescription({ items: [] }) });
    expect(none.body.message).toBe('处方明细至少需要1行');
    expect(await counts()).toEqual(before);
  });

  it('edit replaces the child set (update by id, insert new, delete missing)', async () => {
    const id = await addPrescription();
    const rec = await get('/hisPrescription/queryById', id);
    const [first] = rec.items as Rec[];
    const before = await counts();
    const r = await call(app, '/hisPrescription/edit', {
      method: 'PUT',
      token: hosp,
      body: { ...rec, diagnosis: '高血压病 2级', items: [{ ...first, quantity: 5 }, item({ drugId: drugs[3]!.id, remark: '饭后服用' })] },
    });
    expect(r.status, r.body.message).toBe(200);
    const after = await get('/hisPrescription/queryById', id);
    const items = after.items as Rec[];
    expect(after.diagnosis).toBe('高血压病 2级');
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ id: first!.id, quantity: 5 });
    expect(items[1]).toMatchObject({ drugId: drugs[3]!.id, remark: '饭后服用' });
    expect(await counts()).toEqual([before[0], before[1] - 1]);
    expect(after.amount).toBeCloseTo(Math.round((5 * Number(drugs[0]!.retailPrice) + 2 * Number(drugs[3]!.retailPrice)) * 100) / 100, 2);
  });

  it('a failing child row rolls the whole edit back (parent unchanged)', async () => {
    const id = await addPrescription();
    const rec = await get('/hisPrescription/queryById', id);
    const r = await call(app, '/hisPrescription/edit', {
      method: 'PUT',
      token: hosp,
      body: { ...rec, diagnosis: '不应保存', items: [item({ id: '1234567890123456789' })] },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('处方明细第1行：未找到对应数据');
    const after = await get('/hisPrescription/queryById', id);
    expect(after.diagnosis).toBe(rec.diagnosis);
    expect(after.items).toHaveLength(3);
  });

  it('delete removes the children too', async () => {
    const id = await addPrescription();
    const before = await counts();
    const r = await call(app, '/hisPrescription/delete', { method: 'DELETE', token: hosp, query: { id } });
    expect(r.status, r.body.message).toBe(200);
    expect(await counts()).toEqual([before[0] - 1, before[1] - 3]);
  });

  it('seeds 1–4 items per prescription and 1–5 lines per stock-in bill', async () => {
    const rx = (await list('/hisPrescription/list', hosp, { pageSize: 3 })).records;
    for (const p of rx) {
      const n = ((await get('/hisPrescription/queryById', String(p.id))).items as Rec[]).length;
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(4);
    }
    const bills = (await list('/drugStockIn/list', hosp, { pageSize: 3 })).records;
    expect(bills.length).toBeGreaterThan(0);
    for (const b of bills) {
      const full = await get('/drugStockIn/queryById', String(b.id));
      const lines = full.lines as Rec[];
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(5);
      expect(full.totalAmount).toBeCloseTo(lines.reduce((s, l) => s + Number(l.amount), 0), 2);
      expect(full.billNo).toMatch(/^RK\d{12}$/);
    }
  });
});

describe('transitions', () => {
  it('approves once; approving again is refused by the server and changes nothing', async () => {
    const id = await addPrescription();
    const ok = await call(app, '/hisPrescription/approve', { method: 'PUT', token: hosp, body: { id } });
    expect(ok.status, ok.body.message).toBe(200);
    const approved = await get('/hisPrescription/queryById', id);
    expect(approved).toMatchObject({ status: '5', status_dictText: '已通过', auditBy: '医院管理员' });
    expect(approved.auditTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const again = await call(app, '/hisPrescription/approve', { method: 'PUT', token: hosp, body: { id } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('当前状态「已通过」不允许执行「审核通过」');
    const after = await get('/hisPrescription/queryById', id);
    expect(after.status).toBe('5');
    expect(after.updateTime).toBe(approved.updateTime);
    const voided = await call(app, '/hisPrescription/void', { method: 'PUT', token: hosp, body: { id } });
    expect(voided.body.message).toBe('当前状态「已通过」不允许执行「作废」');
  });

  it('reject needs its reason and stores it', async () => {
    const id = await addPrescription();
    const missing = await call(app, '/hisPrescription/reject', { method: 'PUT', token: hosp, body: { id } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('未通过原因：请输入未通过原因!');
    const unknown = await call(app, '/hisPrescription/reject', { method: 'PUT', token: hosp, body: { id, rejectReason: 'x', status: '5' } });
    expect(unknown.status).toBe(400);
    expect((await get('/hisPrescription/queryById', id)).status).toBe('1');
    const r = await call(app, '/hisPrescription/reject', { method: 'PUT', token: hosp, body: { id, rejectReason: '用法用量不适宜，请核对单次剂量' } });
    expect(r.status, r.body.message).toBe(200);
    expect(await get('/hisPrescription/queryById', id)).toMatchObject({ status: '3', rejectReason: '用法用量不适宜，请核对单次剂量', auditBy: '医院管理员' });
  });

  it('question -> resubmit -> void', async () => {
    const id = await addPrescription();
    expect((await call(app, '/hisPrescription/question', { method: 'PUT', token: hosp, body: { id, auditOpinion: '请确认过敏史' } })).status).toBe(200);
    // the upload status (待上报) has its own transitions, offered only once the prescription took effect (`when`)
    expect(await get('/hisPrescription/queryById', id)).toMatchObject({ status: '2', auditOpinion: '请确认过敏史', _transitions: ['resubmit', 'doubleSign', 'void'] });
    expect((await call(app, '/hisPrescription/resubmit', { method: 'PUT', token: hosp, body: { id } })).status).toBe(200);
    expect((await call(app, '/hisPrescription/void', { method: 'POST', token: hosp, body: { id } })).status).toBe(200);
    expect(await get('/hisPrescription/queryById', id)).toMatchObject({ status: '4', _transitions: [] });
  });

  it('403 without the transition code, 404 for another tenant', async () => {
    const doc = (await list('/hisDoctor/list', hosp, { auditStatus: '0', pageSize: 1 })).records[0]!;
    const r = await call(app, '/hisDoctor/approve', { method: 'PUT', token: zhuli, body: { id: doc.id } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('没有权限：hisDoctor:approve');
    const id = await addPrescription();
    const other = await call(app, '/hisPrescription/approve', { method: 'PUT', token: admin, body: { id } });
    expect(other.status).toBe(404);
    expect((await get('/hisPrescription/queryById', id)).status).toBe('1');
  });

  it('_transitions per row (state) and per role (permission)', async () => {
    const rows = (await list('/hisPrescription/list', hosp, { pageSize: 100 })).records;
    for (const row of rows) {
      const byState = { '1': ['approve', 'reject', 'question', 'void'], '2': ['resubmit', 'doubleSign', 'void'], '3': [], '4': [], '5': ['dispense', 'expire'], '6': [], '9': [] }[String(row.status) as '1'];
      // the upload status moves by its own transitions (field uploadStatus): from 待上报 and 上报失败,
      // for a prescription that took effect (已通过, 已发药, 已失效: their `when`)
      const byUpload = ['0', '3'].includes(String(row.uploadStatus)) && ['5', '6', '9'].includes(String(row.status)) ? ['upload', 'ignoreUpload'] : [];
      expect(row._transitions).toEqual([...byState, ...byUpload]);
    }
    const asHosp = (await list('/hisDoctor/list', hosp, { auditStatus: '0' })).records;
    const asZhuli = (await list('/hisDoctor/list', zhuli, { auditStatus: '0' })).records;
    expect(asHosp.length).toBeGreaterThan(0);
    for (const d of asHosp) expect(d._transitions).toEqual(['approve', 'reject']);
    for (const d of asZhuli) expect(d._transitions).toEqual([]);
    const approved = (await list('/hisDoctor/list', hosp, { auditStatus: '1' })).records;
    for (const d of approved) expect(d._transitions).toEqual([]);
  });
});

test('every effect schemas/registry.json lists is registered on the server', () => {
  const names = createAppEffects().names();
  for (const name of extensionRegistry.effects) expect(names).toContain(name);
});

describe('supersede (one current row per group)', () => {
  const agreement = async (agreementType: string, versionNo: string): Promise<string> => {
    const r = await call<string>(app, '/hisAgreement/add', {
      token: admin,
      body: { name: `协议 ${versionNo}`, agreementType, clients: '1,2', versionNo, content: '<p>协议正文</p>', effectiveTime: '2026-02-01 00:00:00', resign: false },
    });
    expect(r.status, r.body.message).toBe(200);
    return r.body.result;
  };
  const publish = async (id: string) => {
    const r = await call(app, '/hisAgreement/publish', { method: 'PUT', token: admin, body: { id } });
    expect(r.status, r.body.message).toBe(200);
  };
  const published = async (agreementType: string) =>
    (await list('/hisAgreement/list', admin, { agreementType, status: '2', pageSize: 100 })).records.map((r) => r.id);

  it('publishing a version retires the published one of its type (state, set, version, data log), not those of other types', async () => {
    const privacyV1 = await agreement('2', '1.0');
    const privacyV2 = await agreement('2', '2.0');
    const consent = await agreement('3', '1.0');
    await publish(consent);
    await publish(privacyV1);
    expect(await published('2')).toEqual([privacyV1]);
    const v1 = await get('/hisAgreement/queryById', privacyV1, admin);

    await publish(privacyV2);
    expect(await published('2')).toEqual([privacyV2]);
    const retired = await get('/hisAgreement/queryById', privacyV1, admin);
    expect(retired).toMatchObject({ status: '3', status_dictText: '已失效', version: Number(v1.version) + 1 });
    expect(retired.expireTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await published('3')).toContain(consent);
    const db = new BetterSqlite3(path.join(root, 'data', 'hospital.db'), { readonly: true });
    const ops = db.prepare('select op from sys_write_log where resource = ? and record_id = ? order by create_time, op').all('hisAgreement', privacyV1) as Array<{ op: string }>;
    db.close();
    expect(ops.map((o) => o.op)).toEqual(expect.arrayContaining(['add', 'publish', 'supersede']));
  });

  it('demo rows: one published agreement per type and one live mini-program version per AppID; each survey has its numbered questions and their total', async () => {
    for (const token of [admin, hosp]) {
      const agreements = (await list('/hisAgreement/list', admin, { status: '2', pageSize: 1000 }, token === hosp ? '1001' : undefined)).records;
      const types = agreements.map((a) => a.agreementType);
      expect(new Set(types).size).toBe(types.length);
    }
    const live = (await list('/hisWechatVersion/list', admin, { codeStatus: '5', pageSize: 1000 })).records.map((r) => r.appId);
    expect(new Set(live).size).toBe(live.length);
    const surveys = (await list('/hisSurvey/list', admin, { pageSize: 100 })).records;
    expect(surveys.length).toBeGreaterThan(0);
    for (const sv of surveys) {
      const full = await get('/hisSurvey/queryById', String(sv.id), admin);
      const qs = full.questions as Rec[];
      expect(qs.length).toBeGreaterThanOrEqual(1);
      expect(qs.map((q) => q.sort)).toEqual(qs.map((_, i) => i + 1));
      expect(full.totalScore).toBe(qs.reduce((a, q) => a + Number(q.score ?? 0), 0));
    }
  });

  it('a draft of the same type is not touched; republishing nothing else changes nothing', async () => {
    const draft = await agreement('2', '3.0');
    const current = await agreement('2', '3.1');
    await publish(current);
    expect(await get('/hisAgreement/queryById', draft, admin)).toMatchObject({ status: '1' });
    expect(await published('2')).toEqual([current]);
  });
});

describe('actions', () => {
  it('a call action served by a registered effect runs with the row, guarded by its code', async () => {
    const id = await addPrescription();
    const r = await call<Rec>(app, '/hisPrescription/countItems', { token: hosp, body: { id } });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body).toMatchObject({ message: '统计明细成功！', result: { id, status: '1', items: 3 } });
    expect((await call(app, '/hisPrescription/countItems', { token: hosp, body: {} })).body.message).toBe('缺少参数：id');
    expect((await call(app, '/hisPrescription/countItems', { token: zhuli, body: { id } })).body.message).toBe('没有权限：hisPrescription:countItems');
    expect((await call(app, '/hisPrescription/countItems', { token: admin, body: { id } })).status).toBe(404);
  });
});

describe('trees', () => {
  it('region roots are the 34 provincial-level divisions, with hasChild', async () => {
    const page = await list('/sysRegion/list', admin, { pageSize: 100 });
    expect(page.total).toBe(34);
    const byName = new Map(page.records.map((r) => [r.name, r]));
    expect(byName.get('宁夏回族自治区')).toMatchObject({ code: '640000', level: '1', level_dictText: '省', hasChild: true, serviceOpen: true });
    expect(byName.get('天津市')).toMatchObject({ code: '120000', hasChild: false });
    expect(page.records.map((r) => r.code)).toEqual([...page.records.map((r) => String(r.code))].sort());
  });

  it('childList?pid= returns one node’s children; filters give a flat list', async () => {
    const nx = (await list('/sysRegion/list', admin, { code: '640000', pageSize: 1 }, '1001')).records[0]!;
    const cities = await call<Rec[]>(app, '/sysRegion/childList', { token: admin, query: { pid: String((await list('/sysRegion/list', admin, { code: '640000' })).records[0]!.id) } });
    expect(cities.status, cities.body.message).toBe(200);
    expect(cities.body.result.map((c) => c.name)).toEqual(['银川市', '石嘴山市', '吴忠市', '固原市', '中卫市']);
    expect(cities.body.result[0]).toMatchObject({ code: '640100', hasChild: true, parentId_dictText: '宁夏回族自治区' });
    // the hospital tenant has its own copy (regions are seeded per tenant)
    expect(nx.name).toBe('宁夏回族自治区');
    const yc = cities.body.result[0]!;
    const districts = await call<Rec[]>(app, '/sysRegion/childList', { token: admin, query: { pid: String(yc.id) } });
    expect(districts.body.result.map((d) => d.code)).toEqual(['640104', '640105', '640106', '640121', '640122', '640181']);
    expect(districts.body.result.every((d) => d.hasChild === false)).toBe(true);
    const bj = (await list('/sysRegion/list', admin, { code: '1101' })).records;
    expect(bj.map((r) => r.code)).toContain('110108');
    expect(bj.length).toBe(17); // 110100 市辖区 + 16 districts, flat
    expect((await list('/sysRegion/list', admin, { _flat: 1, pageSize: 1 })).total).toBe(34 + 5 + 22 + 1 + 16);
    // another tenant's node: no children visible (the platform admin acting on tenant 1001)
    expect(nx.id).not.toBe((await list('/sysRegion/list', admin, { code: '640000' })).records[0]!.id);
    const foreign = await call<Rec[]>(app, '/sysRegion/childList', { token: admin, tenantId: '1001', query: { pid: String(yc.id) } });
    expect(foreign.body.result).toEqual([]);
    expect((await call(app, '/sysRegion/childList', { token: admin })).status).toBe(400);
  });

  it('departments are two levels deep', async () => {
    const roots = (await list('/hisDepartment/list', hosp, { pageSize: 200 })).records;
    const parents = roots.filter((r) => r.hasChild === true);
    expect(parents.length).toBeGreaterThan(0);
    expect(roots.every((r) => r.parentId === null || r.parentId === '')).toBe(true);
    const kids = await call<Rec[]>(app, '/hisDepartment/childList', { token: hosp, query: { pid: String(parents[0]!.id) } });
    expect(kids.body.result.length).toBeGreaterThan(0);
    for (const k of kids.body.result) expect(k).toMatchObject({ parentId: parents[0]!.id, parentId_dictText: parents[0]!.name, hospitalId: parents[0]!.hospitalId, hasChild: false });
    const del = await call(app, '/hisDepartment/delete', { method: 'DELETE', token: hosp, query: { id: String(parents[0]!.id) } });
    expect(del.status).toBe(400);
    expect(del.body.message).toBe('该节点下还有下级数据，请先删除下级数据');
  });
});

describe('field permissions', () => {
  it('strips fields the caller may not view, from list and queryById', async () => {
    const h = (await list('/hisDoctor/list', hosp, { pageSize: 1 })).records[0]!;
    expect(h.idCard).toEqual(expect.any(String));
    const z = (await list('/hisDoctor/list', zhuli, { pageSize: 1 })).records[0]!;
    expect('idCard' in z).toBe(false);
    const zd = await get('/hisDoctor/queryById', String(z.id), zhuli);
    expect('idCard' in zd).toBe(false);
    expect(zd.realname).toEqual(expect.any(String));
    const sorted = await call(app, '/hisDoctor/list', { token: zhuli, query: { idCard: '1' } });
    expect(sorted.status).toBe(400);
  });

  it('refuses a changed value of a field the caller may not edit; unchanged passes', async () => {
    const d = await get('/hisDoctor/queryById', String(doctor.id));
    const other = d.title === '1' ? '2' : '1';
    const r = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...d, title: other } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('没有权限修改字段：职称');
    expect((await get('/hisDoctor/queryById', String(doctor.id))).title).toBe(d.title);
    const same = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...d, expertise: '高血压的规范化管理' } });
    expect(same.status, same.body.message).toBe(200);
  });
});

describe('server-filled fields, rule codes and write effects (schema words, no per-module code)', () => {
  const round2 = (n: number) => Math.round(n * 100) / 100;
  const today = () => {
    const d = new Date();
    return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  };
  const line = (over: Rec = {}): Rec => ({ drugId: drugs[0]!.id, batchNo: 'B2601', expiryDate: '2028-12-31', quantity: 3, unit: '盒', purchasePrice: 0.1, ...over });
  const bill = (over: Rec = {}): Rec => ({ billType: '1', billDate: '2026-01-15', pharmacyId, supplier: '国药控股', handler: '王敏', lines: [line(), line({ drugId: drugs[1]!.id, quantity: 2, purchasePrice: 7.1 })], ...over });

  it('autoNumber: CF + today + the next 4-digit number of the tenant; a client value is ignored', async () => {
    const a = await get('/hisPrescription/queryById', await addPrescription({ prescriptionNo: 'HACK0001' }));
    const b = await get('/hisPrescription/queryById', await addPrescription());
    const head = `CF${today()}`;
    expect(a.prescriptionNo).toMatch(new RegExp(`^${head}\\d{4}$`));
    expect(Number(String(b.prescriptionNo).slice(head.length))).toBe(Number(String(a.prescriptionNo).slice(head.length)) + 1);
    // read-only on edit
    const r = await call(app, '/hisPrescription/edit', { method: 'PUT', token: hosp, body: { ...b, prescriptionNo: 'CF000000000000' } });
    expect(r.status, r.body.message).toBe(200);
    expect((await get('/hisPrescription/queryById', String(b.id))).prescriptionNo).toBe(b.prescriptionNo);
  });

  it('autoNumber: concurrent adds get distinct numbers', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => addPrescription()));
    const nos = await Promise.all(ids.map(async (id) => String((await get('/hisPrescription/queryById', id)).prescriptionNo)));
    expect(new Set(nos).size).toBe(6);
  });

  it('compute: line amount = quantity × purchasePrice, bill total = Σ lines; recomputed on edit, client values ignored', async () => {
    const r = await call<string>(app, '/drugStockIn/add', { token: hosp, body: bill({ totalAmount: 1, billNo: 'X' }) });
    expect(r.status, r.body.message).toBe(200);
    const rec = await get('/drugStockIn/queryById', r.body.result);
    expect(rec.billNo).toMatch(new RegExp(`^RK${today()}\\d{4}$`));
    const lines = rec.lines as Rec[];
    expect(lines.map((l) => l.amount)).toEqual([0.3, 14.2]); // 3 × 0.1 rounded to the money precision
    expect(rec.totalAmount).toBe(14.5);

    // edit a line's quantity (with a forged amount) -> line and total recomputed
    const e1 = await call(app, '/drugStockIn/edit', { method: 'PUT', token: hosp, body: { ...rec, totalAmount: 0, lines: [{ ...lines[0], quantity: 10, amount: 1 }, lines[1]] } });
    expect(e1.status, e1.body.message).toBe(200);
    const after = await get('/drugStockIn/queryById', String(rec.id));
    expect((after.lines as Rec[]).map((l) => l.amount)).toEqual([1, 14.2]);
    expect(after.totalAmount).toBe(15.2);

    // edit without lines: the total comes from the stored lines (a client value is ignored)
    const { lines: _drop, ...head } = after;
    const e2 = await call(app, '/drugStockIn/edit', { method: 'PUT', token: hosp, body: { ...head, remark: '复核', totalAmount: 99999 } });
    expect(e2.status, e2.body.message).toBe(200);
    expect((await get('/drugStockIn/queryById', String(rec.id))).totalAmount).toBe(after.totalAmount);
  });

  it('compute: prescription amount reads the drugs of the caller tenant (ref path drugId.retailPrice)', async () => {
    const id = await addPrescription({ items: [item({ quantity: 3 }), item({ drugId: drugs[4]!.id, quantity: 1 })], amount: 0.01 });
    const rec = await get('/hisPrescription/queryById', id);
    expect(rec.amount).toBe(round2(3 * Number(drugs[0]!.retailPrice) + Number(drugs[4]!.retailPrice)));
    // a drug id of no row in the tenant counts 0 (the ref itself is validated elsewhere)
  });

  it('rule: sysDrug.code must pass drug_code (400 naming the field, nothing written)', async () => {
    const d = await get('/sysDrug/queryById', String(drugs[0]!.id));
    const before = (await list('/sysDrug/list', hosp, { pageSize: 1 })).total;
    const { id: _id, createTime: _c, createBy: _b, updateTime: _u, updateBy: _ub, tenantId: _t, ...fields } = d;
    const bad = await call<{ errors: Array<{ field: string; message: string }> }>(app, '/sysDrug/add', { token: hosp, body: { ...fields, code: 'Y1000001' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('药品编号：药品编号前2位必须是字母');
    expect(bad.body.result.errors).toEqual([{ field: 'code', message: '药品编号前2位必须是字母' }]);
    const short = await call(app, '/sysDrug/add', { token: hosp, body: { ...fields, code: 'YP1234567' } });
    expect(short.body.message).toBe('药品编号：药品编号必须是8位（2位字母+6位数字）');
    const edit = await call(app, '/sysDrug/edit', { method: 'PUT', token: hosp, body: { ...d, code: 'YPABCDEF' } });
    expect(edit.status).toBe(400);
    expect(edit.body.message).toBe('药品编号：药品编号第3-8位必须是数字');
    expect((await list('/sysDrug/list', hosp, { pageSize: 1 })).total).toBe(before);
    expect((await get('/sysDrug/queryById', String(d.id))).code).toBe(d.code);
    // the seeded codes pass the rule
    for (const x of drugs) expect(String(x.code)).toMatch(/^[A-Za-z]{2}\d{6}$/);
  });

  it('effects.afterWrite: syncUserRoles mirrors roleIds into sys_user_role; dropRoleLinks cleans up a deleted role', async () => {
    const db = () => new BetterSqlite3(path.join(root, 'data', 'hospital.db'), { readonly: true });
    const links = (sql: string, ...args: unknown[]) => {
      const h = db();
      try { return h.prepare(sql).all(...args) as Rec[]; } finally { h.close(); }
    };
    const role = await call<string>(app, '/sys/role/add', { token: admin, body: { roleName: '效果测试角色', roleCode: 'effect_test' } });
    expect(role.status, role.body.message).toBe(200);
    const roleId = String((await list('/sys/role/list', admin, { roleCode: 'effect_test' })).records[0]!.id);
    const user = await call<string>(app, '/sys/user/add', {
      token: admin,
      body: { username: 'effectuser', password: 'Effect@12345', realname: '效果', workNo: 'E001', phone: '13700000099', status: '1', roleIds: roleId },
    });
    expect(user.status, user.body.message).toBe(200);
    const userId = String((await list('/sys/user/list', admin, { username: 'effectuser' })).records[0]!.id);
    expect(links('select role_id from sys_user_role where user_id = ?', userId)).toEqual([{ role_id: roleId }]);
    const del = await call(app, '/sys/role/delete', { method: 'DELETE', token: admin, query: { id: roleId } });
    expect(del.status, del.body.message).toBe(200);
    expect(links('select * from sys_user_role where role_id = ?', roleId)).toEqual([]);
    const delUser = await call(app, '/sys/user/delete', { method: 'DELETE', token: admin, query: { id: userId } });
    expect(delUser.status, delUser.body.message).toBe(200);
    expect(links('select * from sys_user_role where user_id = ?', userId)).toEqual([]);
  });

  it('schemas name the words, the server code names no module', () => {
    const src = (f: string) => fs.readFileSync(path.resolve(__dirname, '../../src/server/resources', f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    for (const f of fs.readdirSync(path.resolve(__dirname, '../../src/server/resources'))) {
      expect(src(f), f).not.toMatch(/hisPrescription|drugStockIn|sysUser|sysRole|hisDoctor|sysDrug/);
    }
  });
});
