/**
 * 个人设置 in Chromium against the real server: a name changed in 基本设置 shows in the header;
 * a theme colour chosen in 个性化 in one browser context is restored in another (saved per user
 * on the server); 安全设置 ends another device's session.
 */
import { describe, expect, it } from 'vitest';
import { USERS, login } from './harness.js';
import { useE2E } from './lifecycle.js';

const e2e = useE2E({ seedRows: 5 });
const LOGO = /\/sys\/common\/static\//;
/** The session ended from the other device answers 401 on its next call. */
const FAILED_401 = /status of 401/;

const storedColor = (page: import('playwright-core').Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('pro__DEFAULT_COLOR') ?? 'null') as { value?: string } | null)?.value ?? null);

describe('account settings', () => {
  it('基本设置: the new name is saved and shows in the header', async () => {
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    await page.goto(`${e2e.url}/account/settings/base`);
    const name = page.getByTestId('base-setting-form').getByLabel('姓名');
    await expect.poll(() => name.inputValue()).toBe('医院管理员');
    await name.fill('王院长');
    const saved = page.waitForResponse((r) => r.url().includes('/sys/user/changeUserInfo'));
    await page.getByRole('button', { name: '更新基本信息' }).click();
    await saved;
    await page.getByText('更新基本信息成功').waitFor();
    await expect.poll(() => page.getByTestId('header-user').innerText()).toBe('欢迎您，王院长');
    await page.reload();
    await expect.poll(() => page.getByTestId('header-user').innerText()).toBe('欢迎您，王院长');
    errors.assertClean([LOGO]);
  });

  it('个性化: a theme colour saved in one browser is restored in another', async () => {
    const first = await e2e.newSession();
    await login(first.page, e2e.url, USERS.yunying.username, USERS.yunying.password);
    await first.page.goto(`${e2e.url}/account/settings/custom`);
    const save = first.page.waitForRequest((r) => r.url().includes('/sys/userSetting/save'));
    await first.page.getByRole('button', { name: '酱紫' }).click();
    await save;
    expect(await storedColor(first.page)).toBe('#722ED1');

    const second = await e2e.newSession();
    await login(second.page, e2e.url, USERS.yunying.username, USERS.yunying.password);
    await expect.poll(() => storedColor(second.page)).toBe('#722ED1');
    await second.page.goto(`${e2e.url}/account/settings/custom`);
    await expect.poll(() => second.page.getByRole('button', { name: '酱紫' }).getAttribute('aria-pressed')).toBe('true');
    first.errors.assertClean([LOGO]);
    second.errors.assertClean([LOGO]);
  });

  it('安全设置: 退出 ends the other device, which is sent to the login page', async () => {
    const other = await e2e.newSession();
    await login(other.page, e2e.url, USERS.zhuli.username, USERS.zhuli.password);
    const mine = await e2e.newSession();
    await login(mine.page, e2e.url, USERS.zhuli.username, USERS.zhuli.password);
    await mine.page.goto(`${e2e.url}/account/settings/security`);
    const list = mine.page.getByTestId('session-list');
    await list.getByText('当前设备').waitFor();
    const outs = list.getByRole('button', { name: '退出' });
    await expect.poll(() => outs.count()).toBeGreaterThan(0);
    const before = await outs.count();
    await outs.first().click();
    await mine.page.getByText('已退出该设备的登录').waitFor();
    await expect.poll(() => outs.count()).toBe(before - 1);
    // the ended session's next call is refused: it goes to the login page
    await other.page.reload();
    await other.page.waitForURL((u) => u.pathname === '/user/login', { timeout: 20_000 });
    mine.errors.assertClean([LOGO]);
    other.errors.assertClean([LOGO, FAILED_401]);
  });
});
