/**
 * Home-page decoration end to end (issue 14), one server and one browser: create from the
 * diabetic-foot template, drag a banner and a recommended-doctor block in, upload the banner's
 * image and link it to a doctor, reorder by keyboard, undo and redo, publish; the public endpoint
 * serves that version with an ETag; edit again and publish; restore the first version from
 * 版本记录 and the public endpoint serves it again.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { USERS, login, openMenu, tableRows, waitForList } from './harness.js';
import { useE2E, type Session } from './lifecycle.js';

const e2e = useE2E({ seedRows: 20 });
const NAME = `足病专科首页${Date.now().toString(36).slice(-4)}`;
const PNG = join(tmpdir(), `decor-banner-${process.pid}.png`);
writeFileSync(PNG, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4//9/PQAJewPLmJq0LwAAAABJRU5ErkJggg==', 'base64'));

let s: Session;
/** Waits for what the page shows (the first paint after a reload builds the routes first). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });
let editorUrl = '';
type Rec = Record<string, unknown>;

async function publicHome(): Promise<{ status: number; etag: string | null; body: { result: Rec & { components: Rec[]; settings: Rec } } }> {
  const r = await fetch(`${e2e.url}/hospital/open/homePage/${USERS.hospadmin.tenantId}/1`);
  return { status: r.status, etag: r.headers.get('etag'), body: (await r.json()) as never };
}

const blocks = (page: Page) => page.getByTestId('phone-canvas').locator('[data-block]');
const order = async (page: Page) => blocks(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-block')));
const panel = (page: Page) => page.getByRole('complementary', { name: '属性面板' });

/** The property panel within the editor's pane and the window, with the named controls inside the panel's width. */
async function inItsPane(page: Page, controls: string[]): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const view = page.viewportSize()!;
  expect(view).toEqual({ width: 1440, height: 900 });
  expect((await page.locator('.ant-layout-sider').first().boundingBox())!.width).toBeGreaterThan(150); // side menu open
  const pane = (await page.getByTestId('decoration-editor').boundingBox())!;
  const box = (await panel(page).boundingBox())!;
  expect(pane.y + pane.height).toBeLessThanOrEqual(view.height);
  expect(box.x + box.width).toBeLessThanOrEqual(pane.x + pane.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(pane.y + pane.height + 0.5);
  expect(await panel(page).evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  for (const name of controls) {
    const c = (await panel(page).getByRole('combobox', { name }).first().boundingBox())!;
    expect(c.x).toBeGreaterThanOrEqual(box.x);
    expect(c.x + c.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
}

async function dragOnto(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 6, { steps: 12 });
  await page.mouse.up();
}

async function seeMessage(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message').getByText(text).first().waitFor({ state: 'visible' });
}

async function pickOption(page: Page, combobox: Locator, option: string | null): Promise<string> {
  await combobox.click({ force: true }); // antd draws the chosen label over its search input
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  const item = option ? dropdown.locator('.ant-select-item-option', { hasText: option }).first() : dropdown.locator('.ant-select-item-option').first();
  await item.waitFor({ state: 'visible' });
  const text = (await item.textContent()) ?? '';
  await item.click();
  return text;
}

describe('home-page decoration', () => {
  it('designs a page from the specialty template and publishes it to the public endpoint', async () => {
    s = await e2e.newSession();
    const { page } = s;
    await login(page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
    await openMenu(page, '系统设置', '首页装修');
    await page.getByRole('button', { name: '选择模板新建' }).click();
    await page.waitForURL((u) => u.pathname === '/homeDecoration/create');
    await page.getByRole('radio', { name: '糖尿病足专科' }).click();
    await page.getByPlaceholder('请输入页面名称').fill(NAME);
    await page.getByRole('button', { name: '开始装修' }).click();
    await page.waitForURL((u) => u.searchParams.has('id'));
    editorUrl = page.url();
    await poll(() => order(page)).toEqual(['navbar', 'header', 'welcome', 'consultation', 'hospitalServices', 'announcement', 'recommendDoctor', 'bottomNav']);

    // drag a banner before 欢迎语, a recommended-doctor block before the bottom navigation
    await dragOnto(page, page.locator('[data-palette=banner]'), blocks(page).nth(2));
    await poll(() => order(page)).toEqual(['navbar', 'header', 'banner', 'welcome', 'consultation', 'hospitalServices', 'announcement', 'recommendDoctor', 'bottomNav']);
    await dragOnto(page, page.locator('[data-palette=recommendDoctor]'), page.locator('[data-block=bottomNav]'));
    await poll(() => order(page)).toEqual(['navbar', 'header', 'banner', 'welcome', 'consultation', 'hospitalServices', 'announcement', 'recommendDoctor', 'recommendDoctor', 'bottomNav']);

    // the banner's image (the project's upload) and its link (a doctor of the tenant)
    await page.locator('[data-block=banner]').click();
    await poll(() => panel(page).getByRole('heading').first().textContent()).toBe('轮播图');
    const [upload] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/sys/common/upload')),
      panel(page).locator('input[type=file]').first().setInputFiles(PNG),
    ]);
    expect(upload.status()).toBe(200);
    await page.locator('[data-block=banner] img').waitFor({ state: 'visible' });
    await pickOption(page, panel(page).getByRole('combobox', { name: '链接类型' }).first(), '医生');
    const doctor = await pickOption(page, panel(page).getByRole('combobox', { name: '链接目标' }).first(), null);
    expect(doctor.length).toBeGreaterThan(0);

    // at 1440×900 with the side menu open the property panel stays in its pane: no control wider
    // than the panel, the pane ends within the window, and a long panel scrolls by itself
    await inItsPane(page, ['链接类型', '链接目标']);
    await page.locator('[data-block=hospitalServices]').click();
    await poll(() => panel(page).getByRole('heading').first().textContent()).toBe('医院服务');
    await inItsPane(page, ['链接类型']);
    const [scrollable, pageScroll] = await panel(page).evaluate((el) => [el.scrollHeight > el.clientHeight, window.scrollY]);
    expect(scrollable).toBe(true);
    const last = panel(page).getByRole('button', { name: /添加/ }).last();
    await panel(page).hover();
    await page.mouse.wheel(0, 5000);
    await poll(() => panel(page).evaluate((el) => el.scrollTop > 0 && el.scrollTop + el.clientHeight >= el.scrollHeight - 1)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(pageScroll);
    const box = (await panel(page).boundingBox())!;
    const end = (await last.boundingBox())!;
    expect(end.y + end.height).toBeLessThanOrEqual(box.y + box.height);
    expect(end.y).toBeGreaterThanOrEqual(box.y);
    await page.locator('[data-block=banner]').click();
    await poll(() => panel(page).getByRole('heading').first().textContent()).toBe('轮播图');

    // keyboard reorder: the banner moves above the header; undo puts it back, redo moves it again
    await page.getByRole('button', { name: '拖动排序：轮播图' }).focus();
    const live = page.locator('[id^=DndLiveRegion]');
    await page.keyboard.press('Space');
    await live.getByText('已拿起「轮播图」').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowUp');
    await live.getByText('「轮播图」移到了「页头」的位置').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await live.getByText('已放下「轮播图」').waitFor({ state: 'attached' });
    await poll(async () => (await order(page)).slice(0, 3)).toEqual(['navbar', 'banner', 'header']);
    await page.keyboard.press('Control+z');
    await poll(async () => (await order(page)).slice(0, 3)).toEqual(['navbar', 'header', 'banner']);
    await page.keyboard.press('Control+Shift+z');
    await poll(async () => (await order(page)).slice(0, 3)).toEqual(['navbar', 'banner', 'header']);

    await page.getByRole('button', { name: '发布', exact: true }).click();
    await seeMessage(page, '发布成功，当前版本 1');

    const pub = await publicHome();
    expect(pub.status).toBe(200);
    expect(pub.etag).toMatch(/^".+"$/);
    expect(pub.body.result.version).toBe(1);
    const types = pub.body.result.components.map((c) => c.type);
    expect(types.slice(0, 3)).toEqual(['navbar', 'banner', 'header']);
    expect(types.filter((t) => t === 'recommendDoctor')).toHaveLength(2);
    const banner = pub.body.result.components[1]!.props as { items: Array<{ image: string; link: { type: string; label: string } }> };
    expect(banner.items[0]!.image).toMatch(/\.png$/);
    expect(banner.items[0]!.link).toMatchObject({ type: 'doctor', label: doctor });
    const again = await fetch(`${e2e.url}/hospital/open/homePage/${USERS.hospadmin.tenantId}/1`, { headers: { 'If-None-Match': pub.etag! } });
    expect(again.status).toBe(304);
  });

  it('edits again and publishes version 2, then restores version 1 from 版本记录', async () => {
    const { page } = s;
    await page.getByRole('button', { name: '页面设置' }).click();
    const title = panel(page).locator('.ant-formily-item').filter({ hasText: '页面标题' }).locator('input');
    await title.fill('足病专科 第二版');
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await seeMessage(page, '发布成功，当前版本 2');
    const v2 = await publicHome();
    expect(v2.body.result).toMatchObject({ version: 2, settings: { title: '足病专科 第二版' } });

    await page.getByRole('button', { name: '返回' }).click();
    await waitForList(page);
    const row = tableRows(page).filter({ hasText: NAME });
    await poll(() => row.count()).toBe(1);
    await row.locator('a[data-action=versions]').click();
    await waitForList(page);
    const v1row = tableRows(page).filter({ has: page.locator('td', { hasText: /^1$/ }) }).filter({ hasText: NAME });
    await poll(() => v1row.count()).toBe(1);
    await v1row.locator('a[data-action=restore]').click();
    const [restored] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/hisHomeDecorationVersion/restore')),
      page.locator('.ant-modal-confirm, .ant-popover').getByRole('button', { name: /确\s?定/ }).last().click(),
    ]);
    expect(restored.status()).toBe(200);

    const back = await publicHome();
    expect(back.body.result).toMatchObject({ version: 1, settings: { title: '糖尿病足专科门诊' } });
    expect(back.etag).not.toBe(v2.etag);
    expect(s.errors.errors).toEqual([]);
  });

  it('duplicates, hides and deletes blocks, names a block publishing refuses, previews by QR code, warns before leaving', async () => {
    const { page } = s;
    await page.goto(editorUrl);
    await blocks(page).first().waitFor({ state: 'visible' });
    const welcome = page.locator('[data-block=welcome]');
    await welcome.first().click();
    await page.getByRole('button', { name: '复制欢迎语' }).click();
    await poll(() => welcome.count()).toBe(2);
    await page.getByRole('button', { name: '隐藏欢迎语' }).click();
    await page.getByRole('button', { name: '显示欢迎语' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: '删除欢迎语' }).click();
    await poll(() => welcome.count()).toBe(1);

    // a header ad without its picture: 发布 is refused and the block says why
    await page.getByRole('button', { name: '添加头部广告' }).click();
    await page.getByRole('button', { name: '发布', exact: true }).click();
    await page.locator('[data-block=headerAd]').getByRole('alert').filter({ hasText: '头部广告：「广告图」不能为空' }).waitFor({ state: 'visible' });
    expect((await publicHome()).body.result.version).toBe(1);

    await page.getByRole('button', { name: '预览' }).click();
    const preview = page.locator('.ant-modal').filter({ hasText: '用手机扫码预览' });
    await preview.locator('.ant-qrcode canvas').waitFor({ state: 'visible' });
    expect(await preview.getByTestId('preview-link').textContent()).toContain(`/homeDecoration/preview?id=${new URL(editorUrl).searchParams.get('id')}`);
    await preview.locator('.ant-modal-close').click();
    await preview.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: '删除头部广告' }).click();
    await page.getByRole('button', { name: '返回' }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '有未保存的修改' });
    await confirm.getByText('离开前将保存为草稿（不会发布），确定离开吗?').waitFor({ state: 'visible' });
    await confirm.getByRole('button', { name: '继续编辑' }).click();
    await confirm.waitFor({ state: 'hidden' });
    // the browser logs the refused 发布 (400) it was shown; nothing else went wrong
    const refused = /status of 400 \(Bad Request\) \(.*\/hisHomeDecoration\/publish\)$/;
    expect(s.errors.errors.filter((e) => refused.test(e))).toHaveLength(1);
    expect(s.errors.errors.filter((e) => !refused.test(e))).toEqual([]);
  });
});
