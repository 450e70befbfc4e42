/**
 * 角色管理 授权 and 数据规则 through the HTTP API: a grant saved for a role reaches its users'
 * server checks at once and their menu at the next fetch; a menu's data rule, selected for a
 * role, limits that role's list, queryById and export of the resource.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, schemasCopy, tempDir, testApp } from './helpers.js';
import { raw } from './files.multipart.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }
interface TreeNode { key: string; title: string; menuType: number; perms: string | null; ruleFlag: boolean; children?: TreeNode[] }
interface MenuNode { path: string; meta: { title: string; permissionList?: Array<{ action: string }> }; children?: MenuNode[] }

const HOSPITAL = 1001;
let app: FastifyInstance;
let admin: string;
let hosp: string;
let zhuli: string;

/** The repository's schemas with export switched on for hisDoctor (the export proof). */
function fixtureSchemas(): string {
  const root = schemasCopy(tempDir('hosp-grants-schemas-'));
  const file = path.join(root, 'modules/hisDoctor.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { list: Rec };
  doc.list = { ...doc.list, export: true };
  fs.writeFileSync(file, JSON.stringify(doc));
  return root;
}
const schemasDir = fixtureSchemas();

beforeAll(async () => {
  app = await testApp({ schemasDir });
  admin = await login(app, 'admin');
  hosp = await login(app, 'hospadmin');
  zhuli = await login(app, 'zhuli');
});
afterAll(async () => {
  await app.close();
});

const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const flatMenu = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatMenu(n.children ?? [])]);

async function roleId(code: string): Promise<string> {
  const r = await call<Page>(app, '/sys/role/list', { token: admin, tenantId: HOSPITAL, query: { roleCode: code } });
  const row = r.body.result.records.find((x) => x.roleCode === code);
  expect(row, `role ${code}`).toBeTruthy();
  return String(row!.id);
}

async function tree(token = admin): Promise<TreeNode[]> {
  const r = await call<{ treeList: TreeNode[]; ids: string[] }>(app, '/sys/role/queryTreeList', { token, tenantId: HOSPITAL });
  expect(r.status).toBe(200);
  return flatten(r.body.result.treeList);
}

