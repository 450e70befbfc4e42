/**
 * 购药订单 refunds through 退款管理: a refund names the drug order (订单类型 购药订单), refunds of
 * one order add up to at most its 自费金额 (`capBy`, the rule of the consultation orders), and once
 * its successful refunds reach the paid amount the order's 支付状态 moves to 已退款
 * (`refundReferenced` → its `refund` transition), after which no new refund can name it. That
 * transition is the system's (`system: true`): never offered to a person, a direct call refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let hosp: string;
let paid: Rec[];

const order = async (id: string) => (await call<Rec>(app, '/hisDrugOrder/queryById', { token: hosp, query: { id } })).body.result;
const refund = (drugOrderId: string, refundAmount: number) =>
  call<string>(app, '/memberRefund/add', {
    token: hosp,
    body: { orderType: '3', drugOrderId, refundKind: '2', refundAmount, refundReason: '药品缺货，退回药费', refundTime: '2026-01-06 10:00:00' },
  });
const succeed = (id: string) => call(app, '/memberRefund/succeed', { method: 'PUT', token: hosp, body: { id, channelRefundNo: `503000080120260106${id.slice(-8)}` } });
const cents = (v: unknown) => Math.round(Number(v) * 100);

beforeAll(async () => {
  app = await testApp({ seedRows: 12 });
  hosp = await login(app, 'hospadmin');
  // paid orders without seeded refunds: each story starts from nothing refunded
  const all = (await call<Page<Rec>>(app, '/hisDrugOrder/list', { token: hosp, query: { payStatus: '3', pageSize: 50 } as never })).body.result.records;
  paid = [];
  for (const r of all.filter((x) => Number(x.selfAmount) >= 1)) {
    const refunds = (await call<Page<Rec>>(app, '/memberRefund/queryByOrderId', { token: hosp, query: { orderId: String(r.id), pageSize: 1 } as never })).body.result.total;
    if (refunds === 0) paid.push(r);
  }
  expect(paid.length).toBeGreaterThanOrEqual(3);
});
afterAll(async () => { await app.close(); });

describe('购药订单退款', () => {
  it('partial refunds add up; one cent past the paid amount is refused naming the amounts and writes nothing', async () => {
    const o = paid[0]!;
    const self = cents(o.selfAmount);
    const a = await refund(String(o.id), 0.5);
    expect(a.body).toMatchObject({ success: true, message: '添加成功！' });
    const b = await refund(String(o.id), (self - 50) / 100);
    expect(b.body.success).toBe(true);
    const over = await refund(String(o.id), 0.01);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(`退款金额：合计 ${((self + 1) / 100).toFixed(2)} 元 超过购药订单的自费金额 ${(self / 100).toFixed(2)} 元，本次最多 0.00 元`);
    const byOrder = (await call<Page<Rec>>(app, '/memberRefund/queryByOrderId', { token: hosp, query: { orderId: String(o.id), pageSize: 50 } as never })).body.result;
    expect(byOrder.records.map((r) => cents(r.refundAmount)).sort((x, y) => x - y)).toEqual([50, self - 50].sort((x, y) => x - y));
    expect(byOrder.records.every((r) => r.orderType === '3' && r.orderType_dictText === '购药订单')).toBe(true);
  });

  it('the order becomes 已退款 only when its successful refunds reach what it paid', async () => {
    const o = paid[1]!;
    const self = cents(o.selfAmount);
    const first = (await refund(String(o.id), 0.5)).body.result;
    const rest = (await refund(String(o.id), (self - 50) / 100)).body.result;
    expect((await succeed(first)).body.success).toBe(true);
    let now = await order(String(o.id));
    expect(now).toMatchObject({ payStatus: '3', status: o.status, version: o.version });
    expect((await succeed(rest)).body.success).toBe(true);
    now = await order(String(o.id));
    expect(now).toMatchObject({ payStatus: '5', payStatus_dictText: '已退款', status: o.status });
    expect(now.refundTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // a refunded order can no longer be chosen for a refund
    const again = await refund(String(o.id), 0.01);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('购药订单：只能选择支付状态为「已付款」的记录');
  });

  it('a closed refund no longer counts toward the cap, and its order stays paid', async () => {
    const o = paid[2]!;
    const self = cents(o.selfAmount);
    const all = (await refund(String(o.id), self / 100)).body.result;
    const closed = await call(app, '/memberRefund/close', { method: 'PUT', token: hosp, body: { id: all, closeReason: '患者撤回退款申请' } });
    expect(closed.body.success).toBe(true);
    expect((await order(String(o.id))).payStatus).toBe('3');
    expect((await refund(String(o.id), self / 100)).body.success).toBe(true);
  });

  it('a drug-order refund without its order is refused naming 购药订单', async () => {
    const r = await call(app, '/memberRefund/add', { token: hosp, body: { orderType: '3', refundKind: '2', refundAmount: 1, refundReason: '测试', refundTime: '2026-01-06 10:00:00' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('购药订单：请选择购药订单!');
  });
});

describe('seeded drug-order refunds', () => {
  it('name paid drug orders and stay within what each paid', async () => {
    const page = (await call<Page<Rec>>(app, '/memberRefund/list', { token: hosp, query: { orderType: '3', pageSize: 100 } as never })).body.result;
    expect(page.records.length).toBeGreaterThan(0);
    const byOrder = new Map<string, number>();
    for (const r of page.records.filter((x) => x.status !== '4')) byOrder.set(String(r.drugOrderId), (byOrder.get(String(r.drugOrderId)) ?? 0) + cents(r.refundAmount));
    for (const [id, total] of byOrder) expect(total).toBeLessThanOrEqual(cents((await order(id)).selfAmount));
  });

  it('全额退款 is taken only by the refunds: a paid order does not offer it, a direct call is refused (admin too) and changes nothing', async () => {
    const o = await order(String(paid[0]!.id));
    expect(o.payStatus).toBe('3');
    expect(o._transitions).not.toContain('refund');
    const listed = (await call<Page<Rec>>(app, '/hisDrugOrder/list', { token: hosp, query: { payStatus: '3', pageSize: 50 } as never })).body.result.records;
    expect(listed.length).toBeGreaterThan(0);
    for (const r of listed) expect(r._transitions).not.toContain('refund');
    for (const token of [hosp, await login(app, 'admin')]) {
      for (const method of ['PUT', 'POST'] as const) {
        const r = await call(app, '/hisDrugOrder/refund', { method, token, tenantId: 1001, body: { id: String(o.id) } });
        expect([r.status, r.body.message]).toEqual([400, '「全额退款」由系统自动执行，不能手动操作']);
      }
    }
    expect(await order(String(o.id))).toMatchObject({ payStatus: '3', version: o.version });
  });
});
