/**
 * 退款管理 through the HTTP API: refunds of one order add up to at most what was paid
 * (`capBy`), whatever path they come by (/memberRefund/add, /memberRefund/addByOrder,
 * /v1/hisApi/refund) and whatever changes them later (an edit); /memberRefund/queryByOrderId
 * lists one order's refunds whatever its type;
 * a closed refund no longer counts; a refused refund writes nothing. The seeded refunds keep the rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let hosp: string;

const first = async (path: string, query: Rec = {}): Promise<Rec> => {
  const r = await call<Page<Rec>>(app, path, { token: hosp, query: { pageSize: 1, ...query } as never });
  return r.body.result.records[0]!;
};
const refundsOf = async (orderId: string): Promise<Rec[]> =>
  (await call<Page<Rec>>(app, '/memberRefund/list', { token: hosp, query: { consultOrderId: orderId, pageSize: 50 } as never })).body.result.records;

async function paidConsult(selfAmount: number): Promise<string> {
  const doctor = await first('/hisDoctor/list');
  const patient = await first('/hisPatient/list');
  const r = await call<string>(app, '/hisConsultOrder/add', {
    token: hosp,
    body: {
      hospitalId: doctor.hospitalId, doctorId: doctor.id, patientId: patient.id, inquiryType: 'image', visitKind: '1',
      description: '反复头晕头痛一周，血压波动在150/95mmHg左右。', orderTime: '2026-01-05 09:30:00',
      selfAmount, deductType: '0', payType: '1', payWay: 'wxpay',
    },
  });
  expect(r.body.success).toBe(true);
  await call(app, '/hisConsultOrder/pay', { method: 'PUT', token: hosp, body: { id: r.body.result } });
  return r.body.result;
}

const refund = (path: string, consultOrderId: string, refundAmount: number, over: Rec = {}) =>
  call<string>(app, path, {
    token: hosp,
    body: { orderType: '1', consultOrderId, refundKind: '2', refundAmount, refundReason: '患者申请取消，部分退款', refundTime: '2026-01-06 10:00:00', ...over },
  });

beforeAll(async () => {
  app = await testApp({ seedRows: 4 });
  hosp = await login(app, 'hospadmin');
});
afterAll(async () => { await app.close(); });

describe('退款管理', () => {
  it('partial refunds add up to the paid amount; one more cent is refused naming the amounts', async () => {
    const order = await paidConsult(50);
    const a = await refund('/memberRefund/add', order, 20);
    expect(a.body).toMatchObject({ success: true, message: '添加成功！' });
    expect(((await call<Rec>(app, '/memberRefund/queryById', { token: hosp, query: { id: a.body.result } })).body.result.refundNo as string)).toMatch(/^TK\d{12}$/);
    expect((await refund('/memberRefund/addByOrder', order, 29.99)).body.success).toBe(true);
    const over = await refund('/v1/hisApi/refund', order, 0.02);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('退款金额：合计 50.01 元 超过问诊订单的自费金额 50.00 元，本次最多 0.01 元');
    expect((over.body.result as unknown as { errors: unknown }).errors).toEqual([{ field: 'refundAmount', message: '合计 50.01 元 超过问诊订单的自费金额 50.00 元，本次最多 0.01 元' }]);
    expect((await refundsOf(order)).map((r) => r.refundAmount).sort()).toEqual([20, 29.99]);
    expect((await refund('/v1/hisApi/refund', order, 0.01)).body.success).toBe(true);
  });

  it('an edit that raises a refund past the cap is refused and the stored amount stays', async () => {
    const order = await paidConsult(30);
    const id = (await refund('/memberRefund/add', order, 10)).body.result;
    await refund('/memberRefund/add', order, 15);
    const before = (await call<Rec>(app, '/memberRefund/queryById', { token: hosp, query: { id } })).body.result;
    const r = await call(app, '/memberRefund/edit', { method: 'PUT', token: hosp, body: { ...before, refundAmount: 16 } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('退款金额：合计 31.00 元 超过问诊订单的自费金额 30.00 元，本次最多 15.00 元');
    expect((await call<Rec>(app, '/memberRefund/queryById', { token: hosp, query: { id } })).body.result.refundAmount).toBe(10);
  });

  it('a closed refund no longer counts toward the cap; success records the channel number, time and operator', async () => {
    const order = await paidConsult(40);
    const first = (await refund('/memberRefund/add', order, 40)).body.result;
    expect((await refund('/memberRefund/add', order, 1)).status).toBe(400);
    const abnormal = await call(app, '/memberRefund/abnormal', { method: 'PUT', token: hosp, body: { id: first, abnormalReason: '用户银行卡已注销，原路退回失败' } });
    expect(abnormal.body.success).toBe(true);
    const closed = await call(app, '/memberRefund/close', { method: 'PUT', token: hosp, body: { id: first, closeReason: '超过7天仍余额不足，退款关闭，需重新发起' } });
    expect(closed.body.success).toBe(true);
    // the closed one is left out: a new refund of the whole amount goes through
    const again = await refund('/memberRefund/add', order, 40);
    expect(again.body.success).toBe(true);
    const done = await call(app, '/memberRefund/succeed', { method: 'PUT', token: hosp, body: { id: again.body.result, channelRefundNo: '50300008012026010612345678' } });
    expect(done.body.success).toBe(true);
    const row = (await call<Rec>(app, '/memberRefund/queryById', { token: hosp, query: { id: again.body.result } })).body.result;
    expect(row).toMatchObject({ status: '3', channelRefundNo: '50300008012026010612345678', auditBy: '医院管理员' });
    expect(row.successTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('/memberRefund/queryByOrderId lists the refunds of one order whatever its type, and needs the order id', async () => {
    const order = await paidConsult(60);
    const ids = [(await refund('/memberRefund/add', order, 10)).body.result, (await refund('/memberRefund/add', order, 5)).body.result].sort();
    const page = (await call<Page<Rec>>(app, '/memberRefund/queryByOrderId', { token: hosp, query: { orderId: order, pageSize: 50 } as never })).body.result;
    expect(page.records.map((r) => String(r.id)).sort()).toEqual(ids);
    expect(page.total).toBe(2);
    const book = (await call<Page<Rec>>(app, '/hisBookOrder/list', { token: hosp, query: { payStatus: '3', pageSize: 1 } as never })).body.result.records[0]!;
    const bookRefund = await call<string>(app, '/memberRefund/add', {
      token: hosp,
      body: { orderType: '4', bookOrderId: book.id, refundKind: '2', refundAmount: 0.01, refundReason: '停诊退号', refundTime: '2026-01-06 10:00:00' },
    });
    expect(bookRefund.body.success).toBe(true);
    const byBook = (await call<Page<Rec>>(app, '/memberRefund/queryByOrderId', { token: hosp, query: { orderId: String(book.id), pageSize: 50 } as never })).body.result;
    expect(byBook.records.map((r) => String(r.id))).toContain(bookRefund.body.result);
    expect(byBook.records.every((r) => String(r.bookOrderId) === String(book.id))).toBe(true);
    const bare = await call(app, '/memberRefund/queryByOrderId', { token: hosp, query: {} as never });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('缺少参数：orderId');
  });

  it('a refund names an order of the type it says, in the caller\'s tenant', async () => {
    const r = await refund('/memberRefund/add', '', 10);
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('问诊订单');
    const other = await call(app, '/memberRefund/add', { token: hosp, body: { orderType: '1', consultOrderId: '1234567890123456789', refundKind: '2', refundAmount: 1, refundReason: '测试', refundTime: '2026-01-06 10:00:00' } });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('问诊订单：选择的记录不存在或无权使用');
  });

  it('the refunds of each order that are not closed stay within what it paid, seeded ones included', async () => {
    const page = (await call<Page<Rec>>(app, '/memberRefund/list', { token: hosp, query: { pageSize: 100, orderType: '1' } as never })).body.result;
    expect(page.records.length).toBeGreaterThan(0);
    const byOrder = new Map<string, number>();
    for (const r of page.records.filter((x) => x.status !== '4')) byOrder.set(String(r.consultOrderId), (byOrder.get(String(r.consultOrderId)) ?? 0) + Math.round(Number(r.refundAmount) * 100));
    for (const [orderId, cents] of byOrder) {
      const o = (await call<Rec>(app, '/hisConsultOrder/queryById', { token: hosp, query: { id: orderId } })).body.result;
      expect(cents).toBeLessThanOrEqual(Math.round(Number(o.selfAmount) * 100));
    }
  });
});
