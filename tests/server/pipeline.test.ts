/**
 * The one write pipeline, driven through the real HTTP API: references checked for existence and
 * tenant on every write path (no privilege escalation through sysUser.roleIds), role grants
 * limited to the caller's own codes, child rows bound to their parent, transitions subject to
 * field edit access and refusing unknown keys, imports committing rows and effects in one
 * transaction with the caller, dry runs by default, masking of queryById and export, writes
 * into missing or disabled tenants refused, and the data log.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { ApiError } from '../../src/server/errors.js';
import type { Effects } from '../../src/server/resources/effects.js';
import { call, login, PASSWORDS, schemasCopy, tempDir, testApp } from './helpers.js';
import { raw, upload } from './files.multipart.js';

type Rec = Record<string, unknown>;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HOSP = '1001';
const REF_INVALID = '选择的记录不存在或无权使用';

/** What the afterWrite probe of hisDoctor saw, call by call; `fail` makes it refuse. */
const probe = { calls: [] as Array<{ tenantId: number; username: string; op?: string; ids: number; visible: number }>, fail: false };
const testEffects = (effects: Effects) => effects.register('testPipelineProbe', async (e) => {
  const ids = e.write?.ids ?? [];
  const row = ids.length && e.write?.op !== 'delete'
    ? await e.db.selectFrom('his_doctor').select((eb) => eb.fn.countAll().as('n')).where('id', 'in', ids).executeTakeFirst()
    : { n: 0 };
  probe.calls.push({ tenantId: e.caller.tenantId, username: e.caller.user.username, op: e.write?.op, ids: ids.length, visible: Number(row?.n ?? 0) });
  if (probe.fail) throw new ApiError(400, '探针：拒绝写入');
});

