/** Optimistic concurrency on PostgreSQL, where writers really run at the same time. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { buildApp } from '../../src/server/app.js';
import { call, login } from './helpers.js';
import { createTestDatabase, probePostgres, PG_REQUIRED, type TestDatabase } from './pg-helpers.js';
import { concurrentIncrements, onlineDoctorId } from './pipeline-rmw.js';

type Rec = Record<string, unknown>;
const probe = await probePostgres();
if (!probe.available && !PG_REQUIRED) console.info(`[pipeline-pg.test] skipped: ${probe.reason}`);

describe.skipIf(!probe.available && !PG_REQUIRED)('PostgreSQL: version check', () => {
  let tdb: TestDatabase;
  let dataDir: string;
  let app: FastifyInstance;
  let hosp: string;

  beforeAll(async () => {
    if (!probe.available) throw new Error(`PG_TEST_URL is set but ${probe.reason}`);
    tdb = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-pipeline-pg-'));
    app = await buildApp({ databaseUrl: tdb.url, seedRows: 3, staticDir: '/nonexistent', dataDir });
    hosp = await login(app, 'hospadmin');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const firstDoctor = async () => {
    const page = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { pageSize: 1 } });
    return (await call<Rec>(app, '/hisDoctor/queryById', { token: hosp, query: { id: String(page.body.result.records[0]!.id) } })).body.result;
  };

  it('of concurrent edits of one version exactly one wins, the others get 409', async () => {
    const d = await firstDoctor();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...d, pracScope: `并发${i}` } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.message)).toEqual(Array(7).fill('数据已被他人修改'));
    const after = (await firstDoctor()) as Rec;
    expect(after.version).toBe(Number(d.version) + 1);
  });

  it('concurrent read-modify-write increments: none is lost', async () => {
    await concurrentIncrements(app, hosp, await onlineDoctorId(app, hosp), 12);
  });

  it('concurrent refunds of one order never add up past what it paid (capBy locks the order)', async () => {
    const doctor = await firstDoctor();
    const patient = (await call<Page<Rec>>(app, '/hisPatient/list', { token: hosp, query: { pageSize: 1 } })).body.result.records[0]!;
    const order = await call<string>(app, '/hisConsultOrder/add', {
      token: hosp,
      body: {
        hospitalId: doctor.hospitalId, doctorId: doctor.id, patientId: patient.id, inquiryType: 'image', visitKind: '1',
        description: '反复头晕头痛一周，血压波动在150/95mmHg左右。', orderTime: '2026-01-05 09:30:00',
        selfAmount: 50, deductType: '0', payType: '1', payWay: 'wxpay',
      },
    });
    await call(app, '/hisConsultOrder/pay', { method: 'PUT', token: hosp, body: { id: order.body.result } });
    const results = await Promise.all(Array.from({ length: 8 }, () => call(app, '/memberRefund/add', {
      token: hosp,
      body: { orderType: '1', consultOrderId: order.body.result, refundKind: '2', refundAmount: 20, refundReason: '并发退款', refundTime: '2026-01-06 10:00:00' },
    })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 400).every((r) => String(r.body.message).startsWith('退款金额：合计 60.00 元 超过问诊订单的自费金额 50.00 元'))).toBe(true);
    const stored = (await call<Page<Rec>>(app, '/memberRefund/list', { token: hosp, query: { consultOrderId: order.body.result, pageSize: 20 } })).body.result.records;
    expect(stored.map((r) => r.refundAmount)).toEqual([20, 20]);
  });

  it('concurrent receives of one coupon never pass its 发放总量, and 已领数量 counts the rows (countOf locks the coupon)', async () => {
    const coupon = await call<string>(app, '/hisCoupon/add', {
      token: hosp,
      body: { name: '并发领券测试券', couponType: '3', faceValue: 10, scope: '3', issueWay: '1', totalCount: 3, perLimit: 99, validType: '2', validDays: 30 },
    });
    expect(coupon.body.success).toBe(true);
    expect((await call(app, '/hisCoupon/start', { method: 'PUT', token: hosp, body: { id: coupon.body.result } })).body.success).toBe(true);
    const member = (await call<Page<Rec>>(app, '/hisMember/list', { token: hosp, query: { pageSize: 1 } })).body.result.records[0]!;
    const results = await Promise.all(Array.from({ length: 8 }, () => call(app, '/hisCouponRecord/add', {
      token: hosp,
      body: { couponId: coupon.body.result, memberId: member.id, receiveWay: '1', receiveTime: '2026-01-05 10:00:00', expireTime: '2026-02-05 23:59:59' },
    })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 400).map((r) => r.body.message)).toEqual(Array(5).fill('优惠券：已领数量不能超过发放总量 3'));
    const stored = (await call<Page<Rec>>(app, '/hisCouponRecord/list', { token: hosp, query: { couponId: coupon.body.result, pageSize: 20 } })).body.result.records;
    expect(stored).toHaveLength(3);
    expect((await call<Rec>(app, '/hisCoupon/queryById', { token: hosp, query: { id: coupon.body.result } })).body.result).toMatchObject({ receivedCount: 3, usedCount: 0 });
  });

  it('concurrent receives by one member never pass the coupon\'s 每人限领 (countOf.per under the same lock)', async () => {
    const coupon = await call<string>(app, '/hisCoupon/add', {
      token: hosp,
      body: { name: '并发限领测试券', couponType: '3', faceValue: 10, scope: '3', issueWay: '1', totalCount: 100, perLimit: 2, validType: '2', validDays: 30 },
    });
    expect((await call(app, '/hisCoupon/start', { method: 'PUT', token: hosp, body: { id: coupon.body.result } })).body.success).toBe(true);
    const member = (await call<Page<Rec>>(app, '/hisMember/list', { token: hosp, query: { pageSize: 1 } })).body.result.records[0]!;
    const results = await Promise.all(Array.from({ length: 8 }, () => call(app, '/hisCouponRecord/add', {
      token: hosp,
      body: { couponId: coupon.body.result, memberId: member.id, receiveWay: '1', receiveTime: '2026-01-05 10:00:00', expireTime: '2026-02-05 23:59:59' },
    })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 400).map((r) => r.body.message)).toEqual(Array(6).fill('会员：同一优惠券不能超过每人限领 2'));
    expect((await call<Rec>(app, '/hisCoupon/queryById', { token: hosp, query: { id: coupon.body.result } })).body.result).toMatchObject({ receivedCount: 2 });
  });

    it('the seed counts each coupon\'s records (the recount runs on PostgreSQL too)', async () => {
    const coupons = (await call<Page<Rec>>(app, '/hisCoupon/list', { token: hosp, query: { pageSize: 100 } })).body.result.records;
    const records = (await call<Page<Rec>>(app, '/hisCouponRecord/list', { token: hosp, query: { pageSize: 1000 } })).body.result.records;
    for (const c of coupons) {
      const mine = records.filter((r) => String(r.couponId) === String(c.id));
      expect([c.receivedCount, c.usedCount]).toEqual([mine.length, mine.filter((r) => r.status === '1').length]);
    }
  });
});
