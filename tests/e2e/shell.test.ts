/**
 * The console shell in Chromium against the real server: the tab strip's keyboard use and its
 * sideways scrolling with many tabs, tab protections with the exact messages, each tab
 * context-menu action, keep-alive (a typed search survives switching tabs,
 * not closing), the settings drawer persisting across a reload, the mobile layout at 800 px,
 * and the logout confirmation.
 *
 * 医生管理 /app/doctor is keepAlive (its schema sets `menu.keepAlive`); pages are not kept
 * alive by default.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fieldItem, readModule } from './form.js';
import { USERS, login, menuItem } from './harness.js';
import { useE2E, type Session } from './lifecycle.js';

const e2e = useE2E({ seedRows: 12 });
/** The login layout requests the seeded orgLogo `/logo.svg` through the static prefix, which
 * 404s (not the shell's; reported). */
const LOGIN_LOGO = [/sys\/common\/static\/logo\.svg/];
const mod = (name: string) => {
  const s = readModule(name);
  return { title: s.title, group: s.menu?.group ?? '', path: s.menu?.path ?? '' };
};
const DOCTOR = mod('hisDoctor');
const HOSPITAL = mod('hisHospital');
const DEPARTMENT = mod('hisDepartment');
const DRUG = mod('sysDrug');

const strip = (page: Page) => page.getByTestId('multi-tab');
const tab = (page: Page, title: string) => strip(page).getByRole('tab', { name: title, exact: true });
/** A tab's close icon. */
const closeIcon = (page: Page, title: string) => strip(page).getByRole('button', { name: `关闭 ${title}`, exact: true });
async function tabTitles(page: Page): Promise<string[]> {
  return (await strip(page).getByRole('tab').locator('[data-pagekey]').allInnerTexts()).map((t) => t.trim());
}
async function expectTabs(page: Page, titles: string[]): Promise<void> {
  await expect.poll(() => tabTitles(page), { timeout: 10_000 }).toEqual(titles);
}
async function seeMessage(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message').getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
}

/** The visible module page (keep-alive pages stay in the DOM, hidden). */
function visibleTable(page: Page): Locator {
  return page.locator('[data-testid="resource-table"]:visible').first();
}
/** Waits until an element's position has not changed for 250 ms (menu motions). */
async function settle(el: Locator): Promise<void> {
  let last = '';
  for (let i = 0; i < 12; i++) {
    const box = await el.boundingBox({ timeout: 1000 }).catch(() => null);
    const now = box ? `${Math.round(box.x)},${Math.round(box.y)},${Math.round(box.height)}` : '';
    if (now && now === last) return;
    last = now;
    await el.page().waitForTimeout(250);
  }
}
/**
 * Opens a module from the side menu. A tab switch re-selects another group and the accordion
 * moves under the pointer, so: wait for stillness, expand the group, click the leaf; retry.
 */
async function open(page: Page, m: { group: string; title: string; path: string }): Promise<void> {
  const group = menuItem(page, m.group);
  const leaf = menuItem(page, m.title);
  for (let attempt = 0; ; attempt++) {
    try {
      await settle(group);
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click({ timeout: 3000 });
      await settle(leaf);
      await leaf.click({ timeout: 3000 });
      await page.waitForURL((u) => u.pathname === m.path, { timeout: 5000 });
      break;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
  await visibleTable(page).waitFor({ state: 'visible', timeout: 20_000 });
}
/**
 * Right-click a tab label and choose `action`. The gesture is repeated (at most 3 times) until
 * `done()` holds, for when the strip was still re-rendering from the previous step and the menu
 * never opened or the click landed during its motion; callers assert the outcome afterwards.
 */
async function contextMenu(page: Page, title: string, action: string, done: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await tab(page, title).locator('[data-pagekey]').click({ button: 'right' });
    const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: new RegExp(`${action}$`) });
    await item.click({ timeout: 3000 }).catch(() => undefined);
    // let the menu finish closing (its leave motion keeps it visible for a moment)
    await expect.poll(() => page.locator('.ant-dropdown:visible').count()).toBe(0);
    if (await done()) return;
  }
}
const tabsAre = (page: Page, titles: string[]) => async () => JSON.stringify(await tabTitles(page)) === JSON.stringify(titles);
/** The 姓名 input of the visible search form. */
function searchInput(page: Page): Locator {
  const form = page.locator('form:visible').filter({ has: page.getByRole('button', { name: /^查\s?询$/ }) }).first();
  return fieldItem(form, '姓名').locator('input').first();
}

