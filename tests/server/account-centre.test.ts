/**
 * 个人中心 / 个人设置 on the server: the caller's profile, changeUserInfo (validated, version
 * moved on), active sessions with 退出 per device, and the theme settings kept per user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => {
  await app?.close();
});

describe('profile and changeUserInfo', () => {
  it('shows the caller, their roles and tenant; changes name, phone and e-mail with the fields checked', async () => {
    const token = await login(app, 'hospadmin');
    const p = await call<{ userInfo: Rec; roles: string[]; tenantName: string }>(app, '/sys/user/profile', { token });
    expect(p.body.result.userInfo.username).toBe('hospadmin');
    expect(p.body.result.userInfo.realname).toBe('医院管理员');
    expect(p.body.result.roles).toEqual(['医院管理员']);
    expect(p.body.result.tenantName).not.toBe('');
    expect(p.body.result.userInfo).not.toHaveProperty('passwordHash');

    const change = (body: Rec) => call<{ userInfo: Rec; errors?: Array<{ field: string }> }>(app, '/sys/user/changeUserInfo', { method: 'PUT', token, body });
    const before = await call<{ records: Rec[] }>(app, '/sys/user/list', { token, query: { username: 'hospadmin' } });
    const v0 = Number(before.body.result.records[0]!.version);
    // the user module's checks and messages (those of 用户管理), the field named; nothing changes
    const blank = await change({ realname: '' });
    expect(blank.body).toMatchObject({ success: false, message: '用户姓名：请输入用户姓名!' });
    expect(blank.body.result.errors?.map((e) => e.field)).toEqual(['realname']);
    expect((await change({ email: 'not-mail' })).body.message).toMatch(/^邮箱：/);
    expect((await change({ phone: '12345' })).body.message).toMatch(/^手机号码：/);
    expect((await change({ phone: '13800000003' })).body.message).toBe('手机号码：该值不可用，系统中已存在！'); // zhuli's, same tenant
    expect((await change({ avatar: 'javascript:alert(1)' })).body.message).toBe('头像：请上传图片');
    const unchanged = await call<{ records: Rec[] }>(app, '/sys/user/list', { token, query: { username: 'hospadmin' } });
    expect(unchanged.body.result.records[0]).toMatchObject({ realname: '医院管理员', version: v0 });

    const done = await change({ realname: '王院长', phone: '13911112222', email: 'wang@example.com' });
    expect(done.body).toMatchObject({ success: true, message: '修改成功' });
    expect(done.body.result.userInfo).toMatchObject({ realname: '王院长', phone: '13911112222', email: 'wang@example.com' });
    const after = await call<{ records: Rec[] }>(app, '/sys/user/list', { token, query: { username: 'hospadmin' } });
    const row = after.body.result.records[0]!;
    expect(row).toMatchObject({ realname: '王院长', email: 'wang@example.com', version: v0 + 1 });
    // a version in the data log, written by the user themself
    const admin = await login(app, 'admin');
    const history = await call<Array<{ op: string; username: string; content: Rec; before: Rec }>>(app, '/sys/dataLog/history', { token: admin, tenantId: 1001, query: { resource: 'sysUser', id: String(row.id) } });
    const last = history.body.result.at(-1)!;
    expect(last).toMatchObject({ op: 'edit', username: 'hospadmin' });
    expect(last.content).toMatchObject({ realname: '王院长', email: 'wang@example.com' });
    expect(last.before).toMatchObject({ realname: '医院管理员' });
  });
});

describe('active sessions', () => {
  it('lists the caller\'s sessions (the current one marked, no token shown) and ends another device\'s', async () => {
    const phone = await call<{ token: string }>(app, '/sys/login', { body: { username: 'zhuli', password: 'Zhuli@123456' }, headers: { 'User-Agent': 'PhoneBrowser/1.0' } });
    const other = phone.body.result.token;
    const token = await login(app, 'zhuli');
    const list = await call<Array<{ id: string; current: boolean; userAgent: string; ip: string }>>(app, '/sys/user/sessions', { token });
    expect(list.body.result.length).toBeGreaterThanOrEqual(2);
    expect(list.body.result.filter((s) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list.body.result)).not.toContain(other);
    const device = list.body.result.find((s) => s.userAgent === 'PhoneBrowser/1.0')!;
    expect(device.current).toBe(false);
    expect(device.ip).toBe('127.0.0.1');

    const out = await call(app, '/sys/user/sessions/revoke', { token, body: { id: device.id } });
    expect(out.body).toMatchObject({ success: true, message: '已退出该设备的登录' });
    expect((await call(app, '/sys/user/sessions', { token: other })).status).toBe(401);
    expect((await call(app, '/sys/user/sessions', { token })).status).toBe(200);
    expect((await call(app, '/sys/user/sessions/revoke', { token, body: { id: device.id } })).body.message).toBe('该登录会话不存在或已退出');
    // another user's session id is not the caller's to end
    const adminToken = await login(app, 'admin');
    const adminSessions = await call<Array<{ id: string }>>(app, '/sys/user/sessions', { token: adminToken });
    const foreign = await call(app, '/sys/user/sessions/revoke', { token, body: { id: adminSessions.body.result[0]!.id } });
    expect(foreign.body.message).toBe('该登录会话不存在或已退出');
    expect((await call(app, '/sys/user/sessions', { token: adminToken })).status).toBe(200);
  });
});

describe('theme settings per user', () => {
  it('saved in one session, read in another session of the same user, not by another user', async () => {
    const a = await login(app, 'yunying');
    const value = { navTheme: 'dark', primaryColor: '#722ED1', layout: 'topmenu' };
    expect((await call(app, '/sys/userSetting/save', { token: a, body: { key: 'ui:settings', value } })).body.success).toBe(true);
    const b = await login(app, 'yunying');
    expect((await call(app, '/sys/userSetting/get', { token: b, query: { key: 'ui:settings' } })).body.result).toEqual(value);
    const other = await login(app, 'admin');
    expect((await call(app, '/sys/userSetting/get', { token: other, query: { key: 'ui:settings' } })).body.result).toBeNull();
  });

  it('come with the permission answer (ui:* keys only), so the console asks no userSetting/get for them', async () => {
    const a = await login(app, 'yunying');
    const notify = { topic: false, user: true };
    expect((await call(app, '/sys/userSetting/save', { token: a, body: { key: 'ui:notify', value: notify } })).body.success).toBe(true);
    const perm = await call<{ uiSettings: Record<string, unknown>; tableSettings: Record<string, unknown> }>(app, '/sys/permission/getUserPermissionByToken', { token: a });
    expect(perm.body.result.uiSettings['ui:notify']).toEqual(notify);
    expect(perm.body.result.uiSettings['ui:settings']).toEqual({ navTheme: 'dark', primaryColor: '#722ED1', layout: 'topmenu' });
    expect(Object.keys(perm.body.result.uiSettings).every((k) => k.startsWith('ui:'))).toBe(true);
    expect(Object.keys(perm.body.result.tableSettings).some((k) => k.startsWith('ui:'))).toBe(false);
    const other = await call<{ uiSettings: Record<string, unknown> }>(app, '/sys/permission/getUserPermissionByToken', { token: await login(app, 'admin') });
    expect(other.body.result.uiSettings['ui:notify']).toBeUndefined();
  });
});
