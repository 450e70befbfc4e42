/**
 * 发票申请: 开票金额 is not typed — the server sums the chosen 支付流水 (实付 − 已退款, in fen)
 * on every add and edit; a sent amount is not taken, and only paid logs may be chosen, so an
 * invoice never exceeds what was paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let admin: string;
let base: Rec = {};
let consultBase: Rec = {};

const first = async (p: string): Promise<Rec> => (await call<Page<Rec>>(app, p, { token: admin, query: { pageSize: 1 } })).body.result.records[0]!;
const byId = async (res: string, id: string): Promise<Rec> => (await call<Rec>(app, `/${res}/queryById`, { token: admin, query: { id } })).body.result;
async function add(res: string, body: Rec): Promise<string> {
  const r = await call<string>(app, `/${res}/add`, { token: admin, body });
  expect(r.body.message).toBe('添加成功！');
  return r.body.result;
}
/** A 支付流水 of an order of `amount` yuan, paid when `paid`. */
async function payLog(amount: number, tradeNo: string | null): Promise<string> {
  const order = await add('hisConsultOrder', { ...consultBase, selfAmount: amount });
  const log = await add('hisPayLog', { hospitalId: base.hospitalId, merchantId: base.merchantId, orderType: '1', consultOrderId: order, payWay: 'wxpay', tradeTime: '2026-01-05 09:31:00' });
  if (tradeNo) expect((await call(app, '/hisPayLog/paySuccess', { method: 'PUT', token: admin, body: { id: log, tradeNo } })).body.success).toBe(true);
  return log;
}

beforeAll(async () => {
  app = await testApp({ seedRows: 3 });
  admin = await login(app, 'admin');
  const merchant = await first('/hisMerchant/list');
  const doctor = await first('/hisDoctor/list');
  const patient = await first('/hisPatient/list');
  const member = await first('/hisMember/list');
  base = { hospitalId: merchant.hospitalId, merchantId: merchant.id };
  consultBase = {
    hospitalId: doctor.hospitalId, doctorId: doctor.id, patientId: patient.id, inquiryType: 'image', visitKind: '2',
    description: '反复头晕头痛一周，血压波动在150/95mmHg左右。', orderTime: '2026-01-05 09:30:00', deductType: '0', payType: '1', payWay: 'wxpay',
  };
  const titleId = await add('hisInvoiceTitle', { memberId: member.id, titleType: '1', titleName: '张伟', email: 'zhangwei@163.com' });
  Object.assign(base, { memberId: member.id, titleId });
}, 120_000);
afterAll(async () => { await app?.close(); });

describe('发票申请 开票金额', () => {
  it('is the sum of the chosen paid logs, exact in fen, whatever the client sends', async () => {
    const a = await payLog(0.1, '4200000003202601050001');
    const b = await payLog(0.2, '4200000003202601050002');
    const c = await payLog(99.99, '4200000003202601050003');
    const apply = { memberId: base.memberId, titleId: base.titleId, invoiceType: '3', email: 'zhangwei@163.com', applyTime: '2026-01-06 14:20:00' };
    const id = await add('hisInvoiceApply', { ...apply, payLogIds: `${a},${b}`, invoiceAmount: 9999 });
    expect((await byId('hisInvoiceApply', id)).invoiceAmount).toBe(0.3);
    const row = await byId('hisInvoiceApply', id);
    const e = await call(app, '/hisInvoiceApply/edit', { method: 'PUT', token: admin, body: { ...row, payLogIds: `${a},${b},${c}`, invoiceAmount: 1 } });
    expect(e.body.success, e.body.message).toBe(true);
    expect((await byId('hisInvoiceApply', id)).invoiceAmount).toBe(100.29);
  });

  it('an unpaid log cannot be chosen: refused naming the field, nothing stored', async () => {
    const unpaid = await payLog(50, null);
    const r = await call<string>(app, '/hisInvoiceApply/add', {
      token: admin,
      body: { memberId: base.memberId, titleId: base.titleId, invoiceType: '3', email: 'zhangwei@163.com', applyTime: '2026-01-06 14:20:00', payLogIds: unpaid },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^开票流水：/);
  });
});
