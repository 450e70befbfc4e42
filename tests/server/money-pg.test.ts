/**
 * Money in whole fen on PostgreSQL: money columns are bigint, 0.10 + 0.20 refunds fill a 0.30
 * payment exactly, and a column an earlier version created as double precision yuan is
 * converted once at start (under the migration's advisory lock). Skipped with the reason
 * printed when no PostgreSQL answers (see pg-helpers.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';
import { createTestDatabase, probePostgres, type TestDatabase } from './pg-helpers.js';

const probe = await probePostgres();
if (!probe.available) console.warn(`[money-pg] skipped: ${probe.reason}`);

type Rec = Record<string, unknown>;

describe.skipIf(!probe.available)('money in fen on PostgreSQL', () => {
  let app: FastifyInstance;
  let tdb: TestDatabase;
  let dataDir: string;
  let hosp: string;
  let order = '';
  const first = async (p: string): Promise<Rec> => (await call<Page<Rec>>(app, p, { token: hosp, query: { pageSize: 1 } })).body.result.records[0]!;
  const refund = (refundAmount: number) =>
    call<string>(app, '/memberRefund/add', {
      token: hosp,
      body: { orderType: '1', consultOrderId: order, refundKind: '2', refundAmount, refundReason: '患者申请取消，部分退款', refundTime: '2026-01-06 10:00:00' },
    });
  const start = async () => {
    app = await testApp({ databaseUrl: tdb.url, memory: false, dataDir, seedRows: 2 });
    hosp = await login(app, 'hospadmin');
  };

  beforeAll(async () => {
    tdb = await createTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-money-pg-'));
    await start();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await tdb?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('money columns are bigint fen; 0.10 + 0.20 refunds fill 0.30 and a fen more is refused', async () => {
    const doctor = await first('/hisDoctor/list');
    const patient = await first('/hisPatient/list');
    const r = await call<string>(app, '/hisConsultOrder/add', {
      token: hosp,
      body: {
        hospitalId: doctor.hospitalId, doctorId: doctor.id, patientId: patient.id, inquiryType: 'image', visitKind: '1',
        description: '反复头晕头痛一周，血压波动在150/95mmHg左右。', orderTime: '2026-01-05 09:30:00', selfAmount: 0.3, deductType: '0', payType: '1', payWay: 'wxpay',
      },
    });
    expect(r.body.success, r.body.message).toBe(true);
    order = r.body.result;
    await call(app, '/hisConsultOrder/pay', { method: 'PUT', token: hosp, body: { id: order } });
    expect((await refund(0.1)).body.success).toBe(true);
    expect((await refund(0.2)).body.success).toBe(true);
    expect((await refund(0.01)).body.message).toBe('退款金额：合计 0.31 元 超过问诊订单的自费金额 0.30 元，本次最多 0.00 元');
    const types = await tdb.query<{ data_type: string }>(`select data_type from information_schema.columns where table_name = 'his_member_refund' and column_name = 'refund_amount'`);
    expect(types).toEqual([{ data_type: 'bigint' }]);
    expect(await tdb.query(`select sum(refund_amount) s from his_member_refund where consult_order_id = $1`, [order])).toEqual([{ s: '30' }]);
    const list = (await call<Page<Rec>>(app, '/memberRefund/list', { token: hosp, query: { consultOrderId: order, column: 'refundAmount', order: 'asc' } })).body.result.records;
    expect(list.map((x) => x.refundAmount)).toEqual([0.1, 0.2]);
  });

  it('a double precision yuan column of an older database is converted to bigint fen at start', async () => {
    await app.close();
    await tdb.query(`alter table his_member_refund alter column refund_amount type double precision using refund_amount / 100.0`);
    await tdb.query(`delete from sys_migration where id = 'fen his_member_refund.refund_amount'`);
    expect(await tdb.query(`select refund_amount a from his_member_refund where consult_order_id = $1 order by 1`, [order])).toEqual([{ a: 0.1 }, { a: 0.2 }]);
    await start();
    expect(await tdb.query(`select data_type from information_schema.columns where table_name = 'his_member_refund' and column_name = 'refund_amount'`)).toEqual([{ data_type: 'bigint' }]);
    expect(await tdb.query(`select refund_amount a from his_member_refund where consult_order_id = $1 order by 1`, [order])).toEqual([{ a: 10 }, { a: 20 }]);
    expect(await tdb.query(`select count(*) n from sys_migration where id = 'fen his_member_refund.refund_amount'`)).toEqual([{ n: 1 }]);
    const list = (await call<Page<Rec>>(app, '/memberRefund/list', { token: hosp, query: { consultOrderId: order } })).body.result.records;
    expect(list.map((x) => x.refundAmount).sort()).toEqual([0.1, 0.2]);
  }, 180_000);
});
