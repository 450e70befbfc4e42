/**
 * 系统管理 in the browser: every page of the group (system/* and the message pages of the seed's
 * catalogue) is in the administrator's side menu and opens with rows or its empty state, with no
 * browser error; 在线用户's 强退 of another browser's session logs that user out.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../src/core/schema/types.js';
import { loadSchemaRoot } from '../../src/server/schemas.js';
import { USERS, login, menuItem, resourceTable, tableRows, waitForList } from './harness.js';
import { useE2E } from './lifecycle.js';

const e2e = useE2E({ seedRows: 8 });
const { registry } = loadSchemaRoot();
const GROUP = '系统管理';
const systemPages = [...registry.resources.values()]
  .filter((s) => s.menu?.group === GROUP)
  .sort((a, b) => (a.menu!.order ?? 0) - (b.menu!.order ?? 0));

/** Pages of the seed's catalogue built here (system/*, modules/message, modules/oss), by title. */
const CATALOGUE = ['用户管理', '角色管理', '菜单管理', '部门管理', '部门用户', '数据字典', '日志管理', '系统通告', '分类字典', '校验规则', '数据源管理', '编码规则', '职务管理', '租户管理', '定时任务', '通讯录', '数据日志', '在线用户', '消息模板', '消息发送记录', '文件管理', '站内消息', '小程序订阅消息', '监管日志', '软件管理', '部门角色'];

async function openPage(page: Page, s: ResourceSchema): Promise<void> {
  const group = menuItem(page, GROUP);
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await expect.poll(() => group.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('true');
  const leaf = menuItem(page, s.title);
  await leaf.scrollIntoViewIfNeeded();
  await leaf.click();
  await page.waitForURL((u) => u.pathname === s.menu!.path, { timeout: 10_000 });
  await expect.poll(() => resourceTable(page).locator('.resource-table-title').innerText().catch(() => ''), { message: `${s.title} list`, timeout: 15_000 }).toBe(s.title);
  await waitForList(page);
}

describe('系统管理 pages', () => {
  let admin: Awaited<ReturnType<typeof e2e.newSession>>;

  it('every catalogue page of 系统管理 is in the admin menu and opens with rows or its empty state', async () => {
    admin = await e2e.newSession();
    const { page, errors } = admin;
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    expect(CATALOGUE.filter((t) => !systemPages.some((s) => s.title === t))).toEqual([]);
    for (const s of systemPages) {
      await openPage(page, s);
      await expect.poll(async () => (await tableRows(page).count()) > 0 || (await resourceTable(page).innerText()).includes('暂无数据'), { message: `${s.title} shows rows or its empty state`, timeout: 15_000 }).toBe(true);
      errors.assertClean();
    }
  }, 300_000);

  it('在线用户: 强退 of a second browser session logs that user out', async () => {
    const other = await e2e.newSession();
    await login(other.page, e2e.url, USERS.yunying.username, USERS.yunying.password);

    const { page, errors } = admin;
    await openPage(page, systemPages.find((s) => s.name === 'sysUserOnline')!);
    const row = tableRows(page).filter({ hasText: USERS.yunying.username }).first();
    await expect.poll(() => row.count(), { message: 'yunying is online', timeout: 15_000 }).toBe(1);
    await row.locator('a[data-action="forceLogout"]').click();
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '强制退出用户？' });
    await expect.poll(async () => (await dialog.getAttribute('class')) ?? '', { timeout: 10_000 }).not.toMatch(/appear/);
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await expect.poll(() => tableRows(page).filter({ hasText: USERS.yunying.username }).count(), { message: 'the session leaves the list', timeout: 15_000 }).toBe(0);
    errors.assertClean();

    // the forced-out browser is sent to the login page at its next request
    await other.page.reload();
    await other.page.waitForURL((u) => u.pathname.startsWith('/user/login'), { timeout: 20_000 });
    await expect.poll(() => other.page.getByPlaceholder('请输入用户名').isVisible()).toBe(true);
  }, 120_000);
});