describe('角色管理 授权', () => {
  it('监控 stays out of a hospital administrator\'s menu even when a role grants its row; 图表 and 任务 are there ungranted', async () => {
    const role = await roleId('hospadmin');
    const monitor = (await tree()).find((n) => n.title === '监控' && n.menuType === 1)!;
    expect(monitor, 'the 监控 page is in the tree').toBeTruthy();
    const before = await call<string[]>(app, '/sys/permission/queryRolePermission', { token: admin, tenantId: HOSPITAL, query: { roleId: role } });
    const saved = await call(app, '/sys/permission/saveRolePermission', { token: admin, tenantId: HOSPITAL, body: { roleId: role, permissionIds: [...before.body.result, monitor.key].join(','), lastpermissionIds: before.body.result.join(',') } });
    expect(saved.body.message).toBe('保存成功！');
    const menu = await call<{ menu: MenuNode[] }>(app, '/sys/permission/getUserPermissionByToken', { token: hosp });
    const paths = flatMenu(menu.body.result.menu).map((n) => n.path);
    expect(paths).toEqual(expect.arrayContaining(['/dashboard/chart', '/dashboard/task']));
    expect(paths).not.toContain('/dashboard/monitor');
    await call(app, '/sys/permission/saveRolePermission', { token: admin, tenantId: HOSPITAL, body: { roleId: role, permissionIds: before.body.result.join(',') } });
  });

  it('granting 医生助理 the nurse list changes its users\' checks at once and their menu at the next fetch', async () => {
    const role = await roleId('zhuli');
    const nodes = await tree();
    const page = nodes.find((n) => n.title === '护士管理' && n.menuType !== 2)!;
    expect(page, 'the nurse page is in the tree').toBeTruthy();
    const buttons = (page.children ?? []).filter((c) => c.menuType === 2);
    expect(buttons.map((b) => b.perms)).toEqual(expect.arrayContaining(['hisNurseStaff:list', 'hisNurseStaff:add']));
    const group = nodes.find((n) => n.children?.some((c) => c.key === page.key))!;

    expect((await call(app, '/hisNurseStaff/list', { token: zhuli })).status).toBe(403);
    const before = await call<string[]>(app, '/sys/permission/queryRolePermission', { token: admin, tenantId: HOSPITAL, query: { roleId: role } });
    expect(before.body.result).not.toContain(page.key);

    const listButton = buttons.find((b) => b.perms === 'hisNurseStaff:list')!;
    const ids = [...before.body.result, group.key, page.key, listButton.key];
    const saved = await call(app, '/sys/permission/saveRolePermission', { token: admin, tenantId: HOSPITAL, body: { roleId: role, permissionIds: ids.join(','), lastpermissionIds: before.body.result.join(',') } });
    expect(saved.body.message).toBe('保存成功！');

    // the same token, no new login: the server's check follows at once
    expect((await call(app, '/hisNurseStaff/list', { token: zhuli })).status).toBe(200);
    const add = await call(app, '/hisNurseStaff/add', { token: zhuli, body: { realname: '张护士' } });
    expect(add.status).toBe(403);
    expect(add.body.message).toBe('没有权限：hisNurseStaff:add');

    const menu = await call<{ menu: MenuNode[]; auth: Array<{ action: string }> }>(app, '/sys/permission/getUserPermissionByToken', { token: zhuli });
    const item = flatMenu(menu.body.result.menu).find((n) => n.meta.title === '护士管理');
    expect(item?.path).toBe('/app/nurse');
    const codes = menu.body.result.auth.map((a) => a.action);
    expect(codes).toContain('hisNurseStaff:list');
    expect(codes).not.toContain('hisNurseStaff:add');

    // taken back: refused again at once
    await call(app, '/sys/permission/saveRolePermission', { token: admin, tenantId: HOSPITAL, body: { roleId: role, permissionIds: before.body.result.join(',') } });
    expect((await call(app, '/hisNurseStaff/list', { token: zhuli })).status).toBe(403);
  });

  it('needs the authorize code, and nobody grants what they do not hold', async () => {
    const role = await roleId('zhuli');
    const r = await call(app, '/sys/permission/saveRolePermission', { token: zhuli, body: { roleId: role, permissionIds: '' } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('没有权限：role:authorize');
    const missing = await call(app, '/sys/permission/saveRolePermission', { token: admin, tenantId: HOSPITAL, body: { roleId: role, permissionIds: 'nope' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('权限：选择的菜单或按钮不存在');
    // a role of another tenant is not found from the platform tenant's own view
    const other = await call(app, '/sys/permission/queryRolePermission', { token: admin, query: { roleId: role } });
    expect(other.status).toBe(404);
  });
});

describe('授权 by a hospital administrator', () => {
  it('offers and grants only what the granter holds', async () => {
    const hospRole = await roleId('hospadmin');
    const zhuliRole = await roleId('zhuli');
    const all = await tree();
    const rolePage = all.find((n) => n.title === '角色管理' && n.menuType !== 2)!;
    const authorizeButton = (rolePage.children ?? []).find((c) => c.perms === 'role:authorize')!;
    const system = all.find((n) => n.children?.some((c) => c.key === rolePage.key))!;
    const held = await call<string[]>(app, '/sys/permission/queryRolePermission', { token: admin, tenantId: HOSPITAL, query: { roleId: hospRole } });
    const grant = await call(app, '/sys/permission/saveRolePermission', {
      token: admin,
      tenantId: HOSPITAL,
      body: { roleId: hospRole, permissionIds: [...held.body.result, system.key, rolePage.key, authorizeButton.key].join(',') },
    });
    expect(grant.body.message).toBe('保存成功！');

    // the tree hospadmin gets holds only hospadmin's own entries: no tenant management, for one
    const own = await tree(hosp);
    const ownKeys = new Set(own.map((n) => n.key));
    expect(ownKeys.has(rolePage.key)).toBe(true);
    const tenantPage = all.find((n) => n.title === '租户管理' && n.menuType !== 2)!;
    expect(ownKeys.has(tenantPage.key)).toBe(false);
    expect([...ownKeys].every((k) => held.body.result.includes(k) || [system.key, rolePage.key, authorizeButton.key].includes(k))).toBe(true);

    const before = await call<string[]>(app, '/sys/permission/queryRolePermission', { token: hosp, query: { roleId: zhuliRole } });
    const beyond = await call(app, '/sys/permission/saveRolePermission', { token: hosp, body: { roleId: zhuliRole, permissionIds: [...before.body.result, tenantPage.key].join(',') } });
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe('权限：不能授予超出本人权限的菜单或按钮');
    const after = await call<string[]>(app, '/sys/permission/queryRolePermission', { token: hosp, query: { roleId: zhuliRole } });
    expect(after.body.result.sort()).toEqual(before.body.result.sort());
  });
});

describe('数据规则', () => {
  let doctorPage: string;
  let ruleId: string;
  let outside: Rec;

  it('a rule naming a field the resource lacks, or an unknown variable, is refused', async () => {
    doctorPage = (await tree()).find((n) => n.title === '医生管理' && n.menuType !== 2)!.key;
    const bad = await call(app, '/sys/permission/addPermissionRule', { token: admin, body: { permissionId: doctorPage, ruleName: '坏规则', ruleColumn: 'nope', ruleConditions: '=', ruleValue: '1', status: '1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('规则字段：模块「医生管理」没有字段「nope」');
    const badVar = await call(app, '/sys/permission/addPermissionRule', { token: admin, body: { permissionId: doctorPage, ruleName: '坏变量', ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_nobody}', status: '1' } });
    expect(badVar.status).toBe(400);
    expect(badVar.body.message).toContain('规则值：不支持的系统变量 #{sys_nobody}');
    const listed = await call<Page>(app, '/sys/permission/getPermRuleListByPermId', { token: admin, query: { permissionId: doctorPage } });
    expect(listed.body.result.records).toEqual([]);
  });

  it('limits the granted role\'s list, queryById and export to the rule\'s rows', async () => {
    const all = await call<Page>(app, '/hisDoctor/list', { token: hosp, query: { pageSize: 200 } });
    const rows = all.body.result.records;
    const dept = String(rows[0]!.departIds).split(',')[0]!;
    outside = rows.find((r) => !String(r.departIds).split(',').includes(dept))!;
    expect(outside, 'a doctor outside the department').toBeTruthy();

    const added = await call<string>(app, '/sys/permission/addPermissionRule', { token: admin, body: { permissionId: doctorPage, ruleName: '本科室', ruleColumn: 'departIds', ruleConditions: '=', ruleValue: dept, status: '1' } });
    expect(added.body.message).toBe('添加成功！');
    const listed = await call<Page>(app, '/sys/permission/getPermRuleListByPermId', { token: admin, query: { permissionId: doctorPage } });
    ruleId = String(listed.body.result.records.find((r) => r.ruleName === '本科室')!.id);
    expect((await tree()).find((n) => n.key === doctorPage)!.ruleFlag).toBe(true);

    const role = await roleId('hospadmin');
    const offered = await call<{ datarule: Rec[]; drChecked: string }>(app, `/sys/role/datarule/${doctorPage}/${role}`, { token: admin, tenantId: HOSPITAL });
    expect(offered.body.result.datarule.map((r) => r.ruleName)).toEqual(['本科室']);
    expect(offered.body.result.drChecked).toBe('');
    const chosen = await call(app, '/sys/role/datarule', { token: admin, tenantId: HOSPITAL, body: { permissionId: doctorPage, roleId: role, dataRuleIds: ruleId } });
    expect(chosen.body.message).toBe('保存成功！');

    // hospadmin (who may authorize, see above) cannot lift the limit on his own role
    const lift = await call(app, '/sys/role/datarule', { token: hosp, body: { permissionId: doctorPage, roleId: role, dataRuleIds: '' } });
    expect(lift.status).toBe(400);
    expect(lift.body.message).toBe('数据规则：不能修改本人所属角色的数据规则');

    const limited = await call<Page>(app, '/hisDoctor/list', { token: hosp, query: { pageSize: 200 } });
    expect(limited.body.result.total).toBeGreaterThan(0);
    expect(limited.body.result.total).toBeLessThan(all.body.result.total);
    for (const r of limited.body.result.records) expect(String(r.departIds).split(',')).toContain(dept);
    // a page past the rule's rows, and a search for a row outside them, answer under the rule too
    const past = await call<Page>(app, '/hisDoctor/list', { token: hosp, query: { pageSize: 10, pageNo: 999 } });
    expect(past.body.result.records).toEqual([]);
    expect(past.body.result.total).toBe(limited.body.result.total);
    const searched = await call<Page>(app, '/hisDoctor/list', { token: hosp, query: { realname: String(outside.realname) } });
    expect(searched.body.result.records.map((r) => r.id)).not.toContain(outside.id);
    expect((await call<Page>(app, '/hisDoctor/list', { token: zhuli, query: { realname: String(outside.realname) } })).body.result.records.map((r) => r.id)).toContain(outside.id);
    const byId = await call(app, '/hisDoctor/queryById', { token: hosp, query: { id: String(outside.id) } });
    expect(byId.status).toBe(404);
    expect(byId.body.message).toBe('未找到对应数据');
    const exported = await raw(app, '/hisDoctor/exportXls', { token: hosp });
    expect(exported.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const names = wb.worksheets[0]!.getColumn(1).values.slice(2).map(String);
    expect(names).toHaveLength(limited.body.result.total);
    // zhuli's role has no rule: the same doctor is readable there
    expect((await call(app, '/hisDoctor/queryById', { token: zhuli, query: { id: String(outside.id) } })).status).toBe(200);
  });

  it('a rule switched off, on again or edited applies to the ruled user\'s next list call', async () => {
    const total = async () => (await call<Page>(app, '/hisDoctor/list', { token: hosp, query: { pageSize: 1 } })).body.result.total;
    const all = (await call<Page>(app, '/hisDoctor/list', { token: zhuli, query: { pageSize: 1 } })).body.result.total;
    const limited = await total();
    expect(limited).toBeLessThan(all);
    const rule = (await call<Page>(app, '/sys/permission/getPermRuleListByPermId', { token: admin, query: { permissionId: doctorPage } })).body.result.records.find((r) => r.id === ruleId)!;
    const edit = async (over: Rec) => {
      const current = (await call<Page>(app, '/sys/permission/getPermRuleListByPermId', { token: admin, query: { permissionId: doctorPage } })).body.result.records.find((r) => r.id === ruleId)!;
      const r = await call(app, '/sys/permission/editPermissionRule', { method: 'PUT', token: admin, body: { ...current, ...over } });
      expect(r.body.message).toBe('编辑成功！');
    };
    await edit({ status: '0' });
    expect(await total()).toBe(all);
    await edit({ status: '1' });
    expect(await total()).toBe(limited);
    // a value no doctor's departments hold: no row left
    await edit({ ruleValue: 'no-such-department' });
    expect(await total()).toBe(0);
    await edit({ ruleValue: rule.ruleValue });
    expect(await total()).toBe(limited);
  });

  it('a rule switched off or unselected gives the rows back', async () => {
    const role = await roleId('hospadmin');
    expect((await call(app, '/hisDoctor/queryById', { token: hosp, query: { id: String(outside.id) } })).status).toBe(404);
    await call(app, '/sys/role/datarule', { token: admin, tenantId: HOSPITAL, body: { permissionId: doctorPage, roleId: role, dataRuleIds: '' } });
    expect((await call(app, '/hisDoctor/queryById', { token: hosp, query: { id: String(outside.id) } })).status).toBe(200);
    const del = await call(app, '/sys/permission/deletePermissionRule', { method: 'DELETE', token: admin, query: { id: ruleId } });
    expect(del.body.message).toBe('删除成功！');
  });
});
