/**
 * 部门用户 and 部门角色 in the built console against the real server (the platform administrator
 * acting on the hospital tenant):
 * - the department tree beside 部门用户: searching it finds a department, selecting it filters
 *   the user list to that department's users (the list request carries the department);
 * - a department role's 授权 drawer offers only the department's permissions, and what it saves
 *   is what the department role then holds.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { USERS, login } from './harness.js';
import { useE2E } from './lifecycle.js';
import { apiLogin } from './restart.js';
import { Api, isCall, listRows, seeMessage, waitForRows, type Rec } from './schema-language-helpers.js';

const e2e = useE2E({ seedRows: 8 });
const HOSPITAL = USERS.hospadmin.tenantId;

interface TreeNode { key: string; title: string; menuType: number; perms: string | null; children?: TreeNode[] }
const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

async function usernames(page: Page): Promise<string[]> {
  const rows = listRows(page);
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push(((await rows.nth(i).locator('td').nth(1).textContent()) ?? '').trim());
  return out.sort();
}

/** Types `name` into the tree's search box and selects the department it finds. */
async function pickDepartment(page: Page, name: string): Promise<void> {
  const tree = page.getByTestId('filter-tree');
  const search = tree.getByPlaceholder('请输入部门名称');
  await search.fill(name);
  await search.press('Enter');
  const node = tree.locator('.ant-tree-node-content-wrapper').filter({ hasText: name });
  await expect.poll(() => node.count(), { message: `the tree finds ${name}`, timeout: 10_000 }).toBeGreaterThan(0);
  await Promise.all([
    page.waitForResponse((r) => isCall(r.request(), 'GET', '/sys/departUser/list') && new URL(r.url()).searchParams.has('departIds')),
    node.first().click(),
  ]);
  await waitForRows(page);
}

describe('部门用户 and 部门角色', () => {
  it('the department tree filters 部门用户; a department role is granted only the department\'s permissions', async () => {
    const api = new Api(e2e.url, await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password), HOSPITAL);
    const departs = (await api.list('sys/sysDepart', { _flat: '1' })).records;
    const byName = (n: string) => departs.find((d) => d.departName === n)!;
    const [medical, nursing] = [byName('医务部'), byName('护理部')];
    expect(medical && nursing).toBeTruthy();
    const users = (await api.list('sys/user')).records;
    const idOf = (u: string) => String(users.find((x) => x.username === u)!.id);
    for (const [depart, username] of [[medical, 'zhuli'], [nursing, 'hospadmin']] as const) {
      const r = await api.call('/sys/user/editSysDepartWithUser', { method: 'POST', body: { depId: depart.id, userIdList: idOf(username) } });
      expect(r.success, r.message).toBe(true);
    }

    const s = await e2e.newSession();
    const { page, errors } = s;
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await page.goto(`${e2e.url}/isystem/departUserList?tenantId=${HOSPITAL}`);
    await waitForRows(page);
    await page.getByTestId('filter-tree').locator('.ant-tree-node-content-wrapper').first().waitFor();
    expect(await usernames(page)).toEqual(expect.arrayContaining(['hospadmin', 'zhuli']));

    // the department's users as the server keeps them (demo users have departments too)
    const members = async (depart: Rec) => (await api.list('sys/departUser', { departIds: String(depart.id) })).records.map((u) => String(u.username)).sort();
    const [inMedical, inNursing] = [await members(medical), await members(nursing)];
    expect(inMedical).toContain('zhuli');
    expect(inMedical).not.toContain('hospadmin');
    expect(inNursing).toContain('hospadmin');
    expect(inNursing).not.toContain('zhuli');
    await pickDepartment(page, '医务部');
    await expect.poll(() => usernames(page), { timeout: 10_000 }).toEqual(inMedical);
    await pickDepartment(page, '护理部');
    await expect.poll(() => usernames(page), { timeout: 10_000 }).toEqual(inNursing);
    // 全部 lifts the filter
    await page.getByTestId('filter-tree').getByRole('button', { name: '全部' }).click();
    await expect.poll(() => usernames(page), { timeout: 10_000 }).toEqual(expect.arrayContaining(['hospadmin', 'zhuli']));
    errors.assertClean();

    // 医务部 may hand out the nurse list only; its role's 授权 drawer offers exactly that
    const tree = flatten((await api.call<{ treeList: TreeNode[] }>('/sys/role/queryTreeList')).result.treeList);
    const nursePage = tree.find((n) => n.title === '护士管理' && n.menuType !== 2)!;
    const nurseList = tree.find((n) => n.perms === 'hisNurseStaff:list')!;
    const group = tree.find((n) => n.children?.some((c) => c.key === nursePage.key))!;
    const saved = await api.call('/sys/permission/saveDepartPermission', { method: 'POST', body: { departId: medical.id, permissionIds: [group.key, nursePage.key, nurseList.key].join(','), lastpermissionIds: '' } });
    expect(saved.success, saved.message).toBe(true);
    const added = await api.call('/sys/sysDepartRole/add', { method: 'POST', body: { departId: medical.id, roleName: '护理查询员', roleCode: 'nurse_viewer' } });
    expect(added.success, added.message).toBe(true);
    const role = (await api.list('sys/sysDepartRole', { deptId: String(medical.id) })).records.find((r: Rec) => r.roleCode === 'nurse_viewer')!;

    await page.goto(`${e2e.url}/isystem/departRole?tenantId=${HOSPITAL}`);
    await waitForRows(page);
    await listRows(page).filter({ hasText: '护理查询员' }).first().locator('[data-action="authorize"]').click();
    const drawer = page.locator('.ant-drawer-content:visible').filter({ has: page.getByTestId('depart-role-authorize') });
    await drawer.locator('.ant-tree-node-content-wrapper').first().waitFor();
    await drawer.getByRole('button', { name: '展开全部' }).click();
    const titles = (await drawer.locator('.ant-tree-title').allTextContents()).map((t) => t.trim());
    expect(titles).toEqual([group.title, nursePage.title, nurseList.title]);

    await drawer.getByRole('button', { name: '全选', exact: true }).click();
    await drawer.getByRole('button', { name: '保存并关闭' }).click();
    await seeMessage(page, '保存成功！');
    const held = await api.call<string[]>('/sys/sysDepartPermission/queryDeptRolePermission', { query: { roleId: String(role.id) } });
    expect(held.result.sort()).toEqual([group.key, nursePage.key, nurseList.key].sort());
    errors.assertClean();
  }, 180_000);
});
