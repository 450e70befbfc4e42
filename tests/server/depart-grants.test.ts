/**
 * 部门权限 and 部门角色 through the HTTP API: a department's permissions bound what its roles may
 * get; a department role's grant reaches its users' checks at once; narrowing the department
 * narrows its roles; a department administrator grants within the department and within their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }
interface TreeNode { key: string; title: string; menuType: number; perms: string | null; children?: TreeNode[] }

const HOSPITAL = 1001;
let app: FastifyInstance;
let admin: string;
let hosp: string;
beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
  hosp = await login(app, 'hospadmin');
});
afterAll(async () => { await app.close(); });

const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const as = (token: string) => ({ token, tenantId: HOSPITAL });

async function fullTree(): Promise<TreeNode[]> {
  return flatten((await call<{ treeList: TreeNode[] }>(app, '/sys/role/queryTreeList', as(admin))).body.result.treeList);
}
const page = (nodes: TreeNode[], title: string) => nodes.find((n) => n.title === title && n.menuType !== 2)!;
const button = (nodes: TreeNode[], code: string) => nodes.find((n) => n.perms === code)!;
async function firstDepart(): Promise<string> {
  const r = await call<Page>(app, '/sys/sysDepart/list', { ...as(admin), query: { _flat: '1' } });
  return String(r.body.result.records[0]!.id);
}
async function userId(username: string): Promise<string> {
  const r = await call<Page>(app, '/sys/user/list', { ...as(admin), query: { username } });
  return String(r.body.result.records.find((x) => x.username === username)!.id);
}
const departPerms = async (departId: string, token = admin) =>
  (await call<string[]>(app, '/sys/permission/queryDepartPermission', { ...as(token), query: { departId } })).body.result;
const rolePerms = async (roleId: string) =>
  (await call<string[]>(app, '/sys/sysDepartPermission/queryDeptRolePermission', { ...as(admin), query: { roleId } })).body.result;

describe('部门权限 and 部门角色', () => {
  let depart: string;
  let role: string;
  let nodes: TreeNode[];
  let nurse: { page: string; list: string; add: string };

  it('a department holds the permissions saved for it; the department-role tree shows only those', async () => {
    depart = await firstDepart();
    nodes = await fullTree();
    const p = page(nodes, '护士管理');
    nurse = { page: p.key, list: button(nodes, 'hisNurseStaff:list').key, add: button(nodes, 'hisNurseStaff:add').key };
    const group = nodes.find((n) => n.children?.some((c) => c.key === p.key))!;
    const saved = await call(app, '/sys/permission/saveDepartPermission', { ...as(admin), body: { departId: depart, permissionIds: [group.key, nurse.page, nurse.list].join(','), lastpermissionIds: '' } });
    expect(saved.body.message).toBe('保存成功！');
    expect((await departPerms(depart)).sort()).toEqual([group.key, nurse.page, nurse.list].sort());

    const t = await call<{ treeList: TreeNode[]; ids: string[] }>(app, '/sys/permission/queryTreeListForDeptRole', { ...as(admin), query: { departId: depart } });
    expect(t.body.result.ids.sort()).toEqual([group.key, nurse.page, nurse.list].sort());
    expect(flatten(t.body.result.treeList).map((n) => n.perms).filter(Boolean)).toEqual(['hisNurseStaff:list']);
  });

  it('a department role is added for the department and listed by JeecgBoot\'s deptId', async () => {
    const add = await call(app, '/sys/sysDepartRole/add', { ...as(admin), body: { departId: depart, roleName: '护理排班员', roleCode: 'nurse_scheduler', description: '查看护士' } });
    expect(add.body.message).toBe('添加成功！');
    const list = await call<Page>(app, '/sys/sysDepartRole/list', { ...as(admin), query: { deptId: depart } });
    expect(list.body.result.records.map((r) => r.roleCode)).toEqual(['nurse_scheduler']);
    role = String(list.body.result.records[0]!.id);
    const byDepart = await call<Rec[]>(app, '/sys/sysDepartRole/getDeptRoleList', { ...as(admin), query: { departId: depart } });
    expect(byDepart.body.result.map((r) => r.id)).toEqual([role]);
  });

  it('a grant beyond the department\'s permissions is refused and nothing changes', async () => {
    const r = await call(app, '/sys/sysDepartPermission/saveDeptRolePermission', { ...as(admin), body: { roleId: role, permissionIds: [nurse.page, nurse.list, nurse.add].join(','), lastpermissionIds: '' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('权限：不能授予超出部门权限的菜单或按钮');
    expect(await rolePerms(role)).toEqual([]);
  });

  it('the role\'s users get its grant at once; narrowing the department takes it away', async () => {
    const zhuliId = await userId('zhuli');
    const zhuli = await login(app, 'zhuli');
    expect((await call(app, '/hisNurseStaff/list', { token: zhuli })).status).toBe(403);

    const saved = await call(app, '/sys/sysDepartPermission/saveDeptRolePermission', { ...as(admin), body: { roleId: role, permissionIds: [nurse.page, nurse.list].join(','), lastpermissionIds: '' } });
    expect(saved.body.message).toBe('保存成功！');
    expect((await rolePerms(role)).sort()).toEqual([nurse.page, nurse.list].sort());

    // only the department's users get its roles
    const outside = await call(app, '/sys/sysDepartRole/deptRoleUserAdd', { ...as(admin), body: { userId: zhuliId, newRoleId: role, oldRoleId: '' } });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe('用户：不属于该部门');
    expect((await call(app, '/sys/user/editSysDepartWithUser', { ...as(admin), body: { depId: depart, userIdList: zhuliId } })).body.success).toBe(true);
    const added = await call(app, '/sys/sysDepartRole/deptRoleUserAdd', { ...as(admin), body: { userId: zhuliId, newRoleId: role, oldRoleId: '' } });
    expect(added.body.message).toBe('添加成功！');
    const mine = await call<Rec[]>(app, '/sys/sysDepartRole/getDeptRoleByUserId', { ...as(admin), query: { userId: zhuliId, departId: depart } });
    expect(mine.body.result.map((r) => r.droleId)).toEqual([role]);

    expect((await call(app, '/hisNurseStaff/list', { token: zhuli })).status).toBe(200);
    const menu = await call<{ menu: Array<{ children?: Array<{ meta: { title: string } }> }> }>(app, '/sys/permission/getUserPermissionByToken', { token: zhuli });
    expect(menu.body.result.menu.flatMap((g) => g.children ?? []).map((c) => c.meta.title)).toContain('护士管理');

    // the department loses the nurse list: so does its role, and its users at once
    const group = nodes.find((n) => n.children?.some((c) => c.key === nurse.page))!;
    await call(app, '/sys/permission/saveDepartPermission', { ...as(admin), body: { departId: depart, permissionIds: group.key, lastpermissionIds: '' } });
    expect(await rolePerms(role)).toEqual([]);
    expect((await call(app, '/hisNurseStaff/list', { token: zhuli })).status).toBe(403);

    const removed = await call(app, '/sys/sysDepartRole/deptRoleUserAdd', { ...as(admin), body: { userId: zhuliId, newRoleId: '', oldRoleId: role } });
    expect(removed.body.success).toBe(true);
    expect((await call<Rec[]>(app, '/sys/sysDepartRole/getDeptRoleByUserId', { ...as(admin), query: { userId: zhuliId } })).body.result).toEqual([]);
  });

  it('a department administrator grants within the department and within their own permissions', async () => {
    // hospadmin may manage department permissions and roles, and holds the nurse pages but not 数据字典
    const hospRole = String((await call<Page>(app, '/sys/role/list', { ...as(admin), query: { roleCode: 'hospadmin' } })).body.result.records.find((r) => r.roleCode === 'hospadmin')!.id);
    const held = (await call<string[]>(app, '/sys/permission/queryRolePermission', { ...as(admin), query: { roleId: hospRole } })).body.result;
    const extra = ['depart:authorize', 'departRole:authorize', 'departRole:list', 'departRole:add', 'departRole:edit'].map((c) => button(nodes, c).key);
    await call(app, '/sys/permission/saveRolePermission', { ...as(admin), body: { roleId: hospRole, permissionIds: [...held, ...extra].join(','), lastpermissionIds: '' } });
    const dict = page(nodes, '数据字典');
    expect(held).not.toContain(dict.key);
    expect(held).toContain(nurse.page);

    await call(app, '/sys/permission/saveDepartPermission', { ...as(admin), body: { departId: depart, permissionIds: [nurse.page, nurse.list, dict.key].join(','), lastpermissionIds: '' } });
    // the tree offered to hospadmin: the department's entries hospadmin holds
    const t = await call<{ ids: string[] }>(app, '/sys/permission/queryTreeListForDeptRole', { ...as(hosp), query: { departId: depart } });
    expect(t.body.result.ids.sort()).toEqual([nurse.page, nurse.list].sort());

    const beyond = await call(app, '/sys/sysDepartPermission/saveDeptRolePermission', { ...as(hosp), body: { roleId: role, permissionIds: [nurse.page, dict.key].join(','), lastpermissionIds: '' } });
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe('权限：不能授予超出本人权限的菜单或按钮');
    expect(await rolePerms(role)).toEqual([]);
    const within = await call(app, '/sys/sysDepartPermission/saveDeptRolePermission', { ...as(hosp), body: { roleId: role, permissionIds: [nurse.page, nurse.list].join(','), lastpermissionIds: '' } });
    expect(within.body.message).toBe('保存成功！');

    // nor may a department administrator widen a department beyond their own permissions
    const widen = await call(app, '/sys/permission/saveDepartPermission', { ...as(hosp), body: { departId: depart, permissionIds: [nurse.page, nurse.list, dict.key, page(nodes, '菜单管理').key].join(','), lastpermissionIds: '' } });
    expect(widen.status).toBe(400);
    expect(widen.body.message).toBe('权限：不能授予超出本人权限的菜单或按钮');
    // what hospadmin may not grant is kept when hospadmin saves: the dictionary entry stays
    await call(app, '/sys/permission/saveDepartPermission', { ...as(hosp), body: { departId: depart, permissionIds: nurse.page, lastpermissionIds: '' } });
    expect((await departPerms(depart)).sort()).toEqual([nurse.page, dict.key].sort());
    expect(await rolePerms(role)).toEqual([nurse.page]);
  });

  it('another tenant\'s department and role are not found; without the code the calls are refused', async () => {
    const other = await call(app, '/sys/permission/queryDepartPermission', { token: admin, query: { departId: depart } });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('未找到对应数据');
    const otherRole = await call(app, '/sys/sysDepartPermission/queryDeptRolePermission', { token: admin, query: { roleId: role } });
    expect(otherRole.status).toBe(404);
    expect(otherRole.body.message).toBe('未找到对应角色');
    const zhuli = await login(app, 'zhuli');
    const refused = await call(app, '/sys/permission/saveDepartPermission', { token: zhuli, body: { departId: depart, permissionIds: '' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('没有权限：depart:authorize');
  });

  it('deleting the department role drops its grants and its users', async () => {
    const del = await call(app, '/sys/sysDepartRole/delete', { ...as(admin), method: 'DELETE', query: { id: role } });
    expect(del.body.success).toBe(true);
    expect((await call(app, '/sys/sysDepartPermission/queryDeptRolePermission', { ...as(admin), query: { roleId: role } })).status).toBe(404);
  });
});
