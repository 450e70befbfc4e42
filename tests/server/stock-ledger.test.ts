/**
 * The `ledger` schema word on the stock bills: approving a stock-in adds its lines to the
 * balance per pharmacy, drug and batch (drugStock), approving a stock-out takes them away, and
 * a stock-out that would take a balance below zero is refused naming the drug, with nothing
 * written (neither the balance nor the bill's state).
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
let drug: Rec;
let otherDrug: Rec;

const ok = async <T>(r: Promise<{ body: { success: boolean; message: string; result: T } }>): Promise<T> => {
  const b = (await r).body;
  expect(b.success, b.message).toBe(true);
  return b.result;
};
const list = (path: string, query: Rec) => ok(call<Page<Rec>>(app, path, { token, query: { pageSize: 100, ...query } as never }));
const put = (path: string, body: Rec) => call<string>(app, path, { method: 'PUT', token, body });

async function balance(drugId: unknown, batchNo: string): Promise<number | undefined> {
  const page = await list('/drugStock/list', { pharmacyId, drugId: String(drugId), batchNo: `*${batchNo}*` });
  const rows = page.records.filter((r) => r.batchNo === batchNo);
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0] ? Number(rows[0].quantity) : undefined;
}

async function stockIn(lines: Rec[]): Promise<string> {
  const id = await ok(call<string>(app, '/drugStockIn/add', { token, body: { billType: '1', billDate: '2026-01-05', pharmacyId, supplier: '国药控股浙江有限公司', handler: '王丽', lines } }));
  await ok(put('/drugStockIn/submit', { id }));
  await ok(put('/drugStockIn/approve', { id }));
  return id;
}

async function stockOut(lines: Rec[]): Promise<string> {
  const id = await ok(call<string>(app, '/drugStockOut/add', { token, body: { billType: '2', billDate: '2026-01-06', pharmacyId, handler: '李明', lines } }));
  await ok(put('/drugStockOut/submit', { id }));
  return id;
}

const inLine = (d: Rec, batchNo: string, quantity: number) => ({ drugId: d.id, batchNo, expiryDate: '2028-02-07', quantity, unit: '盒', purchasePrice: 10 });
const outLine = (d: Rec, batchNo: string, quantity: number) => ({ drugId: d.id, batchNo, quantity, unit: '盒', retailPrice: 15 });

beforeAll(async () => {
  app = await testApp({ seedRows: 3 });
  token = await login(app, 'admin');
  const hospital = (await list('/hisHospital/list', { pageSize: 1 })).records[0]!;
  pharmacyId = await ok(call<string>(app, '/hisPharmacy/add', { token, body: {
    name: '记账测试药房', hospitalId: hospital.id, nature: '0', pharmacyType: '10', contact: '王丽', phone: '13812345678',
    regionCode: '330106', address: '杭州市西湖区文三路100号', deliveryModes: '1,2', enableStatus: '0',
  } }));
  const drugs = (await list('/sysDrug/list', { pageSize: 2 })).records;
  [drug, otherDrug] = [drugs[0]!, drugs[1]!];
});
afterAll(async () => { await app.close(); });

describe('药品库存记账', () => {
  it('a stock-in adds its lines per pharmacy, drug and batch; lines of one batch count together', async () => {
    await stockIn([inLine(drug, 'L001', 10), inLine(drug, 'L001', 5), inLine(drug, 'L002', 3)]);
    expect(await balance(drug.id, 'L001')).toBe(15);
    expect(await balance(drug.id, 'L002')).toBe(3);
    const row = (await list('/drugStock/list', { pharmacyId, batchNo: '*L001*' })).records[0]!;
    expect(row).toMatchObject({ expiryDate: '2028-02-07', unit: '盒', drugId_dictText: drug.genericName, pharmacyId_dictText: '记账测试药房' });
    await stockIn([inLine(drug, 'L001', 5)]);
    expect(await balance(drug.id, 'L001')).toBe(20);
  });

  it('a stock-in that is only submitted or rejected moves nothing', async () => {
    const id = await ok(call<string>(app, '/drugStockIn/add', { token, body: { billType: '1', billDate: '2026-01-05', pharmacyId, supplier: '国药控股浙江有限公司', handler: '王丽', lines: [inLine(drug, 'L009', 9)] } }));
    await ok(put('/drugStockIn/submit', { id }));
    await ok(put('/drugStockIn/reject', { id, rejectReason: '批号与随货单不符' }));
    expect(await balance(drug.id, 'L009')).toBeUndefined();
  });

  it('a stock-out takes its lines away on approval', async () => {
    const id = await stockOut([outLine(drug, 'L001', 8)]);
    expect(await balance(drug.id, 'L001')).toBe(20);
    await ok(put('/drugStockOut/approve', { id }));
    expect(await balance(drug.id, 'L001')).toBe(12);
  });

  it('refuses a stock-out beyond the balance, naming the drug, and writes nothing', async () => {
    const id = await stockOut([outLine(drug, 'L001', 13)]);
    const r = await put('/drugStockOut/approve', { id });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(`${String(drug.genericName)}：库存不足（现有 12，出库 13）`);
    expect(await balance(drug.id, 'L001')).toBe(12);
    const bill = await ok(call<Rec>(app, '/drugStockOut/queryById', { token, query: { id } }));
    expect(bill.status).toBe('1');
    expect(bill.auditBy ?? null).toBeNull();
  });

  it('refuses a batch never stocked (现有 0) and a bill whose lines of one batch together exceed it', async () => {
    let r = await put('/drugStockOut/approve', { id: await stockOut([outLine(otherDrug, 'L404', 1)]) });
    expect(r.body.message).toBe(`${String(otherDrug.genericName)}：库存不足（现有 0，出库 1）`);
    r = await put('/drugStockOut/approve', { id: await stockOut([outLine(drug, 'L001', 7), outLine(drug, 'L001', 6)]) });
    expect(r.body.message).toBe(`${String(drug.genericName)}：库存不足（现有 12，出库 13）`);
    expect(await balance(drug.id, 'L001')).toBe(12);
  });

  it('one short line refuses the whole bill: the other lines are not taken either', async () => {
    const id = await stockOut([outLine(drug, 'L002', 2), outLine(drug, 'L001', 50)]);
    const r = await put('/drugStockOut/approve', { id });
    expect(r.body.message).toBe(`${String(drug.genericName)}：库存不足（现有 12，出库 50）`);
    expect(await balance(drug.id, 'L002')).toBe(3);
    expect(await balance(drug.id, 'L001')).toBe(12);
  });

  it('may take a balance to exactly zero, never below', async () => {
    await ok(put('/drugStockOut/approve', { id: await stockOut([outLine(drug, 'L002', 3)]) }));
    expect(await balance(drug.id, 'L002')).toBe(0);
    const r = await put('/drugStockOut/approve', { id: await stockOut([outLine(drug, 'L002', 1)]) });
    expect(r.body.message).toBe(`${String(drug.genericName)}：库存不足（现有 0，出库 1）`);
  });

  it('a posted bill keeps its lines: no edit or delete of it or of its lines once approved (states.editable)', async () => {
    const id = await stockIn([inLine(drug, 'L777', 4)]);
    const bill = await ok(call<Rec>(app, '/drugStockIn/queryById', { token, query: { id } }));
    const line = (bill.lines as Rec[])[0]!;
    let r = await call(app, '/drugStockIn/edit', { method: 'PUT', token, body: { ...bill, lines: [{ ...line, quantity: 400 }] } });
    expect([r.status, r.body.message]).toEqual([400, '当前状态「已审核」不允许编辑']);
    r = await call(app, '/drugStockIn/delete', { method: 'DELETE', token, query: { id } });
    expect([r.status, r.body.message]).toEqual([400, '当前状态「已审核」不允许删除']);
    r = await call(app, '/drugStockInLine/edit', { method: 'PUT', token, body: { ...line, quantity: 400 } });
    expect([r.status, r.body.message]).toEqual([400, '当前状态「已审核」不允许编辑']);
    r = await call(app, '/drugStockInLine/delete', { method: 'DELETE', token, query: { id: String(line.id) } });
    expect([r.status, r.body.message]).toEqual([400, '当前状态「已审核」不允许删除']);
    const after = await ok(call<Rec>(app, '/drugStockIn/queryById', { token, query: { id } }));
    expect((after.lines as Rec[]).map((l) => l.quantity)).toEqual([4]);
    expect(after.version).toBe(bill.version);
    expect(await balance(drug.id, 'L777')).toBe(4);
    // a draft is still edited and deleted as usual
    const draft = await ok(call<string>(app, '/drugStockOut/add', { token, body: { billType: '2', billDate: '2026-01-06', pharmacyId, handler: '李明', lines: [outLine(drug, 'L777', 1)] } }));
    const d = await ok(call<Rec>(app, '/drugStockOut/queryById', { token, query: { id: draft } }));
    await ok(call(app, '/drugStockOut/edit', { method: 'PUT', token, body: { ...d, handler: '王丽' } }));
    await ok(call(app, '/drugStockOut/delete', { method: 'DELETE', token, query: { id: draft } }));
  });

  it('the balance is written by the server only', async () => {
    const row = (await list('/drugStock/list', { pharmacyId })).records[0]!;
    const r = await call(app, '/drugStock/edit', { method: 'PUT', token, body: { ...row, quantity: 99999 } });
    expect(r.status).toBe(404);
    expect(await balance(row.drugId, String(row.batchNo))).toBe(Number(row.quantity));
  });
});

describe('ledger in the linter', () => {
  const files = readSchemaFiles(DEFAULT_SCHEMAS_DIR);
  /** Problems of the schemas when drugStockOut's approve posts `ledger`. */
  const lint = (ledger: Rec, balanceReadOnly = true) => {
    const modules = files.modules.map((f) => {
      const data = structuredClone(f.data) as Rec & { name: string; readOnly?: boolean; states?: { transitions: Rec[] } };
      if (data.name === 'drugStockOut') data.states!.transitions.find((t) => t.action === 'approve')!.ledger = ledger;
      if (data.name === 'drugStock' && !balanceReadOnly) delete data.readOnly;
      return { ...f, data };
    });
    return loadRegistry(modules, files.dicts, files.extensions).problems.filter((p) => p.severity === 'error').map((p) => p.message);
  };
  const good = { resource: 'drugStock', direction: 'out', child: 'lines', keys: ['pharmacyId', 'drugId', 'batchNo'], quantity: 'quantity', label: 'drugId' };

  it('accepts the stock bills and refuses postings it could not run', () => {
    expect(lint(good)).toEqual([]);
    const w = '流转 "approve" 的 ledger';
    // both bills and the prescription's 发药 post to it
    const notReadOnly = (action: string) => `流转 "${action}" 的 ledger：余额资源 "drugStock" 必须声明 readOnly（只由服务端记账）`;
    expect(lint(good, false)).toEqual([notReadOnly('approve'), notReadOnly('approve'), notReadOnly('dispense')]);
    expect(lint({ ...good, child: 'items' })).toEqual([`${w}：子表 "items" 不是本资源的子表`]);
    expect(lint({ ...good, keys: ['pharmacyId', 'drugId', 'location'] })).toEqual([`${w}：键 "location" 不是余额资源 "drugStock" 的字段`]);
    expect(lint({ ...good, quantity: 'retailPrice' })).toEqual([`${w}：数量 "retailPrice" 必须是余额资源 "drugStock" 的 integer 字段`, `${w}：数量 "retailPrice" 必须是子表 "lines" 的 integer 字段`]);
    expect(lint({ ...good, label: 'unit' })).toEqual([`${w}：label "unit" 必须是 keys 之一`]);
    expect(lint({ ...good, carry: ['expiryDate'] })).toEqual([`${w}：只有入库（in）复制字段`]);
    expect(lint({ ...good, direction: 'sideways' }).length).toBeGreaterThan(0);
  });
});

describe('transition set {fromNow}', () => {
  it('adds calendar periods to the current time', async () => {
    const { addPeriod } = await import('../../src/server/resources/transition-set.js');
    const at = (s: string) => new Date(`${s}T10:00:00`);
    expect(addPeriod(at('2026-01-05'), { years: 15 }).toDateString()).toBe(at('2041-01-05').toDateString());
    expect(addPeriod(at('2024-02-29'), { years: 1 }).toDateString()).toBe(at('2025-03-01').toDateString());
    expect(addPeriod(at('2026-01-31'), { days: 3 }).toDateString()).toBe(at('2026-02-03').toDateString());
  });
});
