/**
 * Money in whole fen: amounts travel as yuan with two decimals (the protocol is unchanged) and
 * are stored as integers, so 0.1 + 0.2 refunds fill a 0.30 payment exactly; a money filter
 * compares fen; an older database whose money columns still hold REAL yuan is converted once
 * at start (SQLite here; PostgreSQL in money-pg.test.ts).
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/protocol/index.js';
import type { ResourceSchema } from '../../src/core/schema/types.js';
import { buildModel } from '../../src/server/resources/model.js';
import { toListQuery } from '../../src/server/resources/list-query.js';
import { call, login, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let hosp: string;
const dataDir = tempDir('hosp-money-');
const dbFile = () => path.join(dataDir, 'hospital.db');

const first = async (p: string): Promise<Rec> => (await call<Page<Rec>>(app, p, { token: hosp, query: { pageSize: 1 } })).body.result.records[0]!;

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
  expect(r.body.success, r.body.message).toBe(true);
  await call(app, '/hisConsultOrder/pay', { method: 'PUT', token: hosp, body: { id: r.body.result } });
  return r.body.result;
}
const refund = (consultOrderId: string, refundAmount: number) =>
  call<string>(app, '/memberRefund/add', {
    token: hosp,
    body: { orderType: '1', consultOrderId, refundKind: '2', refundAmount, refundReason: '患者申请取消，部分退款', refundTime: '2026-01-06 10:00:00' },
  });

beforeAll(async () => {
  app = await testApp({ memory: false, dataDir, seedRows: 3 });
  hosp = await login(app, 'hospadmin');
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('money stored as whole fen', () => {
  let order = '';
  let refundIds: string[] = [];

  it('0.10 + 0.20 refunds fill a 0.30 payment exactly; one fen more is refused naming the amounts', async () => {
    order = await paidConsult(0.3);
    const a = await refund(order, 0.1);
    const b = await refund(order, 0.2);
    expect(a.body.success, a.body.message).toBe(true);
    expect(b.body.success, b.body.message).toBe(true);
    refundIds = [a.body.result, b.body.result];
    const over = await refund(order, 0.01);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('退款金额：合计 0.31 元 超过问诊订单的自费金额 0.30 元，本次最多 0.00 元');
  });

  it('the columns hold integers of fen; the API answers the same yuan it was sent', async () => {
    const db = new BetterSqlite3(dbFile(), { readonly: true });
    try {
      const rows = db.prepare('select refund_amount a, typeof(refund_amount) t from his_member_refund where consult_order_id = ? order by refund_amount').all(order);
      expect(rows).toEqual([{ a: 10, t: 'integer' }, { a: 20, t: 'integer' }]);
      expect(db.prepare('select sum(refund_amount) s from his_member_refund where consult_order_id = ?').get(order)).toEqual({ s: 30 });
      expect(db.prepare('select self_amount s from his_consult_order where id = ?').get(order)).toEqual({ s: 30 });
      const decl = (db.prepare("select type from pragma_table_info('his_member_refund') where name = 'refund_amount'").get() as { type: string }).type;
      expect(decl.toLowerCase()).toBe('integer');
    } finally {
      db.close();
    }
    const got = await Promise.all(refundIds.map(async (id) => (await call<Rec>(app, '/memberRefund/queryById', { token: hosp, query: { id } })).body.result.refundAmount));
    expect(got).toEqual([0.1, 0.2]);
    expect((await call<Rec>(app, '/hisConsultOrder/queryById', { token: hosp, query: { id: order } })).raw).not.toContain('0.30000000000000004');
  });

  it('a money filter compares stored fen (yuan in the query, fen in SQL)', () => {
    const schema = {
      name: 'moneyProbe', title: '金额', fields: [{ key: 'amount', title: '金额', kind: 'money', search: 'range' }, { key: 'fee', title: '费用', kind: 'money', search: 'in' }],
    } as unknown as ResourceSchema;
    const q = toListQuery(buildModel(schema), { amount_begin: '0.1', amount_end: '1.005', fee: '0.2,3' });
    expect(q.filters.map((f) => [f.key, f.op, f.value])).toEqual([['amount', 'gte', 10], ['amount', 'lte', 101], ['fee', 'in', [20, 300]]]);
  });

  it('an older database holding REAL yuan is converted to fen once at start, indexes kept, answers unchanged', async () => {
    await app.close();
    // make the refund column what an earlier version created: REAL yuan, without the fen record
    const db = new BetterSqlite3(dbFile());
    const before = db.prepare('select id, refund_amount a from his_member_refund order by id').all() as Array<{ id: string; a: number }>;
    const indexes = (db.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'his_member_refund' and sql like '%refund_amount%'").all() as Array<{ name: string }>).map((i) => i.name);
    expect(indexes).toEqual(['idx_his_member_refund_tenant_refund_amount']); // sortable: indexed
    for (const i of indexes) db.exec(`drop index "${i}"`);
    db.exec('alter table his_member_refund add column yuan_old real');
    db.exec('update his_member_refund set yuan_old = refund_amount / 100.0');
    db.exec('alter table his_member_refund drop column refund_amount');
    db.exec('alter table his_member_refund rename column yuan_old to refund_amount');
    for (const i of indexes) db.exec(`create index "${i}" on his_member_refund (tenant_id, refund_amount)`);
    db.prepare("delete from sys_migration where id = 'fen his_member_refund.refund_amount'").run();
    expect(db.prepare('select refund_amount a, typeof(refund_amount) t from his_member_refund where id = ?').get(refundIds[0])).toEqual({ a: 0.1, t: 'real' });
    db.close();

    app = await testApp({ memory: false, dataDir, seedRows: 3 });
    hosp = await login(app, 'hospadmin');
    const after = new BetterSqlite3(dbFile(), { readonly: true });
    try {
      expect(after.prepare('select id, refund_amount a from his_member_refund order by id').all()).toEqual(before);
      expect(after.prepare("select count(*) n from his_member_refund where typeof(refund_amount) not in ('integer', 'null')").get()).toEqual({ n: 0 });
      expect((after.prepare("select type from pragma_table_info('his_member_refund') where name = 'refund_amount'").get() as { type: string }).type.toLowerCase()).toBe('integer');
      expect(after.prepare("select count(*) n from sys_migration where id = 'fen his_member_refund.refund_amount'").get()).toEqual({ n: 1 });
      const left = (after.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'his_member_refund' and sql like '%refund_amount%'").all() as Array<{ name: string }>).map((i) => i.name);
      expect(left.sort()).toEqual([...indexes].sort());
    } finally {
      after.close();
    }
    expect((await call<Rec>(app, '/memberRefund/queryById', { token: hosp, query: { id: refundIds[1]! } })).body.result.refundAmount).toBe(0.2);
    // the cap still holds over the converted rows
    expect((await refund(order, 0.01)).body.message).toBe('退款金额：合计 0.31 元 超过问诊订单的自费金额 0.30 元，本次最多 0.00 元');
  }, 120_000);
});
