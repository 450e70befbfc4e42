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

describe('护理订单', () => {
  it('订单金额 = 项目费 + 耗材费 + 上门费; cancelling after departure keeps the visit fee', async () => {
    const service = await first('/hisNurseService/list');
    // the order is placed at the hospital of a nurse, so that a nurse of its own hospital can be dispatched
    const nurse = await first('/hisNurseStaff/list');
    const body = {
      serviceId: service.id, hospitalId: nurse.hospitalId, patientId: base.patientId, contactName: '王芳', contactPhone: '13995112233',
      regionCode: '640104', address: '银川市兴庆区解放西街12号', appointTime: '2026-02-03 09:00:00', condition: '乳腺癌化疗中，PICC置管术后需每周维护。',
      dispatchMode: '3', itemFee: 158, consumableFee: 36, visitFee: 60,
    };
    const id = (await call<string>(app, '/hisNurseOrder/add', { token: hosp, body })).body.result;
    expect(await byId('hisNurseOrder', id)).toMatchObject({ orderAmount: 254, refundableAfterDepart: 194, status: '1' });
    for (const step of ['pay', 'approve']) expect((await put(`/hisNurseOrder/${step}`, { id })).body.success).toBe(true);
    const noNurse = await put('/hisNurseOrder/dispatch', { id });
    expect(noNurse.status).toBe(400);
    expect(noNurse.body.message).toContain('服务护士');
    expect((await put('/hisNurseOrder/dispatch', { id, nurseId: nurse.id })).body.success).toBe(true);
    expect((await put('/hisNurseOrder/depart', { id })).body.success).toBe(true);
    expect((await put('/hisNurseOrder/cancelRefund', { id, cancelReason: '患者临时住院' })).body.message).toBe('当前状态「服务中」不允许执行「取消并全额退款」');
    expect((await put('/hisNurseOrder/cancelAfterDepart', { id, cancelReason: '患者临时住院' })).body.success).toBe(true);
    const row = await byId('hisNurseOrder', id);
    expect(row).toMatchObject({ status: '8', payStatus: '5', refundAmount: 194, nurseId: nurse.id });
    expect(row.departTime).toBeTruthy();
  });
});

describe('患者与配置', () => {
  it('就诊人 lists mask ID card and phone', async () => {
    const p = await first('/hisPatient/list');
    expect(String(p.phone)).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(String(p.idCard)).toMatch(/^\d{3}\*+[\dX]{4}$/);
  });

  it('网络医院配置 stores the AppSecret but never returns it', async () => {
    const net = await call<string>(app, '/hisNetHospital/add', {
      token: hosp,
      body: { name: '测试互联网医院', hospitalId: base.hospitalId, approvalNo: 'NX2026001', validTo: '2029-12-31', servicePhone: '0951-6743000', serviceOpen: true, status: '1' },
    });
    expect(net.body).toMatchObject({ success: true });
    const add = await call<string>(app, '/hisNetHospitalConfig/add', {
      token: hosp,
      body: { netHospitalId: net.body.result, miniAppId: 'wx8a3f2c1d9b7e6a45', miniAppSecret: '3f2a9c1e7b6d5a4f8e0c2b1a9d8e7f6a', payTimeoutMinutes: 15, acceptTimeoutHours: 24, sessionHours: 48, doctorReferralNoAudit: true },
    });
    expect(add.body).toMatchObject({ success: true });
    const row = await byId('hisNetHospitalConfig', add.body.result);
    expect(row).toMatchObject({ miniAppId: 'wx8a3f2c1d9b7e6a45', doctorReferralNoAudit: true });
    expect(row).not.toHaveProperty('miniAppSecret');
    const bad = await call(app, '/hisNetHospitalConfig/add', { token: hosp, body: { netHospitalId: net.body.result, miniAppId: 'abc', payTimeoutMinutes: 15, acceptTimeoutHours: 24, sessionHours: 48 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('AppID 格式应为 wx + 16位十六进制字符');
  });

  it('检查检验订单 totals its items; 远程会诊 saves its invitees', async () => {
    const m = await call<string>(app, '/hisMedicalOrder/add', {
      token: hosp,
      body: {
        patientId: base.patientId, hospitalId: base.hospitalId, doctorId: base.doctorId, clinicalDiagnosis: '2型糖尿病', orderTime: '2026-01-06 10:00:00',
        items: [{ itemCode: '250101001', itemName: '血常规', category: '1', specimenType: '1', unitPrice: 20 }, { itemCode: '250203001', itemName: '糖化血红蛋白', category: '1', specimenType: '1', unitPrice: 45.5 }],
      },
    });
    expect(m.body).toMatchObject({ success: true });
    expect((await byId('hisMedicalOrder', m.body.result)).orderAmount).toBe(65.5);
    const dept = await first('/hisDepartment/list', { hospitalId: base.hospitalId });
    const t = await call<string>(app, '/hisTeleconsult/add', {
      token: hosp,
      body: {
        patientId: base.patientId, applyHospitalId: base.hospitalId, applyDepartmentId: dept.id, applyDoctorId: base.doctorId, mode: '1',
        purpose: '明确诊断，制定下一步治疗方案。', expectTime: '2026-02-10 14:00:00', invitees: [{ hospitalId: base.hospitalId, doctorId: base.doctorId }],
      },
    });
    expect(t.body).toMatchObject({ success: true });
    const inv = await call<Page<Rec>>(app, '/hisTeleconsultInvitee/list', { token: hosp, query: { teleconsultId: t.body.result } });
    expect(inv.body.result.records).toHaveLength(1);
    expect(inv.body.result.records[0]).toMatchObject({ status: '2' });
    expect((await put('/hisTeleconsult/start', { id: t.body.result })).body.message).toBe('当前状态「审核中」不允许执行「开始会诊」');
  });
});
