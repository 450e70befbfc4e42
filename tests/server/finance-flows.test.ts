/**
 * 财务中心 flows through the HTTP API: a payment log takes its amounts from the order it pays,
 * splits the paid amount by its split rule (half-up to the fen, never over 30 %, the merchant
 * keeps the exact remainder), and a confirmed payment (payment log or offline payment) pays the
 * order it is for — once, only an order still unpaid, only the order of the chosen order type;
 * the differences a channel statement shows are imported from the module's Excel template.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, schemasCopy, tempDir, testApp } from './helpers.js';
import { raw, upload } from './files.multipart.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let admin: string;
let consultBase: Rec;
let hospitalId: string;
let merchantId: string;

const first = async (path: string, query: Rec = {}): Promise<Rec> => {
  const r = await call<Page<Rec>>(app, path, { token: admin, query: { pageSize: 1, ...query } as never });
  expect(r.body.success).toBe(true);
  return r.body.result.records[0]!;
};
const byId = async (res: string, id: string): Promise<Rec> => (await call<Rec>(app, `/${res}/queryById`, { token: admin, query: { id } })).body.result;
const put = (path: string, body: Rec) => call<string>(app, path, { method: 'PUT', token: admin, body });
async function add(res: string, body: Rec): Promise<string> {
  const r = await call<string>(app, `/${res}/add`, { token: admin, body });
  expect(r.body.message).toBe('添加成功！');
  return r.body.result;
}

beforeAll(async () => {
  app = await testApp({ seedRows: 4 });
  admin = await login(app, 'admin');
  const merchant = await first('/hisMerchant/list');
  merchantId = String(merchant.id);
  hospitalId = String(merchant.hospitalId);
  const doctor = await first('/hisDoctor/list');
  const patient = await first('/hisPatient/list');
  consultBase = {
    hospitalId: doctor.hospitalId, doctorId: doctor.id, patientId: patient.id, inquiryType: 'image', visitKind: '2',
    description: '反复头晕头痛一周，血压波动在150/95mmHg左右。', orderTime: '2026-01-05 09:30:00',
    selfAmount: 40, deductType: '1', deductAmount: 10, payType: '1', payWay: 'wxpay',
  };
}, 60_000);
afterAll(async () => { await app.close(); });

const payLog = (over: Rec) => add('hisPayLog', { hospitalId, merchantId, orderType: '1', payWay: 'wxpay', tradeTime: '2026-01-05 09:31:00', ...over });

describe('支付流水', () => {
  it('amounts come from the order; a 30 % share of 0.05 is 0.01, not the half-up 0.02, and the parts add up', async () => {
    const order = await add('hisConsultOrder', { ...consultBase, selfAmount: 0.05, deductAmount: 0 });
    const rule = await add('hisSplitRule', {
      ruleName: '图文问诊服务分账', hospitalId, serviceType: '1', orderType: '1', receiverType: 'MERCHANT_ID', receiverAccount: '1609876543',
      receiverName: '银川康泰医疗服务有限公司', relationType: 'SERVICE_PROVIDER', ratio: 30, effectiveDate: '2026-01-01', status: '1',
    });
    const id = await payLog({ consultOrderId: order, splitRuleId: rule, paidAmount: 999, splitAmount: 999 });
    expect(await byId('hisPayLog', id)).toMatchObject({ orderAmount: 0.05, paidAmount: 0.05, splitAmount: 0.01, merchantAmount: 0.04 });
    const r = await call<string>(app, '/hisSplitRule/add', { token: admin, body: { ...(await byId('hisSplitRule', rule)), id: undefined, ratio: 35 } });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('分账比例(%)');
  });

  it('支付成功 pays the order it is for; a second payment of the same order is refused and writes nothing', async () => {
    const order = await add('hisConsultOrder', consultBase);
    const a = await payLog({ consultOrderId: order });
    expect((await put('/hisPayLog/paySuccess', { id: a, tradeNo: '4200001234202601051234567890' })).body.success).toBe(true);
    expect(await byId('hisPayLog', a)).toMatchObject({ status: '2', tradeNo: '4200001234202601051234567890', paidAmount: 40 });
    const paid = await byId('hisConsultOrder', order);
    expect(paid).toMatchObject({ status: '2', payStatus: '3' });
    expect(paid.payTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const b = await payLog({ consultOrderId: order });
    const r = await put('/hisPayLog/paySuccess', { id: b, tradeNo: '4200001234202601059999999999' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('问诊订单：当前状态「待接诊」不允许执行「确认支付」');
    expect(await byId('hisPayLog', b)).toMatchObject({ status: '1', tradeNo: null });
  });

  it('only the order of the chosen order type is paid, not one left behind by an earlier type', async () => {
    const consult = await add('hisConsultOrder', consultBase);
    const member = await first('/hisMember/list');
    const recharge = await add('hisRecharge', { memberId: member.id, amount: 200, payWay: 'wxpay', orderTime: '2026-01-07 09:00:00' });
    const id = await payLog({ consultOrderId: consult });
    const row = await byId('hisPayLog', id);
    const e = await call<string>(app, '/hisPayLog/edit', { token: admin, body: { ...row, orderType: '9', consultOrderId: null, rechargeId: recharge } });
    expect(e.body.message).toBe('编辑成功！');
    expect(await byId('hisPayLog', id)).toMatchObject({ orderAmount: 200, paidAmount: 200 });
    expect((await put('/hisPayLog/paySuccess', { id, tradeNo: '4200001234202601051111111111' })).body.success).toBe(true);
    expect((await byId('hisRecharge', recharge)).status).toBe('2');
    expect(await byId('hisConsultOrder', consult)).toMatchObject({ status: '1', payStatus: '1' });
  });
});

describe('线下支付', () => {
  it('确认收款 makes the recharge it pays arrive; 驳回 leaves it unpaid', async () => {
    const member = await first('/hisMember/list');
    const recharge = () => add('hisRecharge', { memberId: member.id, amount: 300, giftAmount: 20, payWay: 'offline', orderTime: '2026-01-07 09:00:00' });
    const offline = (rechargeId: string) => add('hisOfflinePay', {
      hospitalId, orderType: '9', rechargeId, payer: '王建国', amount: 300, payMethod: '4', vouchers: 'demo/vouchers/03.png', payTime: '2026-01-07 09:05:00',
    });
    const r1 = await recharge();
    const o1 = await offline(r1);
    expect(await byId('hisOfflinePay', o1)).toMatchObject({ orderAmount: 300, status: '1' });
    expect((await put('/hisOfflinePay/confirm', { id: o1 })).body.success).toBe(true);
    expect(await byId('hisOfflinePay', o1)).toMatchObject({ status: '2', confirmBy: expect.any(String) });
    const arrived = await byId('hisRecharge', r1);
    expect(arrived).toMatchObject({ status: '2', totalAmount: 320 });
    expect(arrived.arriveTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const r2 = await recharge();
    const o2 = await offline(r2);
    expect((await put('/hisOfflinePay/reject', { id: o2, rejectReason: '凭证金额与订单金额不符' })).body.success).toBe(true);
    expect((await byId('hisRecharge', r2)).status).toBe('1');
  });
});

describe('对账差异', () => {
  it('imports the differences of a channel statement from the template; one bad row imports nothing', async () => {
    const task = await add('hisReconcile', { billDate: '2026-01-05', channel: '1', merchantId, platformCount: 236, platformAmount: 23690.5, channelCount: 235, channelAmount: 23650.55 });
    const { taskNo } = await byId('hisReconcile', task);
    const log = await first('/hisPayLog/list');
    const tpl = await raw(app, '/hisReconcileDiff/importTemplate', { token: admin });
    expect(tpl.statusCode).toBe(200);
    const fileOf = async (rows: Array<Record<string, unknown>>): Promise<Buffer> => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
      expect(header).toEqual(expect.arrayContaining(['对账批次', '差异类型', '平台流水', '渠道交易号', '平台金额', '渠道金额', '交易时间']));
      rows.forEach((r, i) => {
        const row = ws.getRow(i + 2);
        header.forEach((title, j) => { if (r[title] !== undefined) row.getCell(j + 1).value = r[title] as ExcelJS.CellValue; });
        row.commit();
      });
      return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    };
    const long = { 对账批次: taskNo, 差异类型: '长款（平台有渠道无）', 平台流水: log.serialNo, 平台金额: 39.95, 交易时间: '2026-01-05 10:12:00' };
    const short = { 对账批次: taskNo, 差异类型: '短款（渠道有平台无）', 渠道交易号: '4200001234202601050000000001', 渠道金额: 0.5, 交易时间: '2026-01-05 23:59:30' };
    const post = async (rows: Array<Record<string, unknown>>, dryRun: string) =>
      upload(app, '/hisReconcileDiff/importExcel', [{ name: 'file', filename: 'diffs.xlsx', type: XLSX, data: await fileOf(rows) }], { token: admin, query: { dryRun } });
    const count = async () => (await call<Page<Rec>>(app, '/hisReconcileDiff/list', { token: admin, query: { reconcileId: task, pageSize: 10 } as never })).body.result.total;

    const bad = await post([long, { ...short, 渠道金额: undefined }], '0');
    expect(bad.status).toBe(400);
    expect((bad.body.result as { errors: Array<{ row: number; message: string }> }).errors).toEqual([expect.objectContaining({ row: 3, message: '渠道金额：请输入渠道金额!' })]);
    expect(await count()).toBe(0);

    const done = await post([long, short], '0');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const rows = (await call<Page<Rec>>(app, '/hisReconcileDiff/list', { token: admin, query: { reconcileId: task, column: 'tradeTime', order: 'asc', pageSize: 10 } as never })).body.result.records;
    expect(rows.map((r) => [r.diffType, r.diffAmount, r.status])).toEqual([['1', 39.95, '0'], ['2', -0.5, '0']]);
  });
});

describe('payReferenced asks for the code of what it pays', () => {
  const dir = tempDir('hosp-finance-');
  let own: FastifyInstance;
  beforeAll(async () => {
    const schemas = schemasCopy(path.join(dir, 'schemas'));
    // 医院管理员 may record and confirm payment logs, and add consultations, but not mark one paid
    const file = path.join(schemas, 'roles.json');
    const roles = JSON.parse(fs.readFileSync(file, 'utf8')) as { roles: Array<{ code: string; grants: Record<string, unknown> }> };
    const hosp = roles.roles.find((r) => r.code === 'hospadmin')!;
    hosp.grants.hisPayLog = ['list', 'add', 'paySuccess'];
    hosp.grants.hisConsultOrder = ['list', 'add'];
    fs.writeFileSync(file, JSON.stringify(roles));
    own = await testApp({ schemasDir: schemas, seedRows: 3 });
  }, 60_000);
  afterAll(async () => {
    await own?.close();
  });

  it('支付成功 without hisConsultOrder:pay is refused with 403 and writes nothing', async () => {
    const token = await login(own, 'hospadmin');
    const one = async (p: string) => (await call<Page<Rec>>(own, p, { token, query: { pageSize: 1 } as never })).body.result.records[0]!;
    const options = async (field: string, query: Rec = {}) =>
      (await call<{ records: Array<{ value: string }> }>(own, '/sys/ref/options', { token, query: { resource: 'hisPayLog', field, ...query } as never })).body.result.records.map((o) => o.value);
    // a hospital with a merchant of its own, as the form offers them
    let hospitalId = '';
    let merchantId = '';
    for (const h of await options('hospitalId')) {
      const m = await options('merchantId', { hospitalId: h });
      if (m.length) { hospitalId = h; merchantId = m[0]!; break; }
    }
    expect(merchantId).not.toBe('');
    const doctor = await one('/hisDoctor/list');
    const patient = await one('/hisPatient/list');
    const order = (await call<string>(own, '/hisConsultOrder/add', { token, body: { ...consultBase, hospitalId: doctor.hospitalId, doctorId: doctor.id, patientId: patient.id } })).body.result;
    const added = await call<string>(own, '/hisPayLog/add', { token, body: { hospitalId, merchantId, orderType: '1', consultOrderId: order, payWay: 'wxpay', tradeTime: '2026-01-05 09:31:00' } });
    expect(added.body.message).toBe('添加成功！');
    const log = added.body.result;
    const r = await call<string>(own, '/hisPayLog/paySuccess', { method: 'PUT', token, body: { id: log, tradeNo: '4200001234202601051234567890' } });
    expect(r.body.message).toBe('没有权限：hisConsultOrder:pay');
    expect(r.status).toBe(403);
    const get = async (res: string, id: string) => (await call<Rec>(own, `/${res}/queryById`, { token, query: { id } })).body.result;
    expect(await get('hisPayLog', log)).toMatchObject({ status: '1', tradeNo: null });
    expect(await get('hisConsultOrder', order)).toMatchObject({ status: '1', payStatus: '1' });
  });
});
