/**
 * Order-centre flows through the HTTP API: server-numbered orders, 订单金额 = 自费 + 抵扣
 * computed by the server, transitions that stamp times and the operator, full refunds copied
 * from what was paid, and a refused transition from a wrong state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let hosp: string;
let base: Rec;

const first = async (path: string, query: Rec = {}): Promise<Rec> => {
  const r = await call<Page<Rec>>(app, path, { token: hosp, query: { pageSize: 1, ...query } as never });
  expect(r.body.success).toBe(true);
  return r.body.result.records[0]!;
};
const byId = async (res: string, id: string): Promise<Rec> => (await call<Rec>(app, `/${res}/queryById`, { token: hosp, query: { id } })).body.result;
const put = (path: string, body: Rec) => call<string>(app, path, { method: 'PUT', token: hosp, body });

beforeAll(async () => {
  app = await testApp({ seedRows: 4 });
  hosp = await login(app, 'hospadmin');
  const doctor = await first('/hisDoctor/list');
  const patient = await first('/hisPatient/list');
  base = {
    hospitalId: doctor.hospitalId, doctorId: doctor.id, patientId: patient.id, inquiryType: 'image', visitKind: '2',
    description: '反复头晕头痛一周，血压波动在150/95mmHg左右。', orderTime: '2026-01-05 09:30:00',
    selfAmount: 40, deductType: '1', deductAmount: 10, payType: '1', payWay: 'wxpay',
  };
});
afterAll(async () => { await app.close(); });

async function addConsult(over: Rec = {}): Promise<string> {
  const r = await call<string>(app, '/hisConsultOrder/add', { token: hosp, body: { ...base, ...over } });
  expect(r.body).toMatchObject({ success: true });
  return r.body.result;
}

describe('问诊订单', () => {
  it('numbers the order and computes 订单金额 = 自费 + 抵扣, ignoring a client-sent total', async () => {
    const id = await addConsult({ orderAmount: 1 });
    const row = await byId('hisConsultOrder', id);
    expect(row.orderNo).toMatch(/^WZ\d{8}\d{4}$/);
    expect(row).toMatchObject({ selfAmount: 40, deductAmount: 10, orderAmount: 50, status: '1', payStatus: '1' });
  });

  it('待支付 → 待接诊 → 问诊中 → 已完成 stamps pay, accept and finish times', async () => {
    const id = await addConsult();
    expect((await put('/hisConsultOrder/pay', { id })).body.success).toBe(true);
    let row = await byId('hisConsultOrder', id);
    expect(row).toMatchObject({ status: '2', payStatus: '3' });
    expect(row.payTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await put('/hisConsultOrder/accept', { id })).body.success).toBe(true);
    expect((await put('/hisConsultOrder/finish', { id })).body.success).toBe(true);
    row = await byId('hisConsultOrder', id);
    expect(row.status).toBe('5');
    expect(row.acceptTime).toBeTruthy();
    expect(row.finishTime).toBeTruthy();
  });

  it('退诊 asks for a reason and refunds exactly what was paid', async () => {
    const id = await addConsult({ selfAmount: 66.5, deductType: '0', deductAmount: null });
    await put('/hisConsultOrder/pay', { id });
    const bare = await put('/hisConsultOrder/withdraw', { id });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toContain('退诊原因');
    expect((await byId('hisConsultOrder', id)).status).toBe('2');
    expect((await put('/hisConsultOrder/withdraw', { id, withdrawReason: '医生临时停诊，无法接诊' })).body.success).toBe(true);
    const row = await byId('hisConsultOrder', id);
    expect(row).toMatchObject({ status: '4', payStatus: '5', refundAmount: 66.5, orderAmount: 66.5, withdrawReason: '医生临时停诊，无法接诊' });
    expect(row.refundTime).toBeTruthy();
  });

  it('a cancelled order cannot be finished or paid', async () => {
    const id = await addConsult();
    expect((await put('/hisConsultOrder/cancel', { id, cancelReason: '患者不需要了' })).body.success).toBe(true);
    const finish = await put('/hisConsultOrder/finish', { id });
    expect(finish.status).toBe(400);
    expect(finish.body.message).toBe('当前状态「已取消」不允许执行「结束问诊」');
    const pay = await put('/hisConsultOrder/pay', { id });
    expect(pay.body.message).toBe('当前状态「已取消」不允许执行「确认支付」');
    expect(await byId('hisConsultOrder', id)).toMatchObject({ status: '6', payStatus: '2' });
  });
});

describe('预约挂号', () => {
  it('核销 records who and when; 退号 → 退款 → 退款成功 refunds the paid amount', async () => {
    const dept = await first('/hisDepartment/list', { hospitalId: base.hospitalId });
    const body = {
      hospitalId: base.hospitalId, departmentId: dept.id, doctorId: base.doctorId, patientId: base.patientId, clinicType: '2', visitDate: '2026-02-01',
      timeSlot: '1', slotTime: '08:30-09:00', sourceFrom: '2', orderTime: '2026-01-20 10:00:00', selfAmount: 25, deductType: '0', payType: '1',
    };
    const a = await call<string>(app, '/hisBookOrder/add', { token: hosp, body });
    expect(a.body).toMatchObject({ success: true });
    await put('/hisBookOrder/pay', { id: a.body.result });
    expect((await put('/hisBookOrder/verify', { id: a.body.result })).body.success).toBe(true);
    const verified = await byId('hisBookOrder', a.body.result);
    expect(verified).toMatchObject({ status: '4', verifyBy: '医院管理员' });
    expect(verified.verifyTime).toBeTruthy();

    const b = (await call<string>(app, '/hisBookOrder/add', { token: hosp, body })).body.result;
    await put('/hisBookOrder/pay', { id: b });
    expect((await put('/hisBookOrder/refund', { id: b })).body.message).toBe('当前状态「预约成功」不允许执行「发起退款」');
    expect((await put('/hisBookOrder/returnNo', { id: b, returnReason: '行程有变' })).body.success).toBe(true);
    expect((await put('/hisBookOrder/refund', { id: b })).body.success).toBe(true);
    expect(await byId('hisBookOrder', b)).toMatchObject({ status: '6', payStatus: '4', refundAmount: 25 });
    expect((await put('/hisBookOrder/refundDone', { id: b })).body.success).toBe(true);
    expect(await byId('hisBookOrder', b)).toMatchObject({ status: '7', payStatus: '5', refundAmount: 25 });
  });
});
