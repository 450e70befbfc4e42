/**
 * Header dialogs end to end: 修改密码 with a wrong old password shows the server's message and
 * keeps the form; the user menu from the keyboard; the organisation switch (admin -> the hospital tenant) changes the rows a
 * list shows (医生管理).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { USERS, login, openMenu, tableRows, waitForList } from './harness.js';
import { useE2E, type Session } from './lifecycle.js';

const e2e = useE2E({ seedRows: 20 });
/** Not this feature's: the header logo of the global config may be missing in the test data. */
const KNOWN = [/\/sys\/common\/static\//];
const HOSPITAL_TENANT = '宁夏医科大学总医院互联网医院';

async function rowTexts(page: Page): Promise<string[]> {
  await waitForList(page);
  return (await tableRows(page).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

describe('header dialogs', () => {
  let s: Session;

  it('修改密码: a wrong old password shows 旧密码输入错误 and keeps the form', async () => {
    s = await e2e.newSession();
    const { page } = s;
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    // the welcome opens below the header, not over the user menu at its right end
    const welcome = page.locator('.ant-notification-notice').filter({ hasText: '欢迎回来' });
    await welcome.waitFor();
    const header = await page.getByTestId('user-menu').boundingBox();
    const notice = await welcome.boundingBox();
    expect(notice!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    // A pointer rests on the name (the menu opens) and then clicks it: the menu stays open.
    const item = page.getByRole('menuitem', { name: /修改密码/ });
    await page.getByTestId('user-dropdown').hover();
    await item.waitFor();
    await page.getByTestId('user-dropdown').click();
    await page.waitForTimeout(400);
    expect(await item.isVisible()).toBe(true);
    await item.click();
    const modal = page.locator('.ant-modal').filter({ hasText: '修改密码' });
    await modal.waitFor();
    // client rules first
    await modal.getByRole('button', { name: '确定', exact: true }).click();
    await modal.getByText('请输入旧密码!').waitFor();
    await modal.getByText('请输入新密码!').waitFor();
    await modal.getByText('请确认新密码!').waitFor();
    await modal.getByPlaceholder('请输入旧密码').fill('Wrong@123456');
    await modal.getByPlaceholder('请输入新密码').fill('short');
    await modal.getByPlaceholder('请确认新密码').fill('other');
    await modal.getByText('密码由大写字母、小写字母、数字和特殊符号组成，且不少于10位!').waitFor();
    await modal.getByText('两次输入的密码不一样！').waitFor();
    await modal.getByPlaceholder('请输入新密码').fill('Brand@New2026');
    await modal.getByPlaceholder('请确认新密码').fill('Brand@New2026');
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/sys/user/updatePassword'));
    await modal.getByRole('button', { name: '确定', exact: true }).click();
    const req = await put;
    expect(req.postData() ?? '').not.toContain('Brand@New2026');
    await page.locator('.ant-message').getByText('旧密码输入错误').waitFor();
    expect(await modal.isVisible()).toBe(true);
    expect(await modal.getByPlaceholder('请输入旧密码').inputValue()).toBe('Wrong@123456');
    await modal.getByRole('button', { name: '关闭' }).click();
    await modal.waitFor({ state: 'hidden' });
    s.errors.assertClean(KNOWN);
  });

  it('the user menu works from the keyboard: Enter on the name opens it with the focus inside, ↓ and Enter pick 修改密码, Esc gives the focus back', async () => {
    const { page } = s;
    const trigger = page.getByTestId('user-dropdown');
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
    // the pointer off the header: only the keyboard acts on the menu
    await page.mouse.move(400, 600);
    await trigger.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.closest('.ant-dropdown-menu') != null);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('user-dropdown');

    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('.ant-dropdown-menu') != null);
    // the arrows move the focus from entry to entry (rc-menu): down to 修改密码
    const focused = () => page.evaluate(() => (document.activeElement?.getAttribute('role') === 'menuitem' ? document.activeElement.textContent : null));
    const seen: (string | null)[] = [];
    let current = await focused();
    for (let i = 0; i < 8 && current !== '修改密码'; i++) {
      await page.keyboard.press('ArrowDown');
      // rc-menu moves the focus after the key's render: wait for it to leave the entry it was on
      await page.waitForFunction((before) => {
        const a = document.activeElement;
        return a?.getAttribute('role') === 'menuitem' && a.textContent !== before;
      }, current);
      current = await focused();
      seen.push(current);
    }
    expect(seen.at(-1), seen.join(' > ')).toBe('修改密码');
    expect(seen.length).toBeGreaterThan(1); // it moved through the entries before it
    await page.keyboard.press('Enter');
    const modal = page.locator('.ant-modal').filter({ hasText: '修改密码' });
    await modal.waitFor();
    await menu.waitFor({ state: 'hidden' });
    await modal.getByRole('button', { name: '关闭' }).click();
    await modal.waitFor({ state: 'hidden' });
    s.errors.assertClean(KNOWN);
  });

  it('switching the organisation (admin -> the hospital tenant) changes the rows of 医生管理', async () => {
    const { page } = s;
    await openMenu(page, '医护管理', '医生管理');
    const before = await rowTexts(page);

    const sw = page.getByTestId('org-switch');
    await sw.waitFor();
    await sw.getByRole('button', { name: '切换' }).click();
    const picker = page.locator('.ant-modal').filter({ hasText: '选择机构' });
    await picker.waitFor();
    await picker.locator('tbody tr.ant-table-row').first().waitFor();
    const list = page.waitForResponse((r) => r.url().includes('/sys/org/list') && r.url().includes('orgName='));
    await picker.getByPlaceholder('请输入机构名称').fill(`  ${HOSPITAL_TENANT}  `);
    await picker.getByRole('button', { name: '查询' }).click();
    const res = await list;
    expect(new URL(res.url()).searchParams.get('orgName')).toBe(HOSPITAL_TENANT);
    const row = picker.locator('tbody tr.ant-table-row').filter({ hasText: '租户' }).filter({ hasText: HOSPITAL_TENANT }).first();
    await row.click();
    await Promise.all([page.waitForEvent('load'), picker.getByRole('button', { name: '确定', exact: true }).click()]);

    await page.getByTestId('org-current').filter({ hasText: HOSPITAL_TENANT }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__TENANT_ID') ?? 'null'));
    expect(String(stored?.value)).toBe('1001');
    expect(await page.evaluate(() => localStorage.getItem('pro__ORG_ID'))).toBeNull();
    const after = await rowTexts(page);
    expect(after.length).toBeGreaterThan(0);
    expect(after).not.toEqual(before);
    // every doctor row now belongs to the hospital tenant: none of the earlier rows is shown
    expect(after.filter((t) => before.includes(t))).toEqual([]);
    s.errors.assertClean(KNOWN);
  });
});
