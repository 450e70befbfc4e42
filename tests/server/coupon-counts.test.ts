/**
 * `countOf` through the HTTP API: a coupon's 已领 / 已用 counts follow its 领券记录 — a receive
 * raises 已领, 核销使用 raises 已用, 退款退回 and a delete take them back, a record moved to another
 * coupon moves its count — and a coupon never gives out more than its 发放总量 (the refused
 * receive writes nothing), nor may its 发放总量 drop below what was received. Only a coupon 进行中
 * may be received (ref.filter), and one member receives at most its 每人限领 (countOf.per).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { loadRegistry } from '../../src/core/schema/load.js';
import { readSchemaFiles } from '../../src/server/schemas-fs.js';
import { DEFAULT_SCHEMAS_DIR } from '../../src/server/schemas.js';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let hosp: string;
let memberId: string;
let otherMemberId: string;

/** A coupon of `totalCount`, started (进行中) unless `start` is false. */
const coupon = async (totalCount: number, perLimit = 99, start = true): Promise<string> => {
  const r = await call<string>(app, '/hisCoupon/add', {
    token: hosp,
    body: {
      name: '慢病用药满100减15', couponType: '1', faceValue: 15, threshold: 100, scope: '3', issueWay: '1', totalCount, perLimit,
      validType: '1', validStart: '2026-01-01 00:00:00', validEnd: '2026-06-30 23:59:59', receivedCount: 999, usedCount: 999,
    },
  });
  expect(r.body).toMatchObject({ success: true });
  if (start) expect((await call(app, '/hisCoupon/start', { method: 'PUT', token: hosp, body: { id: r.body.result } })).body.success).toBe(true);
  return r.body.result;
};
const receive = (couponId: string, member = memberId) =>
  call<string>(app, '/hisCouponRecord/add', {
    token: hosp,
    body: { couponId, memberId: member, receiveWay: '1', receiveTime: '2026-01-05 10:00:00', expireTime: '2026-06-30 23:59:59' },
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
  const members = (await call<Page<Rec>>(app, '/hisMember/list', { token: hosp, query: { pageSize: 2, status: '1' } as never })).body.result.records;
  [memberId, otherMemberId] = members.map((m) => String(m.id)) as [string, string];
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

describe('优惠券 领取规则', () => {
  it('only a coupon 进行中 may be received: 未开始, 已结束 and 已停用 are refused naming the state, nothing written', async () => {
    const id = await coupon(10, 99, false);
    const refuse = async () => {
      const r = await receive(id);
      expect([r.status, r.body.message]).toEqual([400, '优惠券：只能选择状态为「进行中」的记录']);
      expect((r.body.result as unknown as { errors: unknown }).errors).toEqual([{ field: 'couponId', message: '只能选择状态为「进行中」的记录' }]);
      expect(await records(id)).toEqual([]);
      expect(await counts(id)).toEqual([0, 0]);
    };
    await refuse();
    await call(app, '/hisCoupon/stop', { method: 'PUT', token: hosp, body: { id, stopReason: '活动预算已用完' } });
    await refuse();
    await call(app, '/hisCoupon/resume', { method: 'PUT', token: hosp, body: { id } });
    expect((await receive(id)).body.success).toBe(true);
    await call(app, '/hisCoupon/finish', { method: 'PUT', token: hosp, body: { id } });
    const r = await receive(id);
    expect([r.status, r.body.message]).toEqual([400, '优惠券：只能选择状态为「进行中」的记录']);
    expect(await records(id)).toHaveLength(1);
  });

  it('a received record of a coupon that ended since can still be edited and used', async () => {
    const id = await coupon(10);
    const rid = (await receive(id)).body.result;
    await call(app, '/hisCoupon/finish', { method: 'PUT', token: hosp, body: { id } });
    const rec = (await call<Rec>(app, '/hisCouponRecord/queryById', { token: hosp, query: { id: rid } })).body.result;
    expect((await call(app, '/hisCouponRecord/edit', { method: 'PUT', token: hosp, body: { ...rec, remark: '客服补发' } })).body.success).toBe(true);
    expect((await call(app, '/hisCouponRecord/use', { method: 'PUT', token: hosp, body: { id: rid, orderNo: 'GY202601050002', discountAmount: 15 } })).body.success).toBe(true);
  });

  it('one member receives at most the coupon\'s 每人限领; another member still may; nothing written when refused', async () => {
    const id = await coupon(10, 2);
    expect((await receive(id)).body.success).toBe(true);
    expect((await receive(id)).body.success).toBe(true);
    const over = await receive(id);
    expect([over.status, over.body.message]).toEqual([400, '会员：同一优惠券不能超过每人限领 2']);
    expect((over.body.result as unknown as { errors: unknown }).errors).toEqual([{ field: 'memberId', message: '同一优惠券不能超过每人限领 2' }]);
    expect(await records(id)).toHaveLength(2);
    expect(await counts(id)).toEqual([2, 0]);
    expect((await receive(id, otherMemberId)).body.success).toBe(true);
    expect(await counts(id)).toEqual([3, 0]);
  });

  it('moving a record to a member who already holds the limit is refused', async () => {
    const id = await coupon(10, 1);
    await receive(id);
    const rid = (await receive(id, otherMemberId)).body.result;
    const rec = (await call<Rec>(app, '/hisCouponRecord/queryById', { token: hosp, query: { id: rid } })).body.result;
    const r = await call(app, '/hisCouponRecord/edit', { method: 'PUT', token: hosp, body: { ...rec, memberId } });
    expect([r.status, r.body.message]).toEqual([400, '会员：同一优惠券不能超过每人限领 1']);
    expect((await call<Rec>(app, '/hisCouponRecord/queryById', { token: hosp, query: { id: rid } })).body.result.memberId).toBe(otherMemberId);
  });

  it('the linter refuses a countOf.per it could not run', () => {
    const files = readSchemaFiles(DEFAULT_SCHEMAS_DIR);
    const lint = (per: Rec) => {
      const modules = files.modules.map((f) => {
        const data = structuredClone(f.data) as Rec & { name: string; fields: Array<Rec & { countOf?: Rec }> };
        if (data.name === 'hisCoupon') data.fields.find((x) => x.key === 'receivedCount')!.countOf!.per = per;
        return { ...f, data };
      });
      return loadRegistry(modules, files.dicts, files.extensions).problems.filter((p) => p.severity === 'error').map((p) => p.message);
    };
    expect(lint({ field: 'memberId', max: 'perLimit' })).toEqual([]);
    expect(lint({ field: 'memberNo', max: 'perLimit' })).toEqual(['字段 "receivedCount" 的 countOf.per.field "memberNo" 不是资源 "hisCouponRecord" 的其他字段']);
    expect(lint({ field: 'memberId', max: 'name' })).toEqual(['字段 "receivedCount" 的 countOf.per.max "name" 不是本资源的其他 integer 字段']);
  });
});
