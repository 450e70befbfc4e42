/**
 * 处方 §7.9 end to end through the API: pharmacist review (审核通过 stamps the pharmacist and the
 * signature time), then 发药 (已通过 → 已发药) posts the prescription's drug lines out of its
 * dispensing pharmacy's stock (`ledger` keys pharmacy + drug, batches drawn nearest expiry
 * first); a short stock or a missing pharmacy refuses 发药 with nothing written. The upload
 * status is a second state field (`field`): 上报 / 不上报 move it while the prescription
 * keeps its own state, and only once the prescription took effect (`when`): a rejected one
 * offers neither and a forced call is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';
import { loadRegistry } from '../../src/core/schema/load.js';
import { readSchemaFiles } from '../../src/server/schemas-fs.js';
import { DEFAULT_SCHEMAS_DIR } from '../../src/server/schemas.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let token: string;
let pharmacyId: string;
let hospital: Rec;
let doctor: Rec;
let drug: Rec;

const ok = async <T>(r: Promise<{ body: { success: boolean; message: string; result: T } }>): Promise<T> => {
  const b = (await r).body;
  expect(b.success, b.message).toBe(true);
  return b.result;
};
const list = (path: string, query: Rec) => ok(call<Page<Rec>>(app, path, { token, query: { pageSize: 100, ...query } as never }));
const put = (path: string, body: Rec) => call<string>(app, path, { method: 'PUT', token, body });
const byId = (id: string) => ok(call<Rec>(app, '/hisPrescription/queryById', { token, query: { id } }));

async function stock(batchNo: string): Promise<number | undefined> {
  const rows = (await list('/drugStock/list', { pharmacyId, drugId: String(drug.id) })).records.filter((r) => r.batchNo === batchNo);
  return rows[0] ? Number(rows[0].quantity) : undefined;
}

async function stockIn(batchNo: string, expiryDate: string, quantity: number): Promise<void> {
  const id = await ok(call<string>(app, '/drugStockIn/add', { token, body: {
    billType: '1', billDate: '2026-01-05', pharmacyId, supplier: '国药控股宁夏有限公司', handler: '马丽',
    lines: [{ drugId: drug.id, batchNo, expiryDate, quantity, unit: '盒', purchasePrice: 10 }],
  } }));
  await ok(put('/drugStockIn/submit', { id }));
  await ok(put('/drugStockIn/approve', { id }));
}

async function prescription(quantities: number[], pharmacy: string | null = pharmacyId): Promise<string> {
  return ok(call<string>(app, '/hisPrescription/add', { token, body: {
    hospitalId: hospital.id, doctorId: doctor.id, pharmacyId: pharmacy, patientName: '金航', patientSex: '1', patientAge: 36,
    diagnosis: '急性上呼吸道感染', rxCategory: '1', rxType: '1',
    items: quantities.map((quantity) => ({ drugId: drug.id, dose: 1, doseUnit: 'cap', frequency: 'tid', route: 'po', days: 3, quantity })),
  } }));
}

beforeAll(async () => {
  app = await testApp({ seedRows: 3 });
  token = await login(app, 'admin');
  hospital = (await list('/hisHospital/list', { pageSize: 1 })).records[0]!;
  doctor = (await list('/hisDoctor/list', { hospitalId: String(hospital.id) })).records[0]!;
  expect(doctor, 'a doctor of the hospital').toBeTruthy();
  pharmacyId = await ok(call<string>(app, '/hisPharmacy/add', { token, body: {
    name: '发药测试药房', hospitalId: hospital.id, nature: '0', pharmacyType: '10', contact: '马丽', phone: '13995012345',
    regionCode: '640104', address: '银川市兴庆区胜利街804号', deliveryModes: '1,2', enableStatus: '0',
  } }));
  drug = (await list('/sysDrug/list', { pageSize: 1 })).records[0]!;
  await stockIn('B-LATE', '2029-06-30', 10);
  await stockIn('B-SOON', '2027-01-31', 4);
}, 60_000);
afterAll(async () => { await app.close(); });

describe('处方审方与发药', () => {
  it('a pharmacist approves (signature recorded), then 发药 takes the lines from the pharmacy, nearest expiry first', async () => {
    const id = await prescription([3, 2]);
    expect((await byId(id)).status).toBe('1');
    let r = await put('/hisPrescription/dispense', { id });
    expect([r.status, r.body.message]).toEqual([400, '当前状态「待审核」不允许执行「发药」']);
    await ok(put('/hisPrescription/approve', { id }));
    const approved = await byId(id);
    expect(approved).toMatchObject({ status: '5', auditResult: '2', purchaseStatus: '1' });
    expect(String(approved.auditBy)).not.toBe('');
    expect(String(approved.pharmacistSignTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    r = await put('/hisPrescription/dispense', { id });
    expect(r.body.success, r.body.message).toBe(true);
    const done = await byId(id);
    expect(done).toMatchObject({ status: '6', status_dictText: '已发药', purchaseStatus: '3' });
    expect(String(done.dispenseBy)).not.toBe('');
    // 5 units: the 4 of the batch expiring first, then 1 of the later one
    expect(await stock('B-SOON')).toBe(0);
    expect(await stock('B-LATE')).toBe(9);
  });

  it('refuses 发药 beyond the pharmacy stock naming the drug, and writes nothing', async () => {
    const id = await prescription([6, 4]);
    await ok(put('/hisPrescription/approve', { id }));
    const before = await byId(id);
    const r = await put('/hisPrescription/dispense', { id });
    expect([r.status, r.body.message]).toEqual([400, `${String(drug.genericName)}：库存不足（现有 9，出库 10）`]);
    const after = await byId(id);
    expect([after.status, after.version, after.dispenseTime ?? null]).toEqual(['5', before.version, null]);
    expect(await stock('B-LATE')).toBe(9);
  });

  it('refuses 发药 of a prescription without a dispensing pharmacy', async () => {
    const id = await prescription([1], null);
    await ok(put('/hisPrescription/approve', { id }));
    const r = await put('/hisPrescription/dispense', { id });
    expect([r.status, r.body.message]).toEqual([400, '发药药房不能为空']);
    expect((await byId(id)).status).toBe('5');
    expect(await stock('B-LATE')).toBe(9);
  });

  it('不上报 moves the upload status only; the prescription keeps its state', async () => {
    const id = await prescription([1]);
    await ok(put('/hisPrescription/approve', { id }));
    await ok(put('/hisPrescription/ignoreUpload', { id }));
    const row = await byId(id);
    expect([row.status, row.uploadStatus]).toEqual(['5', '5']);
    const r = await put('/hisPrescription/upload', { id });
    expect([r.status, r.body.message]).toEqual([400, '当前状态「已忽略」不允许执行「上报」']);
  });
});

describe('上报 only for a prescription that took effect (transition `when`)', () => {
  it('a rejected (未通过) prescription offers neither 上报 nor 不上报, and a forced 上报 is refused with nothing changed', async () => {
    const id = await prescription([1]);
    await ok(put('/hisPrescription/reject', { id, rejectReason: '用法用量不适宜' }));
    const row = await byId(id);
    expect([row.status, row.uploadStatus]).toEqual(['3', '0']);
    expect(row._transitions).not.toContain('upload');
    expect(row._transitions).not.toContain('ignoreUpload');
    const listed = (await list('/hisPrescription/list', { prescriptionNo: String(row.prescriptionNo) })).records[0]!;
    expect(listed._transitions).toEqual([]);

    const queued = async () => (await list('/hisSuperviseUpload/list', { bizNo: String(row.prescriptionNo) })).total;
    const before = await queued();
    const r = await put('/hisPrescription/upload', { id });
    expect([r.status, r.body.message]).toEqual([400, '当前处方状态「未通过」不允许执行「上报」']);
    const ignored = await put('/hisPrescription/ignoreUpload', { id });
    expect([ignored.status, ignored.body.message]).toEqual([400, '当前处方状态「未通过」不允许执行「不上报」']);
    const after = await byId(id);
    expect([after.status, after.uploadStatus, after.version]).toEqual(['3', '0', row.version]);
    expect(await queued()).toBe(before);
  });

  it('an approved prescription offers 上报 and 不上报', async () => {
    const id = await prescription([1]);
    await ok(put('/hisPrescription/approve', { id }));
    expect((await byId(id))._transitions).toEqual(expect.arrayContaining(['upload', 'ignoreUpload']));
  });
});

describe('transition field and ledger drawOrder in the linter', () => {
  const files = readSchemaFiles(DEFAULT_SCHEMAS_DIR);
  const lint = (edit: (t: Rec[]) => void) => {
    const modules = files.modules.map((f) => {
      const data = structuredClone(f.data) as Rec & { name: string; states?: { transitions: Rec[] } };
      if (data.name === 'hisPrescription') edit(data.states!.transitions);
      return { ...f, data };
    });
    return loadRegistry(modules, files.dicts, files.extensions).problems.filter((p) => p.severity === 'error').map((p) => p.message);
  };
  const find = (ts: Rec[], action: string) => ts.find((t) => t.action === action)! as Rec & { ledger: Rec };

  it('accepts the prescription and refuses a field or drawOrder it could not run', () => {
    expect(lint(() => undefined)).toEqual([]);
    expect(lint((ts) => { find(ts, 'upload').field = 'patientName'; })).toContain('流转 "upload" 的状态字段 "patientName" 必须是已声明的单选 dict 字段');
    expect(lint((ts) => { find(ts, 'upload').to = '6'; })).toEqual(['流转 "upload" 的目标状态 "6" 不是字典 "upload_status" 的值']);
    expect(lint((ts) => { find(ts, 'dispense').ledger.drawOrder = 'shelf'; })).toEqual(['流转 "dispense" 的 ledger：drawOrder "shelf" 不是余额资源 "drugStock" 的字段']);
  });

  it('refuses a `when` on an unknown field, on the field the transition moves, or with a value not in the dictionary', () => {
    expect(lint((ts) => { find(ts, 'upload').when = { shelf: '1' }; })).toEqual(['流转 "upload" 的 when引用的字段 "shelf" 不存在']);
    expect(lint((ts) => { find(ts, 'upload').when = { uploadStatus: '0' }; })).toEqual(['流转 "upload" 的 when引用了字段自身']);
    expect(lint((ts) => { find(ts, 'upload').when = { status: { in: ['5', '7'] } }; })).toEqual(['流转 "upload" 的 when 中 "7" 不是字典 "rx_status" 的值']);
  });
});
