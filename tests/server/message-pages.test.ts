/**
 * 站内消息 (every message delivered to a user's bell, read-only) and 小程序订阅消息 (subscribe
 * templates per scene): what the lists show after a 发送测试 and a read, the tenant scope, and
 * the refusals of the subscribe-template form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';

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

describe('站内消息', () => {
  let anntId = '';
  it('lists a 站内信 sent by 发送测试: title, recipient, unread; reading it marks it read with the time', async () => {
    await call(app, '/sys/message/sysMessageTemplate/add', { token: admin, body: { templateCode: 'SITE_PAGE', templateName: '站内消息页测试', templateType: '4', templateContent: '{内容}', status: '1' } });
    const tpl = (await call<Page>(app, '/sys/message/sysMessageTemplate/list', { token: admin, query: { templateCode: 'SITE_PAGE' } })).body.result.records[0]!;
    const sent = await call(app, '/sys/message/sysMessageTemplate/sendMsg', { token: admin, body: { id: tpl.id, receiver: users.yunying!.id, testData: { 内容: '请查收' } } });
    expect(sent.body.message).toBe('发送测试成功！');

    const rows = (await call<Page>(app, '/sys/siteMessage/list', { token: admin, query: { userId: String(users.yunying!.id), pageSize: 100 } })).body.result.records;
    const row = rows.find((r) => r.anntId_dictText === '站内消息页测试')!;
    expect(row).toMatchObject({ userId: users.yunying!.id, readFlag: false, readTime: null });
    expect(String(row.createTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    anntId = String(row.anntId);

    const yunying = await login(app, 'yunying');
    const read = await call(app, '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { method: 'PUT', token: yunying, body: { anntId } });
    expect(read.body.success).toBe(true);
    const after = (await call<Page>(app, '/sys/siteMessage/list', { token: admin, query: { anntId, pageSize: 100 } })).body.result.records;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ readFlag: true });
    expect(String(after[0]!.readTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('is read-only and scoped to the tenant', async () => {
    expect((await call(app, '/sys/siteMessage/add', { token: admin, body: { anntId, userId: users.admin!.id } })).status).toBe(404);
    const hosp = await login(app, 'hospadmin');
    // the hospital's administrator sees its own tenant's deliveries, none of the platform's
    const own = (await call<Page>(app, '/sys/siteMessage/list', { token: hosp, query: { pageSize: 1000 } })).body.result.records;
    expect(own.some((r) => r.anntId === anntId)).toBe(false);
    const byId = await call<Page>(app, '/sys/siteMessage/list', { token: hosp, query: { anntId } });
    expect([byId.status, byId.body.result.total]).toEqual([200, 0]);
  });
});

describe('小程序订阅消息', () => {
  const base = { scene: '检验报告出具', templateId: 'Ab12_cd-34EF', templateTitle: '报告出具通知', keywords: { thing1: '{患者姓名}', time2: '{出具时间}' }, page: 'pages/report/detail?id=', miniprogramState: 'formal', status: '1' };
  it('stores a subscribe template with its keyword mapping', async () => {
    const r = await call<string>(app, '/sys/message/miniappSubscribe/add', { token: admin, body: base });
    expect(r.body.message).toBe('添加成功！');
    const row = (await call<Rec>(app, '/sys/message/miniappSubscribe/queryById', { token: admin, query: { id: r.body.result } })).body.result;
    expect(row).toMatchObject({ scene: '检验报告出具', templateId: 'Ab12_cd-34EF', miniprogramState: 'formal', miniprogramState_dictText: '正式版', page: 'pages/report/detail?id=' });
    const kw = typeof row.keywords === 'string' ? JSON.parse(row.keywords) as Rec : row.keywords;
    expect(kw).toEqual({ thing1: '{患者姓名}', time2: '{出具时间}' });
  });

  it('refuses a bad template id, a bad page, a duplicate scene and a missing mapping, storing nothing', async () => {
    const add = (body: Rec) => call(app, '/sys/message/miniappSubscribe/add', { token: admin, body: { ...base, ...body } });
    const bad = await add({ scene: '其他场景1', templateId: '模板 1' });
    expect([bad.status, bad.body.message]).toEqual([400, '模板ID：模板ID只能包含字母、数字、下划线和横杠']);
    const page = await add({ scene: '其他场景2', page: 'https://evil.example/x y' });
    expect([page.status, page.body.message]).toEqual([400, '跳转页面：跳转页面应为小程序页面路径，如 pages/order/detail?id=']);
    const dup = await add({});
    expect(dup.status).toBe(400);
    expect(dup.body.message).toContain('业务场景');
    const none = await add({ scene: '其他场景3', keywords: undefined });
    expect([none.status, none.body.message]).toEqual([400, '关键词映射：请输入关键词映射!']);
    const list = (await call<Page>(app, '/sys/message/miniappSubscribe/list', { token: admin, query: { pageSize: 100 } })).body.result.records;
    expect(list.filter((r) => String(r.scene).startsWith('其他场景'))).toEqual([]);
    expect(list.filter((r) => r.scene === '检验报告出具')).toHaveLength(1);
  });
});