/** Opens `path` with the strip restored to `pages` (sessionStorage, as after a reload), once. */
async function withStoredTabs(page: Page, pages: { fullPath: string; title: string }[], path: string): Promise<void> {
  const stored = JSON.stringify({
    pages: pages.map((p) => ({ fullPath: p.fullPath, path: p.fullPath.split('?')[0], title: p.title, keepAlive: false })),
    active: path,
  });
  // before the app's scripts run, so that nothing the page was doing overwrites it
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-tabs-seeded')) return;
    sessionStorage.setItem('e2e-tabs-seeded', '1');
    sessionStorage.setItem('MULTI_TAB_PAGES', value);
  }, stored);
  await page.goto(`${e2e.url}${path}`);
}
const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);
/** The outline style of the card holding a tab (the visible focus ring). */
const cardOutline = (l: Locator) => l.evaluate((el) => getComputedStyle(el.parentElement!).outlineStyle);
/** Whether the tab's card lies wholly inside the strip's visible width. */
const inView = (l: Locator) =>
  l.evaluate((el) => {
    const card = el.parentElement!.getBoundingClientRect();
    const list = el.closest('[role="tablist"]')!.getBoundingClientRect();
    return card.left >= list.left - 0.5 && card.right <= list.right + 0.5;
  });

