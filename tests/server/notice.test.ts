/** 系统通告: publish/revoke, the per-user inbox (listByUser, read marks, 我的消息), tenancy, sanitizing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, PASSWORDS, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
interface ListByUser {
  anntMsgList: Rec[];
  anntMsgTotal: number;
  sysMsgList: Rec[];
  sysMsgTotal: number;
}

let app: FastifyInstance;
const tok: Record<string, string> = {};
const uid: Record<string, string> = {};

async function signIn(username: string): Promise<void> {
  const r = await call<{ token: string; userInfo: Rec }>(app, '/sys/login', { body: { username, password: PASSWORDS[username] } });
  expect(r.body.success, r.body.message).toBe(true);
  tok[username] = r.body.result.token;
  uid[username] = String(r.body.result.userInfo.id);
}

const HOSP = 1001;

/** Adds an announcement as admin acting on `tenant`; returns its id. */
async function addAnnouncement(body: Rec, tenant = HOSP): Promise<string> {
  const r = await call<string>(app, '/sys/annountCement/add', { token: tok.admin, tenantId: tenant, body: { msgCategory: '1', msgType: 'ALL', priority: 'H', ...body } });
  expect(r.body.success, r.body.message).toBe(true);
  return r.body.result;
}

const publish = (id: string, tenant = HOSP, token = tok.admin) => call<Rec>(app, '/sys/annountCement/doReleaseData', { token, tenantId: tenant, query: { id } });
const revoke = (id: string, tenant = HOSP, token = tok.admin) => call<Rec>(app, '/sys/annountCement/doReovkeData', { token, tenantId: tenant, query: { id } });
const inbox = async (user: string) => {
  const r = await call<ListByUser>(app, '/sys/annountCement/listByUser', { token: tok[user] });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
};
const ids = (l: ListByUser) => [...l.anntMsgList, ...l.sysMsgList].map((x) => x.id);

beforeAll(async () => {
  app = await testApp();
  for (const u of ['admin', 'yunying', 'hospadmin', 'zhuli']) await signIn(u);
});
afterAll(async () => {
  await app.close();
});

