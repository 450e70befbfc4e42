/**
 * 随访 §7.11: starting a 随访计划 generates its 随访任务 (`schedule` + effect scheduleRows):
 * the plan type's number of visits, one cycle apart from the start date, none after the end
 * date, numbered, each 应访 with the plan's patient and way; a 关怀提醒 "发送" sends its content
 * through each of its channels by the message adapter and writes one send-log row each
 * (effect channelSend); a failing channel is logged 发送失败 with the reason; a reminder that
 * is off is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { registerChannel, type ChannelAdapter, type ChannelMessage } from '../../src/server/channels/registry.js';
import { scheduleDates } from '../../src/server/schedule/effects.js';
import { loadRegistry } from '../../src/core/schema/load.js';
import { readSchemaFiles } from '../../src/server/schemas-fs.js';
import { DEFAULT_SCHEMAS_DIR } from '../../src/server/schemas.js';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let token: string;
let patient: Rec;
let refTimeId: string;
let hospitalId: string;
let doctorId: string;

async function ok<T>(path: string, o: Parameters<typeof call>[2] = {}): Promise<T> {
  const r = await call<T>(app, path, { token, ...o });
  expect(r.body.success, `${path}: ${r.body.message}`).toBe(true);
  return r.body.result;
}
const first = async (path: string, query: Rec = {}) => (await ok<Page<Rec>>(path, { query: { pageSize: 1, ...query } as never })).records[0]!;
const put = (path: string, body: Rec) => call<unknown>(app, path, { method: 'PUT', token, body });

async function planType(code: string, cycle: number, frequency: string, times: number): Promise<string> {
  return ok<string>('/hisFollowPlanType/add', { body: { typeCode: code, typeName: `测试随访${code}`, cycle, frequency, times, crowdType: '2', status: '1', sort: 10 } });
}
async function plan(planTypeId: string, startDate: string, endDate: string): Promise<string> {
  return ok<string>('/hisFollowPlan/add', { body: {
    planName: '2型糖尿病季度随访', patientId: patient.id, crowdType: '2', planTypeId, refTimeId, startDate, endDate, followWay: '2', hospitalId, doctorId,
  } });
}
const tasksOf = async (planId: string) =>
  (await ok<Page<Rec>>('/hisFollowTask/list', { query: { planId, pageSize: 100 } as never })).records.sort((a, b) => Number(a.sn) - Number(b.sn));

beforeAll(async () => {
  app = await testApp({ seedRows: 3 });
  token = await login(app, 'hospadmin');
  patient = await first('/hisPatient/list');
  refTimeId = String((await first('/hisFollowRefTime/list')).id);
  const doctor = await first('/hisDoctor/list');
  [doctorId, hospitalId] = [String(doctor.id), String(doctor.hospitalId)];
}, 60_000);
afterAll(async () => { await app.close(); });

describe('随访计划 → 随访任务', () => {
  it('启动计划 generates the plan type\'s visits one cycle apart, numbered, 应访, with the plan\'s patient and way', async () => {
    const id = await plan(await planType('SF3M4', 3, '2', 4), '2026-01-15', '2026-12-31');
    expect(await tasksOf(id)).toEqual([]);
    await ok('/hisFollowPlan/start', { method: 'PUT', body: { id } });
    const tasks = await tasksOf(id);
    expect(tasks.map((t) => [t.sn, t.planDate, t.status, t.patientId, t.followWay])).toEqual([
      [1, '2026-01-15', '0', patient.id, '2'],
      [2, '2026-04-15', '0', patient.id, '2'],
      [3, '2026-07-15', '0', patient.id, '2'],
      [4, '2026-10-15', '0', patient.id, '2'],
    ]);
    // each has its own number, as an add would give it
    expect(new Set(tasks.map((t) => t.taskNo)).size).toBe(4);
    for (const t of tasks) expect(String(t.taskNo)).not.toBe('');
    expect((await ok<Rec>('/hisFollowPlan/queryById', { query: { id } })).status).toBe('1');
  });

  it('stops at the plan\'s end date; weeks and days count in days', async () => {
    const id = await plan(await planType('SF2W12', 2, '3', 12), '2026-01-05', '2026-02-10');
    await ok('/hisFollowPlan/start', { method: 'PUT', body: { id } });
    expect((await tasksOf(id)).map((t) => t.planDate)).toEqual(['2026-01-05', '2026-01-19', '2026-02-02']);
    expect(scheduleDates('2026-01-31', 3, 1, { months: 1 })).toEqual(['2026-01-31', '2026-03-03', '2026-03-31']);
    expect(scheduleDates('2026-01-01', 3, 1, { days: 1 }, '2026-01-02')).toEqual(['2026-01-01', '2026-01-02']);
  });

  it('the linter refuses a schedule it could not run', () => {
    const files = readSchemaFiles(DEFAULT_SCHEMAS_DIR);
    const lint = (edit: (s: Rec) => void) => {
      const modules = files.modules.map((f) => {
        const data = structuredClone(f.data) as Rec & { name: string; states?: { transitions: Array<Rec & { schedule?: Rec }> } };
        if (data.name === 'hisFollowPlan') edit(data.states!.transitions.find((t) => t.action === 'start')!.schedule!);
        return { ...f, data };
      });
      return loadRegistry(modules, files.dicts, files.extensions).problems.filter((p) => p.severity === 'error').map((p) => p.message);
    };
    const w = '流转 "start" 的 schedule';
    expect(lint(() => undefined)).toEqual([]);
    expect(lint((s) => { s.count = 'planTypeId.typeName'; })).toEqual([`${w}：count "planTypeId.typeName" 必须是 integer 字段（本资源或其 ref 指向的资源）`]);
    expect(lint((s) => { s.foreignKey = 'patientId'; })).toEqual([`${w}：外键 "patientId" 必须是 "hisFollowTask" 指向本资源的 ref 字段`]);
    expect(lint((s) => { s.date = 'sn'; })).toEqual([`${w}：date "sn" 必须是 "hisFollowTask" 的 date 字段`]);
  });
});

describe('关怀提醒 发送', () => {
  let reminder = '';
  beforeAll(async () => {
    reminder = await ok<string>('/hisCareReminder/add', { body: {
      name: '复诊前一天提醒', careType: '2', triggerType: '1', refTimeId, offsetDays: -1, sendTime: '09:30:00', channels: '1,3', crowdTypes: '2',
      content: '您好，明天是您的复诊时间，请携带既往检查资料按时就诊。',
    } });
  });
  const logs = async () => ((await ok<Rec>('/hisCareReminder/queryById', { query: { id: reminder } })).logs as Rec[]) ?? [];

  it('is refused while the reminder is off', async () => {
    const r = await put('/hisCareReminder/send', { id: reminder, patientId: patient.id });
    expect([r.status, r.body.message]).toEqual([400, '当前记录不能执行「发送」']);
    expect(await logs()).toEqual([]);
  });

  it('sends the content through each channel by the message adapter and logs one row per channel', async () => {
    await ok('/hisCareReminder/enable', { method: 'PUT', body: { id: reminder } });
    const sent: Array<[string, ChannelMessage]> = [];
    const capture = (name: string, fail?: string): ChannelAdapter => ({ async send(m) { sent.push([name, m]); if (fail) throw new Error(fail); } });
    const prevSms = registerChannel('sms', capture('短信'));
    const prevMiniapp = registerChannel('miniapp', capture('小程序订阅消息', '用户拒收订阅消息'));
    try {
      await ok('/hisCareReminder/send', { method: 'PUT', body: { id: reminder, patientId: patient.id } });
    } finally {
      registerChannel('sms', prevSms!);
      registerChannel('miniapp', prevMiniapp!);
    }
    expect(sent.map(([name, m]) => [name, m.to.id, m.content])).toEqual([
      ['短信', patient.id, '您好，明天是您的复诊时间，请携带既往检查资料按时就诊。'],
      ['小程序订阅消息', patient.id, '您好，明天是您的复诊时间，请携带既往检查资料按时就诊。'],
    ]);
    const rows = (await logs()).sort((a, b) => String(a.channel).localeCompare(String(b.channel)));
    expect(rows.map((l) => [l.channel, l.patientId, l.result, l.failReason ?? null])).toEqual([
      ['1', patient.id, '1', null],
      ['3', patient.id, '2', '用户拒收订阅消息'],
    ]);
    for (const l of rows) expect(String(l.sendTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('the default adapter logs the message and reports it sent', async () => {
    await ok('/hisCareReminder/send', { method: 'PUT', body: { id: reminder, patientId: patient.id } });
    expect((await logs()).filter((l) => l.result === '1').length).toBe(3);
  });

  it('站内信 to a patient without a system account fails with its reason: no bell message, the other channels still send', async () => {
    const siteReminder = await ok<string>('/hisCareReminder/add', { body: {
      name: '用药提醒站内信', careType: '2', triggerType: '1', refTimeId, offsetDays: 0, sendTime: '08:00:00', channels: '1,5', crowdTypes: '2',
      content: '请按时服药。',
    } });
    await ok('/hisCareReminder/enable', { method: 'PUT', body: { id: siteReminder } });
    // 系统通告 of the hospital (the admin reads every tenant's): the bell message would be one titled with the reminder
    const admin = await login(app, 'admin');
    const announcements = async () => {
      const r = await call<Page<Rec>>(app, '/sys/annountCement/list', { token: admin, tenantId: 1001, query: { title: '*用药提醒站内信*' } });
      expect(r.body.success, r.body.message).toBe(true);
      return r.body.result.total;
    };
    await ok('/hisCareReminder/send', { method: 'PUT', body: { id: siteReminder, patientId: patient.id } });
    expect(await announcements()).toBe(0);
    const rows = ((await ok<Rec>('/hisCareReminder/queryById', { query: { id: siteReminder } })).logs as Rec[])
      .sort((a, b) => String(a.channel).localeCompare(String(b.channel)));
    expect(rows.map((l) => [l.channel, l.patientId, l.result, l.failReason ?? null])).toEqual([
      ['1', patient.id, '1', null],
      ['5', patient.id, '2', '接收人没有系统账号，不能接收站内信'],
    ]);
  });
});