// Before 'console shell': its settings test saves admin's layout on the server (top menu,
// multipage off), which every later login of admin gets back.
describe('tab strip keyboard and overflow', () => {
  it('arrows move the focus, Enter / Space activate, Delete closes (首页: 首页不能关闭!)', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await page.waitForURL(/\/dashboard\/analysis/);
    await withStoredTabs(page, [{ fullPath: '/dashboard/analysis', title: '首页' }, { fullPath: DOCTOR.path, title: DOCTOR.title }, { fullPath: DRUG.path, title: DRUG.title }], DRUG.path);
    await visibleTable(page).waitFor({ timeout: 20_000 });
    await expectTabs(page, ['首页', DOCTOR.title, DRUG.title]);
    expect(await tab(page, DRUG.title).getAttribute('aria-selected')).toBe('true');

    await tab(page, DRUG.title).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => isFocused(tab(page, DOCTOR.title))).toBe(true);
    expect(await cardOutline(tab(page, DOCTOR.title))).toBe('solid');
    // moving the focus does not switch pages
    expect(new URL(page.url()).pathname).toBe(DRUG.path);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === DOCTOR.path);
    await expect.poll(() => tab(page, DOCTOR.title).getAttribute('aria-selected')).toBe('true');
    expect(await tab(page, DRUG.title).getAttribute('aria-selected')).toBe('false');

    // Delete closes the focused tab; the focus stays in the strip
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => isFocused(tab(page, DRUG.title))).toBe(true);
    await page.keyboard.press('Delete');
    await expectTabs(page, ['首页', DOCTOR.title]);
    expect(new URL(page.url()).pathname).toBe(DOCTOR.path);
    await expect.poll(() => isFocused(tab(page, DOCTOR.title))).toBe(true);

    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => isFocused(tab(page, '首页'))).toBe(true);
    await page.keyboard.press('Delete');
    await seeMessage(page, '首页不能关闭!');
    await expectTabs(page, ['首页', DOCTOR.title]);
    await page.keyboard.press(' ');
    await page.waitForURL(/\/dashboard\/analysis/);
    await expect.poll(() => tab(page, '首页').getAttribute('aria-selected')).toBe('true');
    s.errors.assertClean(LOGIN_LOGO);
  });

  it('many tabs scroll sideways on one row, and the active tab is scrolled into view', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await page.waitForURL(/\/dashboard\/analysis/);
    const many = Array.from({ length: 24 }, (_, i) => ({ fullPath: `${HOSPITAL.path}?n=${i}`, title: `${HOSPITAL.title}${i}` }));
    const pages = [{ fullPath: '/dashboard/analysis', title: '首页' }, ...many, { fullPath: DOCTOR.path, title: DOCTOR.title }];
    await withStoredTabs(page, pages, '/dashboard/analysis');
    await page.getByTestId('dashboard-analysis').waitFor();
    await expectTabs(page, pages.map((p) => p.title));
    const list = strip(page).getByRole('tablist');
    const geometry = () =>
      list.evaluate((el) => ({
        overflows: el.scrollWidth > el.clientWidth,
        scrollLeft: el.scrollLeft,
        rows: new Set([...el.querySelectorAll('[role="tab"]')].map((t) => Math.round(t.getBoundingClientRect().top))).size,
        height: Math.round(el.closest('[data-testid="multi-tab"]')!.getBoundingClientRect().height),
      }));
    expect(await geometry()).toEqual({ overflows: true, scrollLeft: 0, rows: 1, height: 40 });
    expect(await inView(tab(page, DOCTOR.title))).toBe(false);

    // switching pages from the side menu brings the active tab at the far end into view
    await open(page, DOCTOR);
    await expect.poll(() => tab(page, DOCTOR.title).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => inView(tab(page, DOCTOR.title))).toBe(true);
    expect(await inView(tab(page, '首页'))).toBe(false);
    expect((await geometry()).scrollLeft).toBeGreaterThan(0);

    // and so does a reload (the strip mounts with it active)
    await page.reload();
    await visibleTable(page).waitFor({ timeout: 20_000 });
    await expect.poll(() => inView(tab(page, DOCTOR.title))).toBe(true);
    expect(await geometry()).toMatchObject({ rows: 1, height: 40 });
    s.errors.assertClean(LOGIN_LOGO);
  });
});

