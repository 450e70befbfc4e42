import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';

interface MenuNode {
  path: string;
  name: string;
  component: string;
  hidden?: boolean;
  meta: { title: string; permissionList?: Array<{ action: string }> };
  children?: MenuNode[];
}
interface MenuResult {
  menu: MenuNode[];
  auth: Array<{ action: string; type: string; describe: string }>;
  allAuth: Array<{ action: string; status: string; type: string; describe: string }>;
}

let app: FastifyInstance;
let admin: string;
let zhuli: string;
beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
  zhuli = await login(app, 'zhuli');
});
afterAll(async () => { await app.close(); });

describe('globalConfig', () => {
  it('is public and has the documented shape', async () => {
    const r = await call<Record<string, unknown>>(app, '/config/globalConfig');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const c = r.body.result;
    expect(c).toMatchObject({ superTenantId: 1000 });
    for (const k of ['orgName', 'orgLogo', 'icpNumber', 'icon']) expect(typeof c[k]).toBe('string');
    const apps = c.appList as Array<{ code: string; name: string; status: number }>;
    expect(apps.map((a) => [a.code, a.status])).toEqual([
      ['follow_up', 1],
      ['is_drug_mall_open', 1],
      ['is_serve_pack', 1],
      ['remote_imaging', 1],
    ]);
    expect(apps.every((a) => typeof a.name === 'string')).toBe(true);
    const reg = (c.dictModels as { regulatory_config: Array<{ text: string; value: string }> }).regulatory_config;
    expect(reg).toContainEqual({ text: 'baseUrl', value: 'http://127.0.0.1:8080/hospital/pub' });
  });
});

describe('permission menu', () => {
  it('gives admin every menu with 首页 first and buttons in permissionList', async () => {
    const r = await call<MenuResult>(app, '/sys/permission/getUserPermissionByToken', { token: admin });
    const { menu, auth, allAuth } = r.body.result;
    expect(menu[0]).toMatchObject({ path: '/dashboard/analysis', component: 'dashboard/Analysis', meta: { title: '首页' } });
    const dirs = menu.slice(1);
    expect(dirs.length).toBeGreaterThan(1);
    for (const d of dirs) expect(d.component).toBe('layouts/RouteView');
    const doctor = dirs.flatMap((d) => d.children ?? []).find((n) => n.component === 'resource/hisDoctor');
    expect(doctor?.path).toBe('/app/doctor');
    expect(doctor?.name).toBe('app-doctor');
    expect(doctor?.meta.permissionList?.map((p) => p.action)).toContain('hisDoctor:add');
    expect(auth.map((a) => a.action)).toContain('hisDoctor:add');
    expect(allAuth.length).toBeGreaterThanOrEqual(auth.length);
    expect(allAuth[0]).toHaveProperty('status', '1');
    expect(dirs.map((d) => d.meta.title)).toContain('系统管理');
  });

  it('gives zhuli only 首页 and read-only lists of doctors, patients and the orders an assistant follows', async () => {
    const r = await call<MenuResult>(app, '/sys/permission/getUserPermissionByToken', { token: zhuli });
    const { menu, auth, allAuth } = r.body.result;
    expect(menu.map((m) => m.meta.title)).toEqual(['首页', '医护管理', '患者管理', '订单中心']);
    expect(menu[1]!.children!.map((c) => c.component)).toEqual(['resource/hisDoctor']);
    expect(menu[2]!.children!.map((c) => c.component)).toEqual(['resource/hisPatient']);
    expect(auth.map((a) => a.action).sort()).toEqual(['hisBookOrder:list', 'hisConsultOrder:list', 'hisDoctor:list', 'hisPatient:list', 'hisReturnVisitOrder:list', 'hisVideoRecord:list']);
    expect(allAuth.map((a) => a.action)).toContain('hisDoctor:add');
  });
});

describe('dictionaries', () => {
  it('returns the items of a dictionary code', async () => {
    const r = await call<Array<{ value: string; text: string; title: string; color?: string }>>(app, '/sys/dict/getDictItems/sex', { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.result[0]).toEqual({ value: '1', text: '男', title: '男', color: 'blue' });
  });

  it('404s for an unknown code or a table expression', async () => {
    expect((await call(app, '/sys/dict/getDictItems/nope', { token: admin })).status).toBe(404);
    const t = await call(app, '/sys/dict/getDictItems/sys_user,realname,id', { token: admin });
    expect(t.status).toBe(404);
  });

  it('answers several codes in one call, each as its own call would; unknown codes left out', async () => {
    const one = await call<unknown[]>(app, '/sys/dict/getDictItems/sex', { token: admin });
    const r = await call<Record<string, unknown[]>>(app, '/sys/dict/getDictItemsBatch', { token: admin, query: { codes: 'sex,nope,sex' } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.result)).toEqual(['sex']);
    expect(r.body.result.sex).toEqual(one.body.result);
    const bad = await call(app, '/sys/dict/getDictItemsBatch', { token: admin, query: { codes: 'sex,a b' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('字典编码不合法：a b');
    expect((await call(app, '/sys/dict/getDictItemsBatch', { token: admin })).body.message).toBe('缺少参数：codes');
  });
});

describe('duplicate check', () => {
  it('checks a declared unique field within the tenant', async () => {
    const taken = await call(app, '/sys/duplicate/check', { token: admin, query: { resource: 'sysUser', field: 'username', value: 'admin' } });
    expect(taken.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const free = await call(app, '/sys/duplicate/check', { token: admin, query: { resource: 'sysUser', field: 'username', value: 'nobody_here' } });
    expect(free.body).toMatchObject({ success: true, message: '该值可用！' });
  });

  it('refuses undeclared resources and fields', async () => {
    const r1 = await call(app, '/sys/duplicate/check', { token: admin, query: { resource: 'sys_user', field: 'username', value: 'x' } });
    expect(r1.status).toBe(400);
    const r2 = await call(app, '/sys/duplicate/check', { token: admin, query: { resource: 'sysUser', field: 'password', value: 'x' } });
    expect(r2.status).toBe(400);
  });
});

describe('unknown routes', () => {
  it('answers the 404 envelope', async () => {
    const r = await call(app, '/no/such/thing', { token: admin });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('很抱歉，资源未找到!');
  });
});
