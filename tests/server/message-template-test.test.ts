/**
 * 消息模板 发送测试 (`POST /sys/message/sysMessageTemplate/sendMsg {id, receiver, testData}`):
 * the template filled with the test data reaches the chosen user through the channel layer —
 * 系统消息 in the user's bell, 短信 in the SMS log — with one 发送记录; a failed or refused test
 * stores nothing. Also: an adapter installed in the channel layer serves every sender.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';
import { registerChannel, type ChannelMessage } from '../../src/server/channels/registry.js';

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
  const r = await call(app, '/sys/message/sysMessageTemplate/add', { token: admin, body: { templateCode: code, templateName: `测试${code}`, templateType: type, templateContent: content, status: '1' } });
  expect(r.body.message).toBe('添加成功！');
  const list = await call<Page>(app, '/sys/message/sysMessageTemplate/list', { token: admin, query: { templateCode: code } });
  return String(list.body.result.records[0]!.id);
}
const records = async (title: string) =>
  (await call<Page>(app, '/sys/message/sysMessage/list', { token: admin, query: { esTitle: title, pageSize: 100 } })).body.result.records;
const sendMsg = (body: Rec) => call<Rec>(app, '/sys/message/sysMessageTemplate/sendMsg', { token: admin, body });

it('sends a 系统消息 template with its test data to the chosen user\'s bell, with one 发送记录', async () => {
  const id = await template('T_SITE', '4', '{患者姓名}您好，{科室}复诊提醒');
  const r = await sendMsg({ id, receiver: users.yunying!.id, testData: { 患者姓名: '王五', 科室: '内分泌科' } });
  expect([r.status, r.body.message]).toEqual([200, '发送测试成功！']);
  const rows = await records('测试T_SITE');
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ esContent: '王五您好，内分泌科复诊提醒', esReceiver: 'yunying', esType: '4', esSendStatus: '1', esSendNum: 1, templateId: id, remark: '发送测试' });
  const yunying = await login(app, 'yunying');
  const bell = await call<{ sysMsgList: Rec[] }>(app, '/sys/annountCement/listByUser', { token: yunying });
  expect(bell.body.result.sysMsgList.map((m) => m.titile ?? m.title)).toContain('测试T_SITE');
});

it('refuses a missing variable, bad test data and no receiver, storing nothing', async () => {
  const id = await template('T_MISS', '4', '{患者姓名}：{科室}');
  const missing = await sendMsg({ id, receiver: users.yunying!.id, testData: { 患者姓名: '王五' } });
  expect([missing.status, missing.body.message]).toEqual([400, '测试数据：缺少模板变量「科室」']);
  const bad = await sendMsg({ id, receiver: users.yunying!.id, testData: '不是JSON' });
  expect([bad.status, bad.body.message]).toEqual([400, '测试数据：应为 JSON 对象']);
  const none = await sendMsg({ id, testData: { 患者姓名: '王五', 科室: '眼科' } });
  expect(none.status).toBe(400);
  expect(none.body.message).toMatch(/^消息接收方/);
  expect(await records('测试T_MISS')).toEqual([]);
});

it('a 短信 template goes through the channel layer\'s sms adapter; a failing adapter refuses with its reason', async () => {
  const id = await template('T_SMS', '1', '验证通知：{内容}');
  const ok = await sendMsg({ id, receiver: users.admin!.id, testData: { 内容: '通道测试' } });
  expect(ok.body.message).toBe('发送测试成功！');
  expect((await records('测试T_SMS'))[0]).toMatchObject({ esType: '1', esSendStatus: '1', esContent: '验证通知：通道测试' });

  const seen: ChannelMessage[] = [];
  const prev = registerChannel('sms', { async send(m) { seen.push(m); throw new Error('短信网关余额不足'); } });
  try {
    const failed = await sendMsg({ id, receiver: users.admin!.id, testData: { 内容: '第二次' } });
    expect([failed.status, failed.body.message]).toEqual([400, '发送测试失败：短信网关余额不足']);
    // the SMS verification codes use the same adapter
    const code = await call<Rec>(app, '/sys/sms', { body: { mobile: '13700000009', smsmode: '1' } });
    expect(code.body.message).toBe('短信发送失败：短信网关余额不足');
  } finally {
    registerChannel('sms', prev!);
  }
  expect(seen.map((m) => [m.to.phone ?? null, m.content.slice(0, 5)])).toEqual([[users.admin!.phone ?? null, '验证通知：'], ['13700000009', '【互联网医']]);
  expect(await records('测试T_SMS')).toHaveLength(1);
});
