import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';
import { roleCodes } from '../../src/core/schema/access-data.js';
import { loadSchemaRoot } from '../../src/server/schemas.js';
import { filterMenuByAppList } from '../../src/client/shell/appFilter.js';
import type { MenuItem } from '../../src/client/state/types.js';

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
    // the regulator configuration is the caller's tenant's: none before login
    const reg = (c.dictModels as { regulatory_config: Array<{ text: string; value: string }> }).regulatory_config;
    expect(reg).toEqual([]);
  });

  it('regulatory_config names the baseUrl of the tenant\'s enabled regulator, and is empty once none is enabled', async () => {
    const regOf = async () => ((await call<{ dictModels: { regulatory_config: Array<{ text: string; value: string }> } }>(app, '/config/globalConfig', { token: admin })).body.result.dictModels.regulatory_config);
    const orgs = (await call<{ records: Array<Record<string, unknown>> }>(app, '/hisSuperviseOrg/list', { token: admin, query: { pageSize: 100 } as never })).body.result.records;
    const enabled = orgs.filter((o) => o.uploadEnabled === true && String(o.status) === '1').sort((a, b) => (String(a.name) < String(b.name) ? -1 : String(a.name) > String(b.name) ? 1 : 0));
    expect(enabled.length).toBeGreaterThan(0);
    expect((await regOf()).find((p) => p.text === 'baseUrl')?.value).toBe(enabled.map((o) => String(o.baseUrl)).find(Boolean));
    for (const o of enabled) {
      const r = await call(app, '/hisSuperviseOrg/edit', { method: 'PUT', token: admin, body: { ...o, uploadEnabled: false } });
      expect(r.body.success, r.body.message).toBe(true);
    }
    expect(await regOf()).toEqual([]);
  });
});

describe('permission menu', () => {
  it('the coupon pages of 营销中心 are the ones the shell hides while the drug mall is off', async () => {
    const { menu } = (await call<MenuResult>(app, '/sys/permission/getUserPermissionByToken', { token: admin })).body.result;
    const marketing = (items: MenuNode[]) => items.find((d) => d.meta.title === '营销中心')!;
    const shown = (items: MenuNode[]) => (marketing(items).children ?? []).filter((n) => !n.hidden).map((n) => n.meta.title);
    const switched = (status: number) => filterMenuByAppList(menu as unknown as MenuItem[], { appList: [{ code: 'is_drug_mall_open', status }] } as never) as unknown as MenuNode[];
    expect(shown(switched(1))).toEqual(expect.arrayContaining(['优惠券', '领券记录', '会员等级', '积分科目']));
    const off = shown(switched(0));
    expect(off).toEqual(expect.arrayContaining(['会员等级', '积分科目']));
    expect(off).not.toContain('优惠券');
    expect(off).not.toContain('领券记录');
  });

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
    // JeecgBoot's dashboard indexes in 工作台, the first group after 首页
    expect(dirs[0]!.meta.title).toBe('工作台');
    expect(dirs[0]!.children!.map((c) => [c.meta.title, c.path, c.component])).toEqual([
      ['图表', '/dashboard/chart', 'dashboard/Chart'],
      ['任务', '/dashboard/task', 'dashboard/Task'],
      ['监控', '/dashboard/monitor', 'dashboard/Monitor'],
    ]);
  });

  it('gives zhuli 首页 and read-only lists of what roles.json grants an assistant, nothing else', async () => {
    const r = await call<MenuResult>(app, '/sys/permission/getUserPermissionByToken', { token: zhuli });
    const { menu, auth, allAuth } = r.body.result;
    const { registry, access } = loadSchemaRoot();
    const granted = [...roleCodes(access.roles.find((x) => x.code === 'zhuli')!, registry)].sort();
    expect(granted.every((c) => c.endsWith(':list'))).toBe(true);
    expect(auth.map((a) => a.action).sort()).toEqual(granted);
    // the menu: 首页, then the groups of the granted pages, each holding only granted pages
    const pages = [...registry.resources.values()].filter((s) => s.menu && granted.includes(`${s.permissionPrefix ?? s.name}:list`));
    expect(menu[0]!.meta.title).toBe('首页');
    // …and 工作台 with 图表 and 任务, every user's as 首页 is (监控 is the platform super administrator's)
    expect(menu.slice(1).map((m) => m.meta.title).sort()).toEqual([...new Set([...pages.map((s) => s.menu!.group), '工作台'])].sort());
    expect(menu.find((m) => m.meta.title === '工作台')!.children!.map((c) => [c.meta.title, c.path, c.component])).toEqual([
      ['图表', '/dashboard/chart', 'dashboard/Chart'],
      ['任务', '/dashboard/task', 'dashboard/Task'],
    ]);
    // …and 下载中心, every user's (its calls check the owner)
    expect(menu.slice(1).flatMap((m) => m.children!.map((c) => c.component)).sort()).toEqual([...pages.map((s) => `resource/${s.name}`), 'settings/DownloadCenter', 'dashboard/Chart', 'dashboard/Task'].sort());
    expect(menu.find((m) => m.meta.title === '医护管理')!.children!.map((c) => c.component)).toContain('resource/hisDoctor');
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