describe('console shell', () => {
  let s: Session;

  it('the home tab is first; closing the lone tab / the home tab shows the exact warnings', async () => {
    s = await e2e.newSession();
    const { page } = s;
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await page.waitForURL(/\/dashboard\/analysis/);
    await expectTabs(page, ['首页']);
    await expect.poll(() => page.title()).toBe('首页 - 互联网医院后台管理');
    await closeIcon(page, '首页').click();
    await seeMessage(page, '这是最后一页，不能再关闭了啦');
    await open(page, DOCTOR);
    await expectTabs(page, ['首页', DOCTOR.title]);
    await expect.poll(() => page.title()).toBe(`${DOCTOR.title} - 互联网医院后台管理`);
    await closeIcon(page, '首页').click();
    await seeMessage(page, '首页不能关闭!');
    await expectTabs(page, ['首页', DOCTOR.title]);
    // breadcrumb: 首页 + the matched menu titles; page header with the title
    await expect.poll(() => page.getByTestId('breadcrumb').innerText()).toMatch(new RegExp(`首页\\s*/\\s*${DOCTOR.group}\\s*/\\s*${DOCTOR.title}`));
    await expect.poll(() => page.getByTestId('page-title').innerText()).toBe(DOCTOR.title);
    // footer: ICP number from the global config
    await expect.poll(() => page.getByTestId('footer-icp').innerText()).toContain('ICP');
    s.errors.assertClean(LOGIN_LOGO);
  });

  it('closing the active tab activates the tab at the same index (or the last)', async () => {
    const { page } = s;
    await open(page, HOSPITAL);
    await expectTabs(page, ['首页', DOCTOR.title, HOSPITAL.title]);
    await closeIcon(page, HOSPITAL.title).click();
    await expectTabs(page, ['首页', DOCTOR.title]);
    await page.waitForURL((u) => u.pathname === DOCTOR.path);
  });

  it('a keepAlive page keeps a typed search while its tab is open, and loses it when closed', async () => {
    const { page } = s;
    await tab(page, DOCTOR.title).click();
    await page.waitForURL((u) => u.pathname === DOCTOR.path);
    await visibleTable(page).waitFor();
    await searchInput(page).fill('保活测试');
    await tab(page, '首页').click();
    await page.waitForURL(/\/dashboard\/analysis/);
    await page.getByTestId('dashboard-analysis').waitFor();
    await open(page, HOSPITAL);
    await tab(page, DOCTOR.title).click();
    await page.waitForURL((u) => u.pathname === DOCTOR.path);
    await expect.poll(() => searchInput(page).inputValue()).toBe('保活测试');
    // 刷新 (key 4) remounts the page
    await contextMenu(page, DOCTOR.title, '刷新', async () => (await searchInput(page).inputValue()) === '');
    await visibleTable(page).waitFor();
    await expect.poll(() => searchInput(page).inputValue()).toBe('');
    await searchInput(page).fill('再次输入');
    // closing the tab drops the state
    await closeIcon(page, DOCTOR.title).click();
    await expectTabs(page, ['首页', HOSPITAL.title]);
    await open(page, DOCTOR);
    await expect.poll(() => searchInput(page).inputValue()).toBe('');
    s.errors.assertClean(LOGIN_LOGO);
  });

  it('context menu: 关闭左侧, 关闭右侧, 关闭其它', async () => {
    const { page } = s;
    await open(page, DEPARTMENT);
    await open(page, DRUG);
    await expectTabs(page, ['首页', HOSPITAL.title, DOCTOR.title, DEPARTMENT.title, DRUG.title]);
    await contextMenu(page, DOCTOR.title, '关闭左侧', tabsAre(page, ['首页', DOCTOR.title, DEPARTMENT.title, DRUG.title]));
    await expectTabs(page, ['首页', DOCTOR.title, DEPARTMENT.title, DRUG.title]);
    await contextMenu(page, DEPARTMENT.title, '关闭右侧', tabsAre(page, ['首页', DOCTOR.title, DEPARTMENT.title]));
    await expectTabs(page, ['首页', DOCTOR.title, DEPARTMENT.title]);
    await page.waitForURL((u) => u.pathname === DEPARTMENT.path);
    await open(page, HOSPITAL);
    await expectTabs(page, ['首页', DOCTOR.title, DEPARTMENT.title, HOSPITAL.title]);
    await contextMenu(page, DOCTOR.title, '关闭其它', tabsAre(page, ['首页', DOCTOR.title]));
    await expectTabs(page, ['首页', DOCTOR.title]);
    await page.waitForURL((u) => u.pathname === DOCTOR.path);
    // a reload keeps the open tabs (sessionStorage)
    await open(page, DRUG);
    await page.reload();
    await expectTabs(page, ['首页', DOCTOR.title, DRUG.title]);
    s.errors.assertClean(LOGIN_LOGO);
  });

  it('settings drawer: colour, top menu and multipage off persist after a reload', async () => {
    const { page } = s;
    await page.getByTestId('user-dropdown').hover();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: /系统设置$/ }).click();
    const drawer = page.locator('.setting-drawer .ant-drawer-content');
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByText('该功能为开发预览').waitFor();
    await drawer.getByRole('radio', { name: '酱紫' }).click();
    await drawer.getByRole('radio', { name: '顶部栏导航' }).click();
    await drawer.getByRole('switch', { name: '多页签模式' }).click();
    await expect.poll(() => page.getByTestId('app-shell').getAttribute('data-layout')).toBe('topmenu');
    await expect.poll(() => strip(page).count()).toBe(0);
    const stored = await page.evaluate(() => ({
      color: localStorage.getItem('pro__DEFAULT_COLOR'),
      layout: localStorage.getItem('pro__DEFAULT_LAYOUT_MODE'),
      multipage: localStorage.getItem('pro__DEFAULT_MULTI_PAGE'),
    }));
    expect(JSON.parse(stored.color!)).toEqual({ value: '#722ED1', expire: null });
    expect(JSON.parse(stored.layout!)).toEqual({ value: 'topmenu', expire: null });
    expect(JSON.parse(stored.multipage!)).toEqual({ value: false, expire: null });
    await page.keyboard.press('Escape');

    await page.reload();
    await page.getByTestId('app-shell').waitFor();
    expect(await page.getByTestId('app-shell').getAttribute('data-layout')).toBe('topmenu');
    await page.getByTestId('top-menu').waitFor(); // mounts after the shell
    expect(await page.getByTestId('side-bar').count()).toBe(0);
    expect(await strip(page).count()).toBe(0);
    // the primary colour is applied through the antd theme (primary button background)
    await visibleTable(page).waitFor({ timeout: 20_000 });
    const bg = await page.locator('.ant-btn-primary:visible').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe('rgb(114, 46, 209)');
    // the list's dictionary tags have antd Tag's styles in this theme too (made at run time: the
    // static stylesheet is the default theme's), a border and their colour's background
    const tags = await visibleTable(page).locator('tbody .ant-tag').evaluateAll((els) =>
      els.map((e) => ({ cls: e.className, bg: getComputedStyle(e).backgroundColor, border: getComputedStyle(e).borderTopStyle })));
    expect(tags.length).toBeGreaterThan(0);
    for (const t of tags) {
      expect(t.border, t.cls).toBe('solid');
      expect(t.bg, t.cls).not.toBe('rgba(0, 0, 0, 0)');
    }
    s.errors.assertClean(LOGIN_LOGO);
  });

  it('logout asks 提示 / 真的要注销登录吗 ? and goes to the login page', async () => {
    const { page } = s;
    await page.getByRole('button', { name: '退出登录' }).click();
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.waitFor({ state: 'visible' });
    expect(await confirm.locator('.ant-modal-confirm-title').innerText()).toBe('提示');
    expect(await confirm.locator('.ant-modal-confirm-content').innerText()).toBe('真的要注销登录吗 ?');
    await confirm.getByRole('button', { name: '确定', exact: true }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/user/login'));
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
    s.errors.assertClean(LOGIN_LOGO);
  });

  it('mobile layout at 800 px: sidebar closed, the trigger opens a 200 px left drawer', async () => {
    const m = await e2e.newSession();
    const { page } = m;
    await page.setViewportSize({ width: 800, height: 900 });
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await page.waitForURL(/\/dashboard\/analysis/);
    const shell = page.getByTestId('app-shell');
    await expect.poll(() => shell.getAttribute('data-device')).toBe('mobile');
    expect(await page.getByTestId('side-bar').count()).toBe(0);
    expect(await strip(page).count()).toBe(0);
    expect(await page.locator('.shell-menu-drawer .ant-drawer-content-wrapper:visible').count()).toBe(0);
    await page.getByTestId('sider-trigger').click();
    const wrapper = page.locator('.shell-menu-drawer .ant-drawer-content-wrapper');
    await wrapper.waitFor({ state: 'visible' });
    await expect.poll(async () => {
      const box = await wrapper.boundingBox();
      return box ? [Math.round(box.x), Math.round(box.width)] : null;
    }).toEqual([0, 200]);
    await menuItem(page, DOCTOR.group).click();
    await menuItem(page, DOCTOR.title).click();
    await page.waitForURL((u) => u.pathname === DOCTOR.path);
    await wrapper.waitFor({ state: 'hidden' });
    // the welcome text is desktop only
    expect(await page.getByTestId('header-user').count()).toBe(0);
    m.errors.assertClean(LOGIN_LOGO);
  });
});

