/**
 * 消息发送: a template with `{变量}` goes to users, roles and departments (expanded to users);
 * 站内信 lands in the recipient's bell (系统消息); other channels are logging adapters that need
 * the recipient's address; each recipient has a 发送记录 with its state, and 重发 retries a failure.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';
import { renderTemplate, templateVariables } from '../../src/core/message/template.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }

let app: FastifyInstance;
let admin: string;
const users: Record<string, Rec> = {};
beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
  for (const u of (await call<Page>(app, '/sys/user/list', { token: admin, query: { pageSize: 100 } })).body.result.records) users[String(u.username)] = u;
});
afterAll(async () => { await app.close(); });

async function template(code: string, type: string, content: string): Promise<string> {
  const r = await call(app, '/sys/message/sysMessageTemplate/add', { token: admin, body: { templateCode: code, templateName: `就诊提醒${code}`, templateType: type, templateContent: content, status: '1' } });
  expect(r.body.message).toBe('添加成功！');
  const list = await call<Page>(app, '/sys/message/sysMessageTemplate/list', { token: admin, query: { templateCode: code } });
  return String(list.body.result.records[0]!.id);
}

const records = async (title: string) =>
  (await call<Page>(app, '/sys/message/sysMessage/list', { token: admin, query: { esTitle: `*${title}*`, pageSize: 100 } })).body.result.records;

it('core: variables and rendering', () => {
  expect(templateVariables('{患者姓名}您好，{科室}，再见{患者姓名}')).toEqual(['患者姓名', '科室']);
  expect(renderTemplate('{患者姓名}您好', { 患者姓名: '张三' })).toEqual({ ok: true, text: '张三您好' });
  expect(renderTemplate('{患者姓名}{科室}', { 患者姓名: '张三' })).toEqual({ ok: false, missing: ['科室'] });
});

it('站内信 to a user, a role and a department: one record each, in the bell', async () => {
  const tpl = await template('VISIT_SITE', '4', '{患者姓名}您好，您预约的{科室}门诊将于明天开始');
  const depts = (await call<Page>(app, '/sys/sysDepart/list', { token: admin, query: { _flat: '1', pageSize: 100 } })).body.result.records;
  const finance = depts.find((d) => d.departName === '财务部')!;
  await call(app, '/sys/user/editSysDepartWithUser', { token: admin, body: { depId: finance.id, userIdList: [users.admin!.id] } });
  const roles = (await call<Page>(app, '/sys/role/list', { token: admin, query: { pageSize: 100 } })).body.result.records;
  const yunyingRole = roles.find((r) => r.roleCode === 'yunying')!;

  const missing = await call(app, '/sys/message/sysMessage/send', { token: admin, body: { templateId: tpl, userIds: String(users.yunying!.id), params: { 患者姓名: '张三' } } });
  expect(missing.status).toBe(400);
  expect(missing.body.message).toBe('模板变量：缺少模板变量「科室」');

  const r = await call<Rec>(app, '/sys/message/sysMessage/send', { token: admin, body: { templateId: tpl, roleIds: String(yunyingRole.id), departIds: String(finance.id), params: { 患者姓名: '张三', 科室: '心内科' } } });
  expect(r.body.message).toBe('消息发送成功！');
  const sent = r.body.result as { total: number; success: number };
  expect(sent.success).toBe(sent.total);
  const rows = await records('就诊提醒VISIT_SITE');
  const receivers = rows.map((x) => x.esReceiver);
  expect(receivers).toEqual(expect.arrayContaining(['yunying', 'admin']));
  for (const x of rows) expect(x).toMatchObject({ esContent: '张三您好，您预约的心内科门诊将于明天开始', esSendStatus: '1', esSendStatus_dictText: '发送成功', esType: '4', esSendNum: 1 });

  const yunying = await login(app, 'yunying');
  const bell = await call<{ sysMsgList: Rec[] }>(app, '/sys/annountCement/listByUser', { token: yunying });
  expect(bell.body.result.sysMsgList.map((m) => m.titile ?? m.title)).toContain('就诊提醒VISIT_SITE');
});

it('e-mail without an address fails with its reason; 重发 after the address is set succeeds', async () => {
  const tpl = await template('VISIT_MAIL', '2', '{患者姓名}：复诊提醒');
  const target = users.yunying!;
  const full = (await call<Rec>(app, '/sys/user/queryById', { token: admin, query: { id: String(target.id) } })).body.result;
  const body: Rec = {};
  for (const [k, v] of Object.entries(full)) if (!k.endsWith('_dictText') && !['createBy', 'createTime', 'updateBy', 'updateTime', 'tenantId', '_transitions'].includes(k)) body[k] = v;
  expect((await call(app, '/sys/user/edit', { method: 'PUT', token: admin, body: { ...body, email: '' } })).body.message).toBe('编辑成功！');

  await call(app, '/sys/message/sysMessage/send', { token: admin, body: { templateId: tpl, userIds: String(target.id), params: { 患者姓名: '李四' } } });
  const [failed] = await records('就诊提醒VISIT_MAIL');
  expect(failed).toMatchObject({ esReceiver: 'yunying', esSendStatus: '2', esResult: '接收人没有邮箱', esSendNum: 1 });

  const again = (await call<Rec>(app, '/sys/user/queryById', { token: admin, query: { id: String(target.id) } })).body.result;
  expect((await call(app, '/sys/user/edit', { method: 'PUT', token: admin, body: { ...body, version: again.version, email: 'yunying@hospital.cn' } })).body.message).toBe('编辑成功！');
  const retry = await call(app, '/sys/message/sysMessage/resend', { token: admin, body: { id: failed!.id } });
  expect(retry.body.result).toEqual({ sent: true });
  const [done] = await records('就诊提醒VISIT_MAIL');
  expect(done).toMatchObject({ esSendStatus: '1', esSendNum: 2, esResult: null });
  const twice = await call(app, '/sys/message/sysMessage/resend', { token: admin, body: { id: failed!.id } });
  expect(twice.status).toBe(400);
  expect(twice.body.message).toBe('只有发送失败的消息可以重发');
});
