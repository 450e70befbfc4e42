/**
 * `countOf` through the HTTP API: a coupon's 已领 / 已用 counts follow its 领券记录 — a receive
 * raises 已领, 核销使用 raises 已用, 退款退回 and a delete take them back, a record moved to another
 * coupon moves its count — and a coupon never gives out more than its 发放总量 (the refused
 * receive writes nothing), nor may its 发放总量 drop below what was received.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let hosp: string;
let memberId: string;

const coupon = async (totalCount: number): Promise<string> => {
  const r = await call<string>(app, '/hisCoupon/add', {
    token: hosp,
    body: {
      name: '慢病用药满100减15', couponType: '1', faceValue: 15, threshold: 100, scope: '3', issueWay: '1', totalCount, perLimit: 1,
      validType: '1', validStart: '2026-01-01 00:00:00', validEnd: '2026-06-30 23:59:59', receivedCount: 999, usedCount: 999,
    },
  });
  expect(r.body).toMatchObject({ success: true });
  return r.body.result;
};
const receive = (couponId: string) =>
  call<string>(app, '/hisCouponRecord/add', {
    token: hosp,
    body: { couponId, memberId, receiveWay: '1', receiveTime: '2026-01-05 10:00:00', expireTime: '2026-06-30 23:59:59' },
  });
const counts = async (id: string) => {
  const r = (await call<Rec>(app, '/hisCoupon/queryById', { token: hosp, query: { id } })).body.result;
  return [r.receivedCount, r.usedCount];
};
const records = async (couponId: string) =>
  (await call<Page<Rec>>(app, '/hisCouponRecord/list', { token: hosp, query: { couponId, pageSize: 50 } as never })).body.result.records;

beforeAll(async () => {
  app = await testApp({ seedRows: 4 });
  hosp = await login(app, 'hospadmin');
  memberId = String((await call<Page<Rec>>(app, '/hisMember/list', { token: hosp, query: { pageSize: 1 } as never })).body.result.records[0]!.id);
});
afterAll(async () => { await app.close(); });

describe('优惠券 已领/已用 (countOf)', () => {
  it('a new coupon counts 0 whatever the client sends; receives, uses, give-backs and deletes move the counts', async () => {
    const id = await coupon(10);
    expect(await counts(id)).toEqual([0, 0]);
    const a = (await receive(id)).body.result;
    const b = (await receive(id)).body.result;
    expect(await counts(id)).toEqual([2, 0]);
    const used = await call(app, '/hisCouponRecord/use', { method: 'PUT', token: hosp, body: { id: a, orderNo: 'GY202601050001', discountAmount: 15 } });
    expect(used.body.success).toBe(true);
    expect(await counts(id)).toEqual([2, 1]);
    const list = (await call<Page<Rec>>(app, '/hisCoupon/list', { token: hosp, query: { pageSize: 100 } as never })).body.result.records;
    expect(list.find((r) => String(r.id) === id)).toMatchObject({ receivedCount: 2, usedCount: 1 });
    await call(app, '/hisCouponRecord/giveBack', { method: 'PUT', token: hosp, body: { id: a, returnReason: '订单退款，优惠券退回' } });
    expect(await counts(id)).toEqual([2, 0]);
    const del = await call(app, '/hisCouponRecord/delete', { method: 'DELETE', token: hosp, query: { id: b } });
    expect(del.body.success).toBe(true);
    expect(await counts(id)).toEqual([1, 0]);
  });

  it('a record moved to another coupon is counted there and no longer here', async () => {
    const from = await coupon(10);
    const to = await coupon(10);
    const rid = (await receive(from)).body.result;
    const rec = (await call<Rec>(app, '/hisCouponRecord/queryById', { token: hosp, query: { id: rid } })).body.result;
    const moved = await call(app, '/hisCouponRecord/edit', { method: 'PUT', token: hosp, body: { ...rec, couponId: to } });
    expect(moved.body.success).toBe(true);
    expect(await counts(from)).toEqual([0, 0]);
    expect(await counts(to)).toEqual([1, 0]);
  });

  it('receiving past 发放总量 is refused naming the coupon and writes nothing', async () => {
    const id = await coupon(2);
    expect((await receive(id)).body.success).toBe(true);
    expect((await receive(id)).body.success).toBe(true);
    const over = await receive(id);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('优惠券：已领数量不能超过发放总量 2');
    expect((over.body.result as unknown as { errors: unknown }).errors).toEqual([{ field: 'couponId', message: '已领数量不能超过发放总量 2' }]);
    expect(await records(id)).toHaveLength(2);
    expect(await counts(id)).toEqual([2, 0]);
  });

  it('发放总量 cannot be edited below what was received', async () => {
    const id = await coupon(3);
    await receive(id);
    await receive(id);
    const row = (await call<Rec>(app, '/hisCoupon/queryById', { token: hosp, query: { id } })).body.result;
    const r = await call(app, '/hisCoupon/edit', { method: 'PUT', token: hosp, body: { ...row, totalCount: 1 } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('发放总量：不能少于已领数量 2');
    expect((await call<Rec>(app, '/hisCoupon/queryById', { token: hosp, query: { id } })).body.result.totalCount).toBe(3);
  });

  it('the seeded coupons count their seeded records', async () => {
    const list = (await call<Page<Rec>>(app, '/hisCoupon/list', { token: hosp, query: { pageSize: 100 } as never })).body.result.records;
    for (const c of list.slice(0, 4)) {
      const recs = await records(String(c.id));
      expect(c.receivedCount).toBe(recs.length);
      expect(c.usedCount).toBe(recs.filter((r) => r.status === '1').length);
    }
  });
});
