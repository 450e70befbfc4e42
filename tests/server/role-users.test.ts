/**
 * 角色管理 › 用户 through the HTTP API: a role's users listed, added, removed (one and batch),
 * only of the tenant acted on; a user given a role gets its menu at the next permission fetch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }
interface TreeNode { key: string; perms: string | null; children?: TreeNode[] }
interface MenuNode { path: string; meta: { title: string }; children?: MenuNode[] }

const HOSPITAL = 1001;
const PLATFORM = 1000;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
});
afterAll(async () => {
  await app.close();
});

const flatMenu = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatMenu(n.children ?? [])]);

async function roleId(code: string, tenantId = HOSPITAL): Promise<string> {
  const r = await call<Page>(app, '/sys/role/list', { token: admin, tenantId, query: { roleCode: code } });
  const row = r.body.result.records.find((x) => x.roleCode === code);
  expect(row, `role ${code}`).toBeTruthy();
  return String(row!.id);
}

async function userId(username: string, tenantId = HOSPITAL): Promise<string> {
  const r = await call<Page>(app, '/sys/user/list', { token: admin, tenantId, query: { username } });
  const row = r.body.result.records.find((x) => x.username === username);
  expect(row, `user ${username}`).toBeTruthy();
  return String(row!.id);
}

async function members(role: string, query: Rec = {}): Promise<string[]> {
  const r = await call<Page>(app, '/sys/user/userRoleList', { token: admin, tenantId: HOSPITAL, query: { roleId: role, pageSize: 200, ...query } });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result.records.map((x) => String(x.username));
}

async function newUser(n: number): Promise<string> {
  const username = `roleuser${n}`;
  const add = await call(app, '/sys/user/add', {
    token: admin,
    tenantId: HOSPITAL,
    body: { username, password: 'Role@123456', realname: `角色用户${n}`, workNo: `RU00${n}`, phone: `1391234567${n}`, status: '1' },
  });
  expect(add.body.success, add.body.message).toBe(true);
  return userId(username);
}

describe('角色管理 › 用户', () => {
  it('lists the role\'s users with their status text, searched by username; the picker lists the others', async () => {
    const role = await roleId('zhuli');
    const r = await call<Page>(app, '/sys/user/userRoleList', { token: admin, tenantId: HOSPITAL, query: { roleId: role } });
    const zhuli = r.body.result.records.find((x) => x.username === 'zhuli');
    expect(zhuli).toMatchObject({ realname: '医生助理', status: '1', status_dictText: '正常' });
    expect(await members(role, { username: 'hosp' })).not.toContain('zhuli');
    expect(await members(role, { username: 'zhu' })).toContain('zhuli');
    const others = await members(role, { inRole: 'false' });
    expect(others).toContain('hospadmin');
    expect(others).not.toContain('zhuli');
  });

  it('adds users, removes one, removes a batch; each user record keeps its other roles', async () => {
    const role = await roleId('zhuli');
    const hospRole = await roleId('hospadmin');
    const a = await newUser(1);
    const b = await newUser(2);
    const added = await call(app, '/sys/user/addSysUserRole', { token: admin, tenantId: HOSPITAL, body: { roleId: role, userIdList: [a, b] } });
    expect(added.body.message).toBe('添加成功！');
    expect(await members(role)).toEqual(expect.arrayContaining(['roleuser1', 'roleuser2', 'zhuli']));
    // the link is the user's 角色分配 (sysUser.roleIds), as the user form shows it
    const roles = await call<string[]>(app, '/sys/user/queryUserRole', { token: admin, tenantId: HOSPITAL, query: { userid: a } });
    expect(roles.body.result).toEqual([role]);

    const hosp = await userId('hospadmin');
    await call(app, '/sys/user/addSysUserRole', { token: admin, tenantId: HOSPITAL, body: { roleId: role, userIdList: [hosp] } });
    const removed = await call(app, '/sys/user/deleteUserRole', { method: 'DELETE', token: admin, tenantId: HOSPITAL, query: { roleId: role, userId: hosp } });
    expect(removed.body.message).toBe('删除成功！');
    const hospRoles = await call<string[]>(app, '/sys/user/queryUserRole', { token: admin, tenantId: HOSPITAL, query: { userid: hosp } });
    expect(hospRoles.body.result).toEqual([hospRole]);

    const batch = await call(app, '/sys/user/deleteUserRoleBatch', { method: 'DELETE', token: admin, tenantId: HOSPITAL, query: { roleId: role, userIds: `${a},${b}` } });
    expect(batch.body.message).toBe('删除成功！');
    const left = await members(role);
    expect(left).toContain('zhuli');
    expect(left).not.toContain('roleuser1');
    expect(left).not.toContain('roleuser2');
    expect(left).not.toContain('hospadmin');
  });

  it("refuses another tenant's user or role, changing nothing", async () => {
    const role = await roleId('zhuli');
    const before = await members(role);
    const platformUser = await userId('yunying', PLATFORM);
    const r = await call(app, '/sys/user/addSysUserRole', { token: admin, tenantId: HOSPITAL, body: { roleId: role, userIdList: [platformUser] } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('用户不存在或不属于当前租户');
    const otherRole = await roleId('yunying', PLATFORM);
    const zhuli = await userId('zhuli');
    const r2 = await call(app, '/sys/user/addSysUserRole', { token: admin, tenantId: HOSPITAL, body: { roleId: otherRole, userIdList: [zhuli] } });
    expect(r2.status).toBe(404);
    expect(r2.body.message).toBe('未找到对应角色');
    const r3 = await call(app, '/sys/user/userRoleList', { token: admin, tenantId: HOSPITAL, query: { roleId: otherRole } });
    expect(r3.body.message).toBe('未找到对应角色');
    expect(await members(role)).toEqual(before);
  });

  it('needs the role edit code', async () => {
    const zhuli = await login(app, 'zhuli');
    const r = await call(app, '/sys/user/userRoleList', { token: zhuli, query: { roleId: await roleId('zhuli') } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('没有权限：role:edit');
  });

  it("a user added to a role gets the role's menu at the next permission fetch, and loses it when removed", async () => {
    const role = await roleId('zhuli');
    const id = await newUser(3);
    const token = await login(app, 'roleuser3', 'Role@123456');
    const titles = async () => {
      const m = await call<{ menu: MenuNode[] }>(app, '/sys/permission/getUserPermissionByToken', { token });
      return flatMenu(m.body.result.menu).map((n) => n.meta.title);
    };
    expect(await titles()).not.toContain('医生管理');
    await call(app, '/sys/user/addSysUserRole', { token: admin, tenantId: HOSPITAL, body: { roleId: role, userIdList: [id] } });
    expect(await titles()).toContain('医生管理');
    expect((await call(app, '/hisDoctor/list', { token })).status).toBe(200);
    await call(app, '/sys/user/deleteUserRole', { method: 'DELETE', token: admin, tenantId: HOSPITAL, query: { roleId: role, userId: id } });
    expect((await call(app, '/hisDoctor/list', { token })).status).toBe(403);
  });

  it('refuses giving a role that holds codes the caller lacks (ref.grantSubset), and allows one within them', async () => {
    // a role editor of the hospital: role list + edit, nothing else
    const add = (roleCode: string) => call(app, '/sys/role/add', { token: admin, tenantId: HOSPITAL, body: { roleName: `角色${roleCode}`, roleCode } });
    expect((await add('roleeditor')).body.success).toBe(true);
    expect((await add('emptyrole')).body.success).toBe(true);
    const editor = await roleId('roleeditor');
    const tree = await call<{ treeList: TreeNode[] }>(app, '/sys/role/queryTreeList', { token: admin, tenantId: HOSPITAL });
    const flat = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
    const ids = flat(tree.body.result.treeList).filter((n) => n.perms === 'role:list' || n.perms === 'role:edit').map((n) => n.key);
    expect(ids).toHaveLength(2);
    await call(app, '/sys/permission/saveRolePermission', { token: admin, tenantId: HOSPITAL, body: { roleId: editor, permissionIds: ids.join(',') } });
    const me = await newUser(4);
    await call(app, '/sys/user/addSysUserRole', { token: admin, tenantId: HOSPITAL, body: { roleId: editor, userIdList: [me] } });
    const token = await login(app, 'roleuser4', 'Role@123456');

    const target = await newUser(5);
    const refused = await call(app, '/sys/user/addSysUserRole', { token, body: { roleId: await roleId('hospadmin'), userIdList: [target] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('角色分配：不能授予超出本人权限的记录');
    const roles = await call<string[]>(app, '/sys/user/queryUserRole', { token: admin, tenantId: HOSPITAL, query: { userid: target } });
    expect(roles.body.result).toEqual([]);

    const allowed = await call(app, '/sys/user/addSysUserRole', { token, body: { roleId: await roleId('emptyrole'), userIdList: [target] } });
    expect(allowed.body.message).toBe('添加成功！');
  });
});