/** The repository's schemas; hisDoctor: export + import, the probe effect, a field edit code on rejectReason. */
function fixtureSchemas(root: string): string {
  const dir = schemasCopy(path.join(root, 'schemas'));
  const file = path.join(dir, 'modules/hisDoctor.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { list: Rec; fields: Rec[]; effects?: Rec };
  doc.list = { ...doc.list, export: true, import: true };
  doc.effects = { afterWrite: ['testPipelineProbe'] };
  doc.fields.find((f) => f.key === 'rejectReason')!.permission = { edit: 'hisDoctor:rejectReason:edit' };
  fs.writeFileSync(file, JSON.stringify(doc));
  const regFile = path.join(dir, 'registry.json');
  const reg = JSON.parse(fs.readFileSync(regFile, 'utf8')) as { effects: string[] };
  reg.effects.push('testPipelineProbe');
  fs.writeFileSync(regFile, JSON.stringify(reg));
  return dir;
}

const root = tempDir('hosp-pipeline-');
let dataDir: string;
let app: FastifyInstance;
let admin: string;
let hosp: string;
const dbFile = () => path.join(dataDir, 'hospital.db');

const list = async (p: string, token: string, query: Record<string, string | number> = {}, tenantId?: string) => {
  const r = await call<Page<Rec>>(app, p, { token, query, ...(tenantId ? { tenantId } : {}) });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
};
const get = async (p: string, id: string, token = hosp, tenantId?: string) => {
  const r = await call<Rec>(app, p, { token, query: { id }, ...(tenantId ? { tenantId } : {}) });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
};
/** Id of a role by code, looked up by the platform administrator in `tenantId` (default the platform's). */
const roleId = async (code: string, tenantId?: string) => String((await list('/sys/role/list', admin, { roleCode: `*${code}*`, pageSize: 50 }, tenantId)).records.find((r) => r.roleCode === code)!.id);

const newUser = (n: number, roleIds: string): Rec => ({
  username: `pipe${n}`, password: 'Pipe@123456', realname: `管道${n}`, workNo: `PP${n}`, phone: `1370000${String(n).padStart(4, '0')}`, status: '1', roleIds,
});

beforeAll(async () => {
  dataDir = path.join(root, 'data');
  const schemasDir = fixtureSchemas(root);
  // first start seeds the file database; the platform admin makes two roles in the hospital tenant
  const first = await testApp({ schemasDir, memory: false, dataDir, seedRows: 6, effects: testEffects });
  const a = await login(first, 'admin');
  for (const role of [{ roleName: '用户删除员', roleCode: 'userdeleter' }, { roleName: '冒名超管', roleCode: 'admin' }]) {
    const r = await call(first, '/sys/role/add', { token: a, tenantId: HOSP, body: role });
    expect(r.body.success, r.body.message).toBe(true);
  }
  await first.close();
  // the deleter role holds user:delete (hospadmin does not); rejectReason edits are not hospadmin's;
  // tenant 1002 exists but is disabled
  const db = new BetterSqlite3(dbFile());
  const perm = db.prepare(`select id from sys_permission where perms = 'user:delete'`).get() as { id: string };
  const deleter = db.prepare(`select id from sys_role where role_code = 'userdeleter' and tenant_id = 1001`).get() as { id: string };
  db.prepare('insert into sys_role_permission (id, role_id, permission_id) values (?, ?, ?)').run('9000000000000000001', deleter.id, perm.id);
  db.prepare(
    `delete from sys_role_permission where role_id in (select id from sys_role where role_code = 'hospadmin')
       and permission_id in (select id from sys_permission where perms = 'hisDoctor:rejectReason:edit')`,
  ).run();
  db.prepare(`insert into sys_tenant (id, name, status, create_time) values (1002, '停用医院', 0, '2024-01-01 00:00:00')`).run();
  db.close();
  app = await testApp({ schemasDir, memory: false, dataDir, seedRows: 6, effects: testEffects });
  admin = await login(app, 'admin');
  hosp = await login(app, 'hospadmin');
});
afterAll(async () => {
  await app.close();
});

describe('references: existence and tenant (sysUser.roleIds)', () => {
  it('hospadmin cannot add a user holding a platform role: 400 naming the field, nothing written', async () => {
    const platformAdmin = await roleId('admin');
    const zhuliRole = await roleId('zhuli', HOSP);
    const before = (await list('/sys/user/list', hosp, { pageSize: 1 })).total;
    for (const roleIds of [platformAdmin, `${zhuliRole},${platformAdmin}`, '123456789012345678']) {
      const r = await call<{ errors: Array<{ field: string; message: string }> }>(app, '/sys/user/add', { token: hosp, body: newUser(1, roleIds) });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, message: `角色分配：${REF_INVALID}` });
      expect(r.body.result.errors).toEqual([{ field: 'roleIds', message: REF_INVALID }]);
    }
    expect((await list('/sys/user/list', hosp, { pageSize: 1 })).total).toBe(before);
    expect((await call(app, '/sys/login', { body: { username: 'pipe1', password: 'Pipe@123456' } })).body.success).toBe(false);
  });

  it('hospadmin cannot put a platform role on her own user; her roles and codes stay', async () => {
    const platformAdmin = await roleId('admin');
    const me = (await list('/sys/user/list', hosp, { username: '*hospadmin*' })).records[0]!;
    const rec = await get('/sys/user/queryById', String(me.id));
    const r = await call(app, '/sys/user/edit', { method: 'PUT', token: hosp, body: { ...rec, roleIds: `${rec.roleIds},${platformAdmin}` } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(`角色分配：${REF_INVALID}`);
    expect((await get('/sys/user/queryById', String(me.id))).roleIds).toBe(rec.roleIds);
    const again = await login(app, 'hospadmin', PASSWORDS.hospadmin);
    expect((await call(app, '/sys/role/list', { token: again })).status).toBe(403);
  });

  it('a user of her own tenant with a role of her tenant is fine and can log in', async () => {
    const r = await call<string>(app, '/sys/user/add', { token: hosp, body: newUser(2, await roleId('zhuli', HOSP)) });
    expect(r.body, r.body.message).toMatchObject({ success: true });
    expect(await login(app, 'pipe2', 'Pipe@123456')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('references follow the field filter (ref.filter {field})', () => {
  it("a doctor's department must belong to the doctor's hospital, also when only the hospital changes", async () => {
    // a doctor of one hospital, and a department of another hospital of the same tenant
    const departs = (await list('/hisDepartment/list', hosp, { pageSize: 200, _flat: 1 })).records;
    const doc = (await list('/hisDoctor/list', hosp, { pageSize: 50 })).records.find((d) => departs.some((x) => x.hospitalId !== d.hospitalId))!;
    const d1 = departs.find((x) => x.hospitalId === doc.hospitalId) ?? { id: '' };
    const d2 = departs.find((x) => x.hospitalId !== doc.hospitalId)!;
    const h2 = { id: d2.hospitalId };
    const rec = await get('/hisDoctor/queryById', String(doc.id));
    const wrong = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...rec, departIds: d2.id } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(`科室：${REF_INVALID}`);
    const moved = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...rec, hospitalId: h2.id } });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toBe(`科室：${REF_INVALID}`);
    const both = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...rec, hospitalId: h2.id, departIds: d2.id } });
    expect(both.body, both.body.message).toMatchObject({ success: true });
    expect(d1.id).not.toBe(d2.id);
  });
});

