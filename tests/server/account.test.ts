/** Account calls of the header: change password, departments, organisation picker, token expiry. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { encryptText, type Page } from '../../src/core/protocol/index.js';
import { MESSAGES } from '../../src/core/validators/index.js';
import { call, cfg, login, PASSWORDS, testApp } from './helpers.js';

type Rec = Record<string, unknown>;

let app: FastifyInstance;
beforeAll(async () => { app = await testApp(); });
afterAll(async () => { await app.close(); });

const enc = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, encryptText(v, cfg)]));

describe('updatePassword', () => {
  const change = (token: string, fields: Record<string, string>, method: 'PUT' | 'POST' = 'PUT') =>
    call(app, '/sys/user/updatePassword', { method, token, body: enc(fields) });

  it('refuses a wrong old password, a weak or mismatched new one, and another user', async () => {
    const token = await login(app, 'zhuli');
    const base = { username: 'zhuli', oldpassword: PASSWORDS.zhuli!, password: 'Better@2026x', confirmpassword: 'Better@2026x' };
    const wrong = await change(token, { ...base, oldpassword: 'Wrong@123456' });
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ success: false, code: 400, message: '旧密码输入错误' });
    const weak = await change(token, { ...base, password: 'abc12345', confirmpassword: 'abc12345' });
    expect(weak.body).toMatchObject({ success: false, message: MESSAGES.password });
    const noSpecial = await change(token, { ...base, password: 'Abcdefgh1234', confirmpassword: 'Abcdefgh1234' });
    expect(noSpecial.body.message).toBe(MESSAGES.password);
    const mismatch = await change(token, { ...base, confirmpassword: 'Other@2026xx' });
    expect(mismatch.body).toMatchObject({ success: false, message: '两次输入的密码不一样！' });
    const other = await change(token, { ...base, username: 'hospadmin' });
    expect(other.body).toMatchObject({ success: false, message: '只允许修改自己的密码！' });
    const missing = await change(token, { username: 'zhuli', oldpassword: '', password: 'x', confirmpassword: 'x' });
    expect(missing.body.message).toBe('请输入旧密码!');
    // with encryption on, fields must be encrypted one by one
    const plain = await call(app, '/sys/user/updatePassword', { method: 'PUT', token, body: base });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toBe('请求体解密失败');
    // nothing changed
    expect(await login(app, 'zhuli')).toMatch(/^[0-9a-f]{64}$/);
    // no token
    expect((await call(app, '/sys/user/updatePassword', { method: 'PUT', body: enc(base) })).status).toBe(401);
  });

  it('changes the password, keeps the current session and revokes the others', async () => {
    const current = await login(app, 'yunying');
    const other = await login(app, 'yunying');
    const r = await change(current, { username: 'yunying', oldpassword: PASSWORDS.yunying!, password: 'Yunying@2027!', confirmpassword: 'Yunying@2027!' }, 'POST');
    expect(r.body).toMatchObject({ success: true, code: 200, message: '密码修改成功！' });
    expect((await call(app, '/sys/permission/getUserPermissionByToken', { token: current })).status).toBe(200);
    const revoked = await call(app, '/sys/permission/getUserPermissionByToken', { token: other });
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe('Token失效，请重新登录');
    const old = await call(app, '/sys/login', { body: { username: 'yunying', password: PASSWORDS.yunying } });
    expect(old.body).toMatchObject({ success: false, message: '用户名或密码错误' });
    expect(await login(app, 'yunying', 'Yunying@2027!')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts plain fields when encryption is off', async () => {
    const plainCfg = { ...cfg, encrypt: false };
    const off = await testApp({ protocol: { encrypt: false } });
    try {
      const l = await call<{ token: string }>(off, '/sys/login', { protocol: plainCfg, body: { username: 'hospadmin', password: PASSWORDS.hospadmin } });
      const token = l.body.result.token;
      const r = await call(off, '/sys/user/updatePassword', {
        method: 'PUT',
        protocol: plainCfg,
        token,
        body: { username: 'hospadmin', oldpassword: PASSWORDS.hospadmin, password: 'Hosp@2026new', confirmpassword: 'Hosp@2026new' },
      });
      expect(r.body).toMatchObject({ success: true, message: '密码修改成功！' });
      const encrypted = await call(off, '/sys/user/updatePassword', {
        method: 'PUT',
        protocol: plainCfg,
        token,
        body: enc({ username: 'hospadmin', oldpassword: 'Hosp@2026new', password: 'Hosp@2026new2', confirmpassword: 'Hosp@2026new2' }),
      });
      expect(encrypted.body.message).toBe('密码修改成功！');
    } finally {
      await off.close();
    }
  });
});

describe('departments', () => {
  interface Departs { list: Array<{ id: string; orgCode: string; departName: string }>; orgCode: string | null }

  it('lists the current user departments and switches the current one', async () => {
    const token = await login(app, 'admin');
    const r = await call<Departs>(app, '/sys/user/getCurrentUserDeparts', { token });
    expect(r.status).toBe(200);
    expect(r.body.result.list).toHaveLength(2);
    for (const d of r.body.result.list) expect(d).toEqual({ id: expect.any(String), orgCode: expect.any(String), departName: expect.any(String) });
    expect(r.body.result.orgCode).toBe(r.body.result.list[0]!.orgCode);

    const second = r.body.result.list[1]!.orgCode;
    const sel = await call<{ userInfo: Rec }>(app, '/sys/selectDepart', { token, body: { orgCode: second, username: 'admin' } });
    expect(sel.body.success, sel.body.message).toBe(true);
    expect(sel.body.result.userInfo).toMatchObject({ username: 'admin', orgCode: second, tenantId: 1000 });
    expect(JSON.stringify(sel.body.result.userInfo)).not.toMatch(/password|scrypt/);
    expect((await call<Departs>(app, '/sys/user/getCurrentUserDeparts', { token })).body.result.orgCode).toBe(second);
    const put = await call(app, '/sys/selectDepart', { method: 'PUT', token, body: { orgCode: r.body.result.list[0]!.orgCode, username: 'admin' } });
    expect(put.body.success).toBe(true);

    const notMine = await call(app, '/sys/selectDepart', { token, body: { orgCode: 'NOPE', username: 'admin' } });
    expect(notMine.body).toMatchObject({ success: false, message: '您不属于该部门' });
    const empty = await call(app, '/sys/selectDepart', { token, body: { username: 'admin' } });
    expect(empty.body.message).toBe('请选择登录部门');
  });

  it('hospadmin has two departments of the hospital tenant, zhuli none', async () => {
    const hosp = await call<Departs>(app, '/sys/user/getCurrentUserDeparts', { token: await login(app, 'hospadmin', 'Hosp@2026new2').catch(() => login(app, 'hospadmin')) });
    expect(hosp.body.result.list).toHaveLength(2);
    const admin = await call<Departs>(app, '/sys/user/getCurrentUserDeparts', { token: await login(app, 'admin') });
    const adminIds = admin.body.result.list.map((d) => d.id);
    for (const d of hosp.body.result.list) expect(adminIds).not.toContain(d.id);
    const zhuli = await call<Departs>(app, '/sys/user/getCurrentUserDeparts', { token: await login(app, 'zhuli') });
    expect(zhuli.body.result).toEqual({ list: [], orgCode: null });
  });
});

describe('organisation list', () => {
  type Org = { id: string; title: string; tenantId: number; orgId: string };

  it('lists tenants and hospitals for super-tenant users, with trimmed search and paging', async () => {
    const token = await login(app, 'admin');
    const all = await call<Page<Org>>(app, '/sys/org/list', { token });
    expect(all.status).toBe(200);
    expect(all.body.result.records).toHaveLength(10);
    expect(all.body.result.total).toBeGreaterThan(10);
    expect(all.body.result.records[0]).toMatchObject({ id: '1000', title: '平台运营中心', tenantId: 1000, orgId: '0' });
    expect(all.body.result.records.every((r) => typeof r.id === 'string' && typeof r.tenantId === 'number')).toBe(true);

    const search = await call<Page<Org>>(app, '/sys/org/list', { token, query: { orgName: '  平台运营 ', pageNo: 1, pageSize: 10 } });
    expect(search.body.result.total).toBe(1);
    expect(search.body.result.records[0]?.title).toBe('平台运营中心');

    const hospital = await call<Page<Org>>(app, '/sys/org/list', { token, query: { orgName: '宁夏医科大学总医院互联网医院' } });
    expect(hospital.body.result.records[0]).toMatchObject({ tenantId: 1001, orgId: '0' });

    const p2 = await call<Page<Org>>(app, '/sys/org/list', { token, query: { pageNo: 2, pageSize: 3 } });
    expect(p2.body.result.records).toHaveLength(3);
    expect(p2.body.result.total).toBe(all.body.result.total);
    const p1 = await call<Page<Org>>(app, '/sys/org/list', { token, query: { pageNo: 1, pageSize: 6 } });
    expect(p1.body.result.records.slice(3, 6)).toEqual(p2.body.result.records);

    const hospitals = p1.body.result.records.filter((r) => r.orgId !== '0');
    for (const h of hospitals) expect(h.orgId).toBe(h.id);

    const none = await call<Page<Org>>(app, '/sys/org/list', { token, query: { orgName: '不存在的机构%' } });
    expect(none.body.result).toMatchObject({ total: 0, records: [] });
    expect((await call(app, '/sys/org/list', { token, query: { pageNo: 0 } })).status).toBe(400);
    // yunying is a super-tenant user too
    expect((await call(app, '/sys/org/list', { token: await login(app, 'yunying', 'Yunying@2027!') })).status).toBe(200);
  });

  it('is 403 for users of a hospital tenant', async () => {
    const r = await call(app, '/sys/org/list', { token: await login(app, 'zhuli') });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('没有权限：org:list');
  });
});

describe('token expiry', () => {
  it('answers 401 for an expired token', async () => {
    const token = await login(app, 'zhuli');
    expect((await call(app, '/sys/annountCement/listByUser', { token })).status).toBe(200);
    const real = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(real + 7 * 24 * 3600 * 1000 + 60_000);
    try {
      const r = await call(app, '/sys/annountCement/listByUser', { token });
      expect(r.status).toBe(401);
      expect(r.body.message).toBe('Token失效，请重新登录');
      expect((await call(app, '/sys/user/getCurrentUserDeparts', { token })).status).toBe(401);
    } finally {
      spy.mockRestore();
    }
    // a fresh login works again
    expect((await call(app, '/sys/annountCement/listByUser', { token: await login(app, 'zhuli') })).status).toBe(200);
  });
});
