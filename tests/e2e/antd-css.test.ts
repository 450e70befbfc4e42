/**
 * The build's antd stylesheet (generators/antd-css.ts): the login page, the dashboard and a list
 * page draw every antd component from it and generate none at run time (a component missing
 * from the stylesheet's specimens is named here); a theme colour chosen in the settings is not
 * frozen by the file: its styles are generated at run time and the page shows the colour.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { USERS, login, tableRows, waitForList } from './harness.js';
import { useE2E } from './lifecycle.js';

const e2e = useE2E({ seedRows: 12 });
/** Not this feature's: the header logo of the global config may be missing in the test data. */
const LOGO = /\/sys\/common\/static\//;

/** antd component styles inserted at run time (cssinjs <style data-css-hash>), by the first component class they style. */
function runtimeComponentStyles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('style[data-css-hash]')]
      .map((s) => /\.ant-[a-z]+(-[a-z]+)*/.exec(s.textContent ?? '')?.[0])
      .filter((c): c is string => c !== undefined),
  );
}

describe('antd styles from the build', () => {
  it('the login page, the dashboard and a list page generate no component style at run time', async () => {
    const { page, errors } = await e2e.newSession();
    await page.goto(`${e2e.url}/user/login`);
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();
    expect(await page.locator('link[rel="stylesheet"][href^="/assets/antd-"]').count()).toBe(1);
    expect(await runtimeComponentStyles(page)).toEqual([]);

    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await page.goto(`${e2e.url}/dashboard/analysis`);
    await page.getByTestId('side-menu').waitFor();
    expect(await runtimeComponentStyles(page)).toEqual([]);

    await page.goto(`${e2e.url}/app/doctor`);
    await waitForList(page);
    await expect.poll(() => tableRows(page).count()).toBeGreaterThan(0);
    expect(await runtimeComponentStyles(page)).toEqual([]);
    // the file's styles are applied: the primary button is the console's blue
    const add = page.getByRole('button', { name: '新增' });
    expect(await add.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(24, 144, 255)');
    errors.assertClean([LOGO]);
  });

  it('a theme colour from the settings still colours the page (its styles are generated at run time)', async () => {
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.yunying.username, USERS.yunying.password);
    await page.goto(`${e2e.url}/account/settings/custom`);
    const save = page.waitForRequest((r) => r.url().includes('/sys/userSetting/save'));
    await page.getByRole('button', { name: '酱紫' }).click();
    await save;
    await page.goto(`${e2e.url}/app/doctor`);
    await waitForList(page);
    const add = page.getByRole('button', { name: '新增' });
    await expect.poll(() => add.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(114, 46, 209)');
    expect(await runtimeComponentStyles(page)).toContain('.ant-btn');
    errors.assertClean([LOGO]);
  });
});