describe('ref.grantSubset: a user can never grant a role holding codes she lacks', () => {
  it('refuses a role of her tenant that holds user:delete, and the super-administrator role code', async () => {
    for (const code of ['userdeleter', 'admin']) {
      const role = await roleId(code, HOSP);
      const r = await call(app, '/sys/user/add', { token: hosp, body: newUser(3, role) });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('角色分配：不能授予超出本人权限的记录');
      expect(await call(app, '/sys/login', { body: { username: 'pipe3', password: 'Pipe@123456' } }).then((x) => x.body.success)).toBe(false);
    }
  });

  it('the platform administrator, who holds every code, may grant it', async () => {
    const r = await call(app, '/sys/user/add', { token: admin, tenantId: HOSP, body: newUser(4, await roleId('userdeleter', HOSP)) });
    expect(r.body, r.body.message).toMatchObject({ success: true });
  });
});

describe('child rows stay with their parent and tenant', () => {
  const item = (drugId: unknown, over: Rec = {}): Rec => ({ drugId, dose: 1, doseUnit: 'g', frequency: 'tid', route: 'po', days: 3, quantity: 2, ...over });

  it("a row attached to another tenant's parent is refused", async () => {
    const platformRx = (await list('/hisPrescription/list', admin, { pageSize: 1 })).records[0]!;
    const before = ((await get('/hisPrescription/queryById', String(platformRx.id), admin)).items as Rec[]).length;
    const drug = (await list('/sysDrug/list', hosp, { pageSize: 1 })).records[0]!;
    const r = await call(app, '/hisPrescriptionItem/add', { token: hosp, body: { prescriptionId: platformRx.id, ...item(drug.id) } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(`处方：${REF_INVALID}`);
    expect(((await get('/hisPrescription/queryById', String(platformRx.id), admin)).items as Rec[]).length).toBe(before);
  });

  it("a parent edit cannot use another tenant's drug nor adopt another tenant's row", async () => {
    const rx = (await list('/hisPrescription/list', hosp, { pageSize: 1 })).records[0]!;
    const rec = await get('/hisPrescription/queryById', String(rx.id));
    const platformDrug = (await list('/sysDrug/list', admin, { pageSize: 1 })).records[0]!;
    const foreignDrug = await call(app, '/hisPrescription/edit', { method: 'PUT', token: hosp, body: { ...rec, items: [item(platformDrug.id)] } });
    expect(foreignDrug.status).toBe(400);
    expect(foreignDrug.body.message).toBe(`处方明细第1行：药品：${REF_INVALID}`);
    const platformRx = (await list('/hisPrescription/list', admin, { pageSize: 1 })).records[0]!;
    const platformItem = ((await get('/hisPrescription/queryById', String(platformRx.id), admin)).items as Rec[])[0]!;
    const ownDrug = (await list('/sysDrug/list', hosp, { pageSize: 1 })).records[0]!;
    const adopt = await call(app, '/hisPrescription/edit', { method: 'PUT', token: hosp, body: { ...rec, items: [{ ...platformItem, drugId: ownDrug.id }] } });
    expect(adopt.status).toBe(400);
    expect(adopt.body.message).toBe('处方明细第1行：未找到对应数据');
    expect(await get('/hisPrescription/queryById', String(rx.id))).toEqual(rec);
  });

  it('a row is not moved to another parent through its own edit', async () => {
    const [a, b] = (await list('/hisPrescription/list', hosp, { pageSize: 2 })).records;
    const row = ((await get('/hisPrescription/queryById', String(a!.id))).items as Rec[])[0]!;
    const r = await call(app, '/hisPrescriptionItem/edit', { method: 'PUT', token: hosp, body: { ...row, prescriptionId: b!.id } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('处方：不允许移到其他上级记录');
    expect((await get('/hisPrescriptionItem/queryById', String(row.id))).prescriptionId).toBe(a!.id);
  });
});

describe('transitions go through the pipeline', () => {
  async function pendingDoctor(): Promise<Rec> {
    // a department and its hospital (not every demo hospital has departments)
    const depart = (await list('/hisDepartment/list', hosp, { pageSize: 1 })).records[0]!;
    const hospital = { id: depart.hospitalId };
    const n = Math.floor(Math.random() * 9000) + 1000;
    const add = await call<string>(app, '/hisDoctor/add', {
      token: hosp,
      body: { realname: `待审${n}`, sex: '1', phone: `1360000${n}`, idCard: idCard(n % 1000, '19850505'), hospitalId: hospital.id, departIds: depart.id, title: '2', pracType: '1', pracScope: '内科', pracCertNo: `T${n}`, qualCertNo: `Q${n}`, pracStartDate: '2015-06-01', status: '1' },
    });
    expect(add.body.success, add.body.message).toBe(true);
    return get('/hisDoctor/queryById', add.body.result);
  }

  it('refuses keys that are not id, version or a form field, naming the key; nothing changes', async () => {
    const d = await pendingDoctor();
    for (const [body, key] of [[{ id: d.id, foo: '1' }, 'foo'], [{ id: d.id, auditStatus: '1' }, 'auditStatus'], [{ id: d.id, tenantId: 1000 }, 'tenantId'], [{ id: d.id, rejectReason: 'x' }, 'rejectReason']] as const) {
      const r = await call(app, '/hisDoctor/approve', { method: 'PUT', token: hosp, body });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(`不支持的字段：${key}`);
    }
    expect((await get('/hisDoctor/queryById', String(d.id))).auditStatus).toBe('0');
  });

  it('a transition form writing a field the role may not edit is 403; a role that may, passes', async () => {
    const d = await pendingDoctor();
    const r = await call(app, '/hisDoctor/reject', { method: 'PUT', token: hosp, body: { id: d.id, version: d.version, rejectReason: '资质材料不全' } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('没有权限修改字段：未通过原因');
    expect(await get('/hisDoctor/queryById', String(d.id))).toMatchObject({ auditStatus: '0', rejectReason: null, version: d.version });
    const ok = await call(app, '/hisDoctor/reject', { method: 'PUT', token: admin, tenantId: HOSP, body: { id: d.id, version: d.version, rejectReason: '资质材料不全' } });
    expect(ok.body, ok.body.message).toMatchObject({ success: true });
    expect(await get('/hisDoctor/queryById', String(d.id))).toMatchObject({ auditStatus: '2', rejectReason: '资质材料不全', version: Number(d.version) + 1 });
  });
});

/** A GB 11643-valid 18-digit ID card number with birth date `birth` and sequence `n`. */
function idCard(n: number, birth = '19800101'): string {
  const body = `110105${birth}${String(n % 1000).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((a, d, i) => a + Number(d) * w[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

describe('import', () => {
  let hospital: Rec;
  let depart: Rec;

  beforeAll(async () => {
    // a hospital name only this tenant has, with one department
    const h = await call<string>(app, '/hisHospital/add', {
      token: hosp,
      body: { name: '管道测试医院', orgType: '1', uscc: '91640100MA70000901', licenseNo: 'PIPE001', hosType: '1', hosLevel: '31', address: '银川市', phone: '13800000000', status: '1' },
    });
    expect(h.body.success, h.body.message).toBe(true);
    const d = await call<string>(app, '/hisDepartment/add', { token: hosp, body: { name: '管道测试科', code: 'PIPEKS', hospitalId: h.body.result, deptType: '1', status: '1' } });
    expect(d.body.success, d.body.message).toBe(true);
    hospital = await get('/hisHospital/queryById', h.body.result);
    depart = await get('/hisDepartment/queryById', d.body.result);
    // the same name exists only in the platform tenant
    const p = await call(app, '/hisHospital/add', {
      token: admin,
      body: { name: '平台专属医院', orgType: '1', uscc: '91640100MA70000902', licenseNo: 'PIPE002', hosType: '1', hosLevel: '31', address: '银川市', phone: '13800000000', status: '1' },
    });
    expect(p.body.success, p.body.message).toBe(true);
  });

  async function fileOf(rows: Array<Record<string, unknown>>): Promise<Buffer> {
    const t = await raw(app, '/hisDoctor/importTemplate', { token: hosp });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(t.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    rows.forEach((r, i) => {
      const excelRow = ws.getRow(i + 2);
      header.forEach((title, j) => { if (r[title] !== undefined) excelRow.getCell(j + 1).value = r[title] as ExcelJS.CellValue; });
      excelRow.commit();
    });
    return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
  }
  const row = (n: number, over: Rec = {}): Rec => ({
    姓名: `管道导入${n}`, 性别: '女', 手机号: `1359900${String(n).padStart(4, '0')}`, 身份证号: idCard(500 + n), 所属医院: hospital.name, 科室: depart.name,
    职称: '主治医师', 执业类别: '临床', 执业范围: '内科', 医师执业证书编号: `PIPE${n}P`, 医师资格证书编号: `PIPE${n}Q`, 首次执业时间: '2016-03-09', 账号状态: '启用', ...over,
  });
  const post = (file: Buffer, query: Record<string, string>) => upload(app, '/hisDoctor/importExcel', [{ name: 'file', filename: 'd.xlsx', type: XLSX, data: file }], { token: hosp, query });
  const total = async () => (await list('/hisDoctor/list', hosp, { pageSize: 1 })).total;

  it("a row naming another tenant's record is a row error", async () => {
    const r = await post(await fileOf([row(1), row(2, { 所属医院: '平台专属医院' })]), { dryRun: '1' });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.result).toMatchObject({ total: 2, valid: 1, invalid: 1, errors: [{ row: 3, field: 'hospitalId', title: '所属医院', message: '所属医院：未找到“平台专属医院”' }] });
  });

  it('dryRun empty or absent writes nothing; only dryRun=0 commits', async () => {
    const before = await total();
    const file = await fileOf([row(3)]);
    for (const query of [{ dryRun: '' }, {}] as Array<Record<string, string>>) {
      const r = await post(file, query);
      expect(r.status, r.body.message).toBe(200);
      expect(r.body.result).toMatchObject({ total: 1, valid: 1, invalid: 0 });
      expect(await total()).toBe(before);
    }
  });

  it('commits rows and their afterWrite effects in one transaction with the caller; a failing effect rolls the rows back', async () => {
    const before = await total();
    probe.calls.length = 0;
    const ok = await post(await fileOf([row(4), row(5)]), { dryRun: '0' });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.result).toEqual({ total: 2, inserted: 2 });
    expect(probe.calls).toEqual([{ tenantId: 1001, username: 'hospadmin', op: 'add', ids: 2, visible: 2 }]);
    expect(await total()).toBe(before + 2);

    probe.fail = true;
    try {
      const refused = await post(await fileOf([row(6), row(7)]), { dryRun: '0' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('探针：拒绝写入');
    } finally {
      probe.fail = false;
    }
    expect(await total()).toBe(before + 2);
    expect((await list('/hisDoctor/list', hosp, { realname: '*管道导入6*' })).total).toBe(0);
  });
});

describe('masking of queryById and export', () => {
  it('hospadmin reads ID card and phone masked; the platform administrator (unmask) reads them whole', async () => {
    const d = (await list('/hisDoctor/list', hosp, { pageSize: 1 })).records[0]!;
    const masked = await get('/hisDoctor/queryById', String(d.id));
    expect(String(masked.phone)).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(String(masked.idCard)).toMatch(/^\d{3}\*{11}[\dX]{4}$/);
    const whole = await get('/hisDoctor/queryById', String(d.id), admin, HOSP);
    expect(String(whole.phone)).toMatch(/^1\d{10}$/);
    expect(String(whole.idCard)).toMatch(/^\d{17}[\dX]$/);
    expect(String(masked.phone)).toBe(`${String(whole.phone).slice(0, 3)}****${String(whole.phone).slice(-4)}`);

    // saving the masked form back keeps the stored values
    const e = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...masked, pracScope: '内科（复核）' } });
    expect(e.body, e.body.message).toMatchObject({ success: true });
    expect(await get('/hisDoctor/queryById', String(d.id), admin, HOSP)).toMatchObject({ phone: whole.phone, idCard: whole.idCard, pracScope: '内科（复核）' });
  });

  it('export masks for hospadmin and not for the platform administrator', async () => {
    const phones = async (token: string, headers: Record<string, string> = {}) => {
      const res = await raw(app, '/hisDoctor/exportXls', { token, query: { field: 'realname,phone' }, headers });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      return Array.from({ length: ws.actualRowCount - 1 }, (_, i) => String((ws.getRow(i + 2).values as unknown[])[2]));
    };
    const m = await phones(hosp);
    expect(m.length).toBeGreaterThan(0);
    for (const p of m) expect(p).toMatch(/^1\d{2}\*{4}\d{4}$/);
    for (const p of await phones(admin, { 'tenant-id': HOSP })) expect(p).toMatch(/^1\d{10}$/);
  });
});

describe('tenant of a super-tenant write', () => {
  it('refuses a tenant id that does not exist or is disabled; nothing written', async () => {
    for (const tenantId of ['9999', '1002']) {
      const r = await call(app, '/sys/role/add', { token: admin, tenantId, body: { roleName: '越界角色', roleCode: `x${tenantId}` } });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('租户不存在或已停用');
    }
    const db = new BetterSqlite3(dbFile(), { readonly: true });
    const n = db.prepare(`select count(*) as n from sys_role where role_name = '越界角色'`).get() as { n: number };
    db.close();
    expect(n.n).toBe(0);
  });
});

describe('data log', () => {
  it('records who wrote which record in which tenant, with the version reached', async () => {
    const d = (await list('/hisDoctor/list', hosp, { pageSize: 1 })).records[0]!;
    const rec = await get('/hisDoctor/queryById', String(d.id));
    const e = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...rec, expertise: '日志测试' } });
    expect(e.body, e.body.message).toMatchObject({ success: true });
    const db = new BetterSqlite3(dbFile(), { readonly: true });
    const rows = db.prepare(`select * from sys_write_log where resource = 'hisDoctor' and record_id = ? order by create_time, rowid`).all(String(d.id)) as Rec[];
    db.close();
    expect(rows.at(-1)).toMatchObject({ tenant_id: 1001, op: 'edit', username: 'hospadmin', version: Number(rec.version) + 1 });
  });

  it('logs transitions with their action and imports row by row, in the tenant written to', async () => {
    const db = new BetterSqlite3(dbFile(), { readonly: true });
    const reject = db.prepare(`select tenant_id, username, version from sys_write_log where resource = 'hisDoctor' and op = 'reject'`).all() as Rec[];
    const imported = db.prepare(`select count(*) as n from sys_write_log where resource = 'hisDoctor' and op = 'import' and username = 'hospadmin' and tenant_id = 1001 and version = 1`).get() as { n: number };
    const refused = db.prepare(`select count(*) as n from sys_write_log where resource = 'sysRole' and tenant_id in (9999, 1002)`).get() as { n: number };
    db.close();
    expect(reject).toEqual([{ tenant_id: 1001, username: 'admin', version: 2 }]);
    expect(imported.n).toBe(2); // the committed import; the one its effect refused left no log
    expect(refused.n).toBe(0);
  });
});
