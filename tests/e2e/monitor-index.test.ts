/**
 * 监控 (/dashboard/monitor) and the avatar crop of 基本设置 in Chromium against the real server:
 * the platform super administrator sees live figures that change after 刷新 (requests refused
 * in between raise the request and error counts); a hospital administrator gets the 403
 * page; choosing an image in 基本设置 opens the crop step, and 确定 uploads a 200×200 PNG that
 * becomes the header's avatar.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { USERS, login, menuItem, revealMenuItem } from './harness.js';
import { useE2E } from './lifecycle.js';

const e2e = useE2E({ seedRows: 5 });
/** Not this feature's: the header logo of the global config may be missing in the test data. */
const LOGO = /\/sys\/common\/static\//;

const figure = (page: Page, testId: string) => page.getByTestId(testId).getByTestId('figure-value');
const number = async (page: Page, testId: string) => Number(await figure(page, testId).innerText());

describe('监控 dashboard', () => {
  it('the platform super administrator sees live figures that change after a refresh', async () => {
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    // 工作台 › 监控 in the side menu
    await (await revealMenuItem(page, '工作台', '监控')).click();
    await page.waitForURL((u) => u.pathname === '/dashboard/monitor');
    await page.getByTestId('monitor-heap').getByText(/\d+(\.\d)? \/ \d+\.\d MB/).waitFor();
    await page.getByTestId('monitor-cpu').getByText(/核/).waitFor();
    await page.getByTestId('monitor-db').getByText('MB').waitFor();
    expect(Number(await figure(page, 'monitor-db').innerText())).toBeGreaterThan(0);
    await page.getByTestId('monitor-chart').locator('canvas').waitFor();

    await page.getByTestId('monitor-index-pause').click();
    await page.getByTestId('monitor-index-pause').getByText('继续').waitFor();
    await page.getByText('已暂停自动刷新').waitFor();
    const updated = await page.getByTestId('monitor-index-updated').innerText();
    const rate = await number(page, 'monitor-rate');
    const failed = await number(page, 'monitor-errors');
    // three bare calls (no access-auth header, no token): refused (400/401), kept in the request ring buffer
    const statuses = await page.evaluate(() => Promise.all([1, 2, 3].map(() => fetch('/hospital/sys/user/profile').then((r) => r.status))));
    expect(statuses.map((x) => x === 400 || x === 401)).toEqual([true, true, true]);
    await page.getByTestId('monitor-index-refresh').click();
    await expect.poll(() => number(page, 'monitor-errors')).toBeGreaterThanOrEqual(failed + 3);
    expect(await number(page, 'monitor-rate')).toBeGreaterThanOrEqual(rate + 3);
    await expect.poll(async () => {
      await page.getByTestId('monitor-index-refresh').click();
      return page.getByTestId('monitor-index-updated').innerText();
    }, { timeout: 10_000 }).not.toBe(updated);
    errors.assertClean([LOGO, /status of 40[01]/]);
  });

  it('a hospital administrator gets the 403 page', async () => {
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    // no 监控 in their 工作台 (图表 and 任务 are there), and the address alone gets the 403 page
    await revealMenuItem(page, '工作台', '图表');
    await menuItem(page, '任务').waitFor();
    expect(await menuItem(page, '监控').count()).toBe(0);
    await page.goto(`${e2e.url}/dashboard/monitor`);
    await page.getByTestId('dashboard-monitor').getByText('抱歉，你无权访问该页面').waitFor();
    expect(await page.getByTestId('monitor-heap').count()).toBe(0);
    errors.assertClean([LOGO, /status of 403/]);
  });
});

describe('基本设置 avatar crop', () => {
  it('choosing an image shows the crop step; 确定 uploads the square PNG and the header avatar changes', async () => {
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    await page.goto(`${e2e.url}/account/settings/base`);
    await page.getByTestId('base-setting-form').waitFor();
    const headerImg = page.getByTestId('user-dropdown').locator('img');
    const before = (await headerImg.count()) ? await headerImg.getAttribute('src') : null;

    // a 300×150 PNG drawn in the page: left half red, right half blue
    const dataUrl = await page.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 300;
      c.height = 150;
      const g = c.getContext('2d')!;
      g.fillStyle = '#ff0000';
      g.fillRect(0, 0, 150, 150);
      g.fillStyle = '#0000ff';
      g.fillRect(150, 0, 150, 150);
      return c.toDataURL('image/png');
    });
    await page.getByTestId('avatar-file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1]!, 'base64') });
    const crop = page.getByTestId('avatar-crop');
    await crop.waitFor();
    await page.getByRole('dialog').getByText('裁剪头像').waitFor();
    await crop.getByText('缩放').waitFor();

    const uploaded = page.waitForResponse((r) => r.url().includes('/sys/common/upload'));
    const saved = page.waitForResponse((r) => r.url().includes('/sys/user/changeUserInfo'));
    await page.getByRole('button', { name: /确\s*定/ }).click();
    expect((await uploaded).status()).toBe(200);
    expect((await saved).status()).toBe(200);
    await page.getByText('头像已更新').waitFor();
    await crop.waitFor({ state: 'detached' });

    // the server checks extension, MIME type and PNG signature: the crop is stored as avatar/…_avatar.png
    await expect.poll(() => headerImg.getAttribute('src')).toMatch(/\/sys\/common\/static\/avatar\/.+_avatar\.png$/);
    const src = (await headerImg.getAttribute('src'))!;
    expect(src).not.toBe(before);
    const db = new BetterSqlite3(join(e2e.server.dataDir, 'hospital.db'), { readonly: true });
    try {
      const row = db.prepare('select avatar from sys_user where username = ?').get(USERS.hospadmin.username) as { avatar: string };
      expect(src.endsWith(`/sys/common/static/${row.avatar}`)).toBe(true);
    } finally {
      db.close();
    }
    // the stored avatar is the 200×200 crop of the 300×150 picture
    await expect.poll(() => headerImg.evaluate((img: HTMLImageElement) => `${img.naturalWidth}×${img.naturalHeight}`)).toBe('200×200');
    errors.assertClean([LOGO]);
  });
});