describe('publish / revoke', () => {
  it('publishes to ALL users of the announcement tenant only', async () => {
    const id = await addAnnouncement({ title: '全院通知：系统维护', msgContent: '<p>今晚维护</p>' });
    const before = await inbox('hospadmin');
    expect(ids(before)).not.toContain(id);

    const r = await publish(id);
    expect(r.body).toMatchObject({ success: true, message: '该系统通知发布成功' });
    expect(r.body.result).toMatchObject({ sendStatus: '1', sender: '系统管理员' });
    expect(r.body.result.sendTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    for (const u of ['hospadmin', 'zhuli']) {
      const l = await inbox(u);
      const item = l.anntMsgList.find((x) => x.id === id);
      expect(item, u).toMatchObject({ title: '全院通知：系统维护', titile: '全院通知：系统维护', sender: '系统管理员', readFlag: '0', priority: 'H', msgCategory: '1', msgContent: '<p>今晚维护</p>' });
      expect(Object.keys(item!)).toEqual(expect.arrayContaining(['sendTime', 'createTime', 'openType', 'openPage', 'busId']));
      expect(l.anntMsgTotal).toBeGreaterThanOrEqual(1);
    }
    for (const u of ['admin', 'yunying']) expect(ids(await inbox(u)), u).not.toContain(id);

    // the admin list shows the new state
    const q = await call<Rec>(app, '/sys/annountCement/queryById', { token: tok.admin, tenantId: HOSP, query: { id } });
    expect(q.body.result).toMatchObject({ sendStatus: '1', sender: '系统管理员', sendStatus_dictText: '已发布' });
  });

  it('splits system messages (msgCategory 2) from announcements', async () => {
    const id = await addAnnouncement({ title: '系统消息：处方待审核', msgCategory: '2', priority: 'M' });
    await publish(id);
    const l = await inbox('zhuli');
    expect(l.sysMsgList.map((x) => x.id)).toContain(id);
    expect(l.anntMsgList.map((x) => x.id)).not.toContain(id);
    expect(l.sysMsgTotal).toBe(l.sysMsgList.length);
  });

  it('targets chosen users (USER)', async () => {
    const id = await addAnnouncement({ title: '给助理的消息', msgType: 'USER', userIds: uid.zhuli });
    expect((await publish(id)).body.success).toBe(true);
    expect(ids(await inbox('zhuli'))).toContain(id);
    expect(ids(await inbox('hospadmin'))).not.toContain(id);

    // queryById: the recipient gets it, another user of the tenant without annountCement:list gets 404
    const mine = await call<Rec>(app, '/sys/annountCement/queryById', { token: tok.zhuli, query: { id } });
    expect(mine.status).toBe(200);
    expect(mine.body.result).toMatchObject({ id, titile: '给助理的消息', readFlag: '0' });
    const other = await call(app, '/sys/annountCement/queryById', { token: tok.hospadmin, query: { id } });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('未找到对应数据');
    const otherTenant = await call(app, '/sys/annountCement/queryById', { token: tok.yunying, query: { id } });
    expect(otherTenant.status).toBe(404);
  });

  it('requires USER targets when msgType is USER', async () => {
    const r = await call(app, '/sys/annountCement/add', { token: tok.admin, tenantId: HOSP, body: { title: 'x', msgCategory: '1', msgType: 'USER' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('指定用户');
  });

  it('revokes: the message disappears from the inbox; wrong states are refused', async () => {
    const id = await addAnnouncement({ title: '将被撤销的通知' });
    expect((await revoke(id)).body).toMatchObject({ success: false, code: 400, message: '当前状态「未发布」不允许执行「撤销」' });
    await publish(id);
    expect(ids(await inbox('hospadmin'))).toContain(id);
    const again = await publish(id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: false, code: 400, message: '当前状态「已发布」不允许执行「发布」' });

    const r = await revoke(id);
    expect(r.body).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    expect(r.body.result).toMatchObject({ sendStatus: '2' });
    expect(r.body.result.cancelTime).toMatch(/^\d{4}-/);
    expect(ids(await inbox('hospadmin'))).not.toContain(id);
    expect((await call(app, '/sys/annountCement/queryById', { token: tok.hospadmin, query: { id } })).status).toBe(404);
    const my = await call<Page<Rec>>(app, '/sys/sysAnnouncementSend/getMyAnnouncementSend', { token: tok.hospadmin, query: { pageSize: 100 } });
    expect(my.body.result.records.map((x) => x.anntId)).not.toContain(id);
    expect((await publish(id)).body.message).toBe('当前状态「已撤销」不允许执行「发布」');
  });

  it('checks permissions and tenancy', async () => {
    const id = await addAnnouncement({ title: '权限测试' });
    const hosp = await publish(id, HOSP, tok.hospadmin);
    expect(hosp.status).toBe(403);
    expect(hosp.body.message).toBe('没有权限：annountCement:publish');
    expect((await revoke(id, HOSP, tok.zhuli)).body.message).toBe('没有权限：annountCement:revoke');
    // admin acting on its own tenant does not see the hospital's announcement
    const wrongTenant = await publish(id, 1000);
    expect(wrongTenant.status).toBe(404);
    expect((await publish('999')).status).toBe(404);
    expect((await call(app, '/sys/annountCement/doReleaseData', { token: tok.admin })).status).toBe(400);
    // no token
    expect((await call(app, '/sys/annountCement/listByUser')).status).toBe(401);
  });
});

describe('read marks and 我的消息', () => {
  it('marks one read, then all read', async () => {
    const a = await addAnnouncement({ title: '已读测试一' });
    const b = await addAnnouncement({ title: '已读测试二', msgCategory: '2' });
    await publish(a);
    await publish(b);
    const before = await inbox('zhuli');
    expect(ids(before)).toEqual(expect.arrayContaining([a, b]));

    const r = await call(app, '/sys/sysAnnouncementSend/editByAnntIdAndUserId', { method: 'PUT', token: tok.zhuli, body: { anntId: a } });
    expect(r.body.success, r.body.message).toBe(true);
    const mid = await inbox('zhuli');
    expect(ids(mid)).not.toContain(a);
    expect(ids(mid)).toContain(b);
    expect(mid.anntMsgTotal).toBe(before.anntMsgTotal - 1);
    // hospadmin still has both unread
    expect(ids(await inbox('hospadmin'))).toEqual(expect.arrayContaining([a, b]));
    // queryById after reading: readFlag 1
    expect((await call<Rec>(app, '/sys/annountCement/queryById', { token: tok.zhuli, query: { id: a } })).body.result.readFlag).toBe('1');
    // marking again is fine; an announcement not sent to me is 404
    expect((await call(app, '/sys/sysAnnouncementSend/editReadStatus', { method: 'PUT', token: tok.zhuli, body: { anntId: a } })).body.success).toBe(true);
    expect((await call(app, '/sys/sysAnnouncementSend/editReadStatus', { method: 'PUT', token: tok.yunying, body: { anntId: a } })).status).toBe(404);

    const all = await call<number>(app, '/sys/sysAnnouncementSend/readAll', { method: 'PUT', token: tok.zhuli, body: {} });
    expect(all.body).toMatchObject({ success: true, message: '全部已读' });
    const after = await inbox('zhuli');
    expect(after).toMatchObject({ anntMsgTotal: 0, sysMsgTotal: 0, anntMsgList: [], sysMsgList: [] });
  });

  it('lists my messages with paging and title/sender search', async () => {
    const id = await addAnnouncement({ title: '我的消息检索专用' });
    await publish(id);
    const page = await call<Page<Rec>>(app, '/sys/sysAnnouncementSend/getMyAnnouncementSend', { token: tok.hospadmin, query: { pageNo: 1, pageSize: 2 } });
    expect(page.status).toBe(200);
    expect(page.body.result.records.length).toBeLessThanOrEqual(2);
    expect(page.body.result.total).toBeGreaterThanOrEqual(3);
    expect(page.body.result.size).toBe(2);

    const found = await call<Page<Rec>>(app, '/sys/sysAnnouncementSend/list', { token: tok.hospadmin, query: { title: '*检索专用*' } });
    expect(found.body.result.total).toBe(1);
    expect(found.body.result.records[0]).toMatchObject({ anntId: id, title: '我的消息检索专用', titile: '我的消息检索专用', msgCategory: '1', sender: '系统管理员', priority: 'H', readFlag: '0', readFlag_dictText: '未读', priority_dictText: '紧急消息' });
    const bySender = await call<Page<Rec>>(app, '/sys/sysAnnouncementSend/getMyAnnouncementSend', { token: tok.hospadmin, query: { sender: '系统管理员', title: '检索专用' } });
    expect(bySender.body.result.total).toBe(1);
    const none = await call<Page<Rec>>(app, '/sys/sysAnnouncementSend/getMyAnnouncementSend', { token: tok.hospadmin, query: { sender: '没有这个人' } });
    expect(none.body.result).toMatchObject({ total: 0, records: [] });
    const other = await call<Page<Rec>>(app, '/sys/sysAnnouncementSend/getMyAnnouncementSend', { token: tok.yunying, query: { title: '检索专用' } });
    expect(other.body.result.total).toBe(0);
    expect((await call(app, '/sys/sysAnnouncementSend/getMyAnnouncementSend', { token: tok.hospadmin, query: { pageNo: 'x' } })).status).toBe(400);
  });

  it('delivers ALL announcements to users created after the publish', async () => {
    const id = await addAnnouncement({ title: '新用户也能看到' });
    await publish(id);
    const add = await call(app, '/sys/user/add', {
      token: tok.hospadmin,
      body: { username: 'newnurse01', password: 'Nurse@123456', realname: '新护士', workNo: 'N0001', phone: '13912340001', status: '1' },
    });
    expect(add.body.success, add.body.message).toBe(true);
    const login = await call<{ token: string }>(app, '/sys/login', { body: { username: 'newnurse01', password: 'Nurse@123456' } });
    const l = await call<ListByUser>(app, '/sys/annountCement/listByUser', { token: login.body.result.token });
    expect(l.body.result.anntMsgList.map((x) => x.id)).toContain(id);
  });
});

describe('sanitizing', () => {
  const XSS = '<img src=x onerror=alert(1)><script>alert(2)</script><b>粗体</b>';
  const CLEAN = '<img src="x"><b>粗体</b>';

  it('stores and returns msgContent sanitized', async () => {
    const id = await addAnnouncement({ title: 'XSS', msgContent: XSS });
    // stored sanitized: the generic list returns the column as stored
    const list = await call<Page<Rec>>(app, '/sys/annountCement/list', { token: tok.admin, tenantId: HOSP, query: { title: '*XSS*' } });
    expect(list.body.result.records[0]?.msgContent).toBe(CLEAN);
    const q = await call<Rec>(app, '/sys/annountCement/queryById', { token: tok.admin, tenantId: HOSP, query: { id } });
    expect(q.body.result.msgContent).toBe(CLEAN);

    const edit = await call(app, '/sys/annountCement/edit', { method: 'PUT', token: tok.admin, tenantId: HOSP, body: { id, version: q.body.result.version, title: 'XSS', msgCategory: '1', msgType: 'ALL', priority: 'H', msgContent: `${XSS}<a href="javascript:alert(3)">链接</a>` } });
    expect(edit.body.success, edit.body.message).toBe(true);
    const after = await call<Rec>(app, '/sys/annountCement/queryById', { token: tok.admin, tenantId: HOSP, query: { id } });
    expect(after.body.result.msgContent).toBe(`${CLEAN}<a>链接</a>`);

    await publish(id);
    const item = (await inbox('hospadmin')).anntMsgList.find((x) => x.id === id);
    expect(item?.msgContent).toBe(`${CLEAN}<a>链接</a>`);
    expect(JSON.stringify(item)).not.toMatch(/onerror|<script|javascript:/);
  });
});

describe('generic transition routes of the schema', () => {
  it('PUT /sys/annountCement/publish|revoke {id} publish and revoke the same way', async () => {
    const id = await addAnnouncement({ title: '通用流转发布' });
    const r = await call<string>(app, '/sys/annountCement/publish', { method: 'PUT', token: tok.admin, tenantId: HOSP, body: { id } });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body).toMatchObject({ success: true, result: id });
    const item = (await inbox('zhuli')).anntMsgList.find((x) => x.id === id);
    expect(item).toMatchObject({ sender: '系统管理员' });
    expect(item?.sendTime).toMatch(/^\d{4}-/);
    const again = await call(app, '/sys/annountCement/publish', { method: 'PUT', token: tok.admin, tenantId: HOSP, body: { id } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('当前状态「已发布」不允许执行「发布」');
    expect((await call(app, '/sys/annountCement/publish', { method: 'PUT', token: tok.hospadmin, body: { id } })).status).toBe(403);
    const rv = await call(app, '/sys/annountCement/revoke', { method: 'POST', token: tok.admin, tenantId: HOSP, body: { id } });
    expect(rv.body.success, rv.body.message).toBe(true);
    expect(ids(await inbox('zhuli'))).not.toContain(id);
  });
});
