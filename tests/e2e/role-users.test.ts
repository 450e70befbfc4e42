/**
 * 角色管理 › 用户 in the built console against the real server: the platform administrator,
 * acting on the hospital tenant, opens the 用户 drawer of 医生助理, adds a user from the picker,
 * sees them listed (and in the role on the server), then removes them after confirming.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fieldItem } from './form.js';
import { USERS, login } from './harness.js';
import { useE2E } from './lifecycle.js';
import { apiLogin } from './restart.js';
import { Api, listRows, runSearch, searchForm, seeMessage, waitForRows, type Rec } from './schema-language-helpers.js';

const e2e = useE2E({ seedRows: 20 });
const HOSPITAL = USERS.hospadmin.tenantId;

/** Opens the 用户 drawer of the role named `roleName` in the visible role list. */
async function openRoleUsers(page: Page, roleName: string): Promise<Locator> {
  await fieldItem(searchForm(page), '角色名称').locator('input').first().fill(roleName);
  await runSearch(page, '/sys/role');
  await listRows(page).filter({ hasText: roleName }).first().locator('[data-action="users"]').click();
  const drawer = page.locator('.ant-drawer-content:visible').filter({ has: page.getByTestId('role-users') });
  await drawer.locator('tr.ant-table-row').first().waitFor();
  return drawer;
}

describe('角色管理 › 用户', () => {
  it('adds hospadmin to 医生助理 from the picker, lists them, and removes them after confirming', async () => {
    const api = new Api(e2e.url, await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password), HOSPITAL);
    const roles = await api.call<{ records: Rec[] }>('/sys/role/list', { query: { roleCode: 'zhuli' } });
    const role = roles.result.records.find((r) => r.roleCode === 'zhuli')!;
    const members = async () =>
      (await api.call<{ records: Rec[] }>('/sys/user/userRoleList', { query: { roleId: String(role.id), pageSize: 200 } })).result.records.map((r) => String(r.username));
    expect(await members()).not.toContain('hospadmin');

    const s = await e2e.newSession();
    const { page } = s;
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    // the organisation switch of a platform user: the tenant id in the URL is stored at start-up
    await page.goto(`${e2e.url}/isystem/role?tenantId=${HOSPITAL}`);
    await waitForRows(page);
    const drawer = await openRoleUsers(page, '医生助理');
    const row = (username: string) => drawer.locator('tr.ant-table-row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });
    await row('zhuli').waitFor();

    // 添加用户: the picker lists the tenant's users not in the role, searched by 用户账号
    await drawer.getByRole('button', { name: '添加用户' }).click();
    const picker = page.locator('.ant-modal-content:visible').filter({ has: page.getByTestId('role-user-picker') });
    await picker.getByPlaceholder('用户账号').fill('hospadmin');
    await picker.getByPlaceholder('用户账号').press('Enter');
    const candidate = picker.locator('tr.ant-table-row').filter({ has: page.getByRole('cell', { name: 'hospadmin', exact: true }) });
    await candidate.waitFor();
    await candidate.locator('.ant-checkbox-input').check();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await seeMessage(page, '添加成功！');
    await picker.waitFor({ state: 'hidden' });
    await row('hospadmin').waitFor();
    expect(await members()).toContain('hospadmin');

    // 移除 asks first; confirming removes the user from the role
    await row('hospadmin').getByText('移除', { exact: true }).click();
    const confirm = page.locator('.ant-popover:visible').filter({ hasText: '确定将该用户移出此角色吗？' });
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await seeMessage(page, '删除成功！');
    await row('hospadmin').waitFor({ state: 'detached' });
    await row('zhuli').waitFor();
    expect(await members()).not.toContain('hospadmin');
    expect(await members()).toContain('zhuli');
  });
});
