/**
 * What a new user tripped over (issue 13), each in the browser against the real server:
 * the 401 notice stays readable until the reload; choosing an organisation of the super tenant
 * stores it and narrows the list; detail views are description lists; 全屏 fills the viewport;
 * the login font, menu icons, the logo title and the top menu fit; 我的消息 follows the bell's
 * 全部已读 and a relation select asks its options once; the priority names agree everywhere; and
 * every form puts its labels above the fields.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readModule } from './form.js';
import { ROOT, USERS, login, resourceTable, tableRows, waitForList } from './harness.js';
import { useE2E, type Session } from './lifecycle.js';
import { api, apiLogin, publishAnnouncement } from './restart.js';

const e2e = useE2E({ seedRows: 12 });
/** Not these features': the header logo of the global config may be missing in the test data. */
const KNOWN = [/\/sys\/common\/static\//];
const PLATFORM = 1000;
const DOCTOR = readModule('hisDoctor');
const LOG = readModule('sysLog');
const ROLE = readModule('sysRole');
const PRIORITY_NAMES = { L: '一般消息', M: '重要消息', H: '紧急消息' } as const;

let db: BetterSqlite3.Database;
beforeAll(() => {
  db = new BetterSqlite3(join(e2e.server.dataDir, 'hospital.db'), { readonly: true });
});
afterAll(() => db?.close());

const stored = (page: Page, key: string) =>
  page.evaluate((k) => {
    const raw = localStorage.getItem(`pro__${k}`);
    return raw === null ? null : (JSON.parse(raw) as { value: unknown }).value;
  }, key);

const openForm = (page: Page) => page.locator('[data-testid="resource-form"]').filter({ visible: true }).first();

async function adminSession(): Promise<Session> {
  const s = await e2e.newSession();
  await login(s.page, e2e.url, USERS.admin.username, USERS.admin.password);
  return s;
}

async function openList(page: Page, path: string): Promise<void> {
  await page.goto(`${e2e.url}${path}`);
  await waitForList(page);
}

describe('1. the 401 notice', () => {
  it('系统提示 / 未授权，请重新登录 shows over the console, then the page reloads onto the login', async () => {
    const s = await adminSession();
    const { page } = s;
    await openList(page, DOCTOR.menu!.path);
    const token = (await stored(page, 'Access-Token')) as string;
    expect((await api(e2e.url, '/sys/logout', { method: 'POST', body: {}, token })).success).toBe(true);
    const reloaded = page.waitForEvent('load', { timeout: 20_000 });
    reloaded.catch(() => undefined);
    await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).first().click();
    const note = page.locator('.ant-notification-notice').filter({ hasText: '系统提示' });
    await note.getByText('未授权，请重新登录', { exact: true }).waitFor({ state: 'visible' });
    // the console is still there under the notice: nothing unmounted it before it could be read
    expect(await page.getByTestId('app-shell').isVisible()).toBe(true);
    await reloaded;
    await page.waitForURL((u) => u.pathname === '/user/login');
    await page.getByPlaceholder('请输入用户名').waitFor();
    expect(await stored(page, 'Access-Token')).toBeNull();
    s.errors.assertClean([...KNOWN, /status of 401/]);
  });
});

describe('2. organisation selection', () => {
  it('choosing a hospital of the super tenant stores tenant and organisation, and the list shows only its rows', async () => {
    const hospitals = db
      .prepare(`select h.id, h.name, (select count(*) from his_doctor d where d.tenant_id = h.tenant_id and d.hospital_id = h.id) n
                from his_hospital h where h.tenant_id = ? order by n desc, h.id`)
      .all(PLATFORM) as Array<{ id: string; name: string; n: number }>;
    const all = (db.prepare('select count(*) n from his_doctor where tenant_id = ?').get(PLATFORM) as { n: number }).n;
    const chosen = hospitals.find((h) => h.n > 0 && h.n < all)!;
    expect(chosen).toBeTruthy();

    const s = await adminSession();
    const { page } = s;
    await page.getByTestId('org-switch').getByRole('button', { name: '切换' }).click();
    const picker = page.locator('.ant-modal').filter({ hasText: '选择机构' });
    await picker.getByTestId('org-search').fill(chosen.name);
    await picker.getByRole('button', { name: /查\s*询/ }).click();
    const row = picker.locator('tbody tr.ant-table-row').filter({ hasText: chosen.name }).filter({ hasText: String(PLATFORM) }).first();
    await row.click();
    const reloaded = page.waitForEvent('load');
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await reloaded;
    expect(String(await stored(page, 'TENANT_ID'))).toBe(String(PLATFORM));
    expect(String(await stored(page, 'ORG_ID'))).toBe(String(chosen.id));
    await expect.poll(() => page.getByTestId('org-current').innerText()).toBe(chosen.name);

    await openList(page, DOCTOR.menu!.path);
    await expect.poll(() => tableRows(page).count()).toBe(Math.min(chosen.n, 10));
    const hospitalColumn = DOCTOR.fields.find((f) => f.key === 'hospitalId')!.title;
    const headers = await resourceTable(page).locator('thead th').allInnerTexts();
    const col = headers.findIndex((h) => h.trim() === hospitalColumn);
    expect(col).toBeGreaterThanOrEqual(0);
    for (const r of await tableRows(page).all()) expect(await r.locator('td').nth(col).innerText()).toBe(chosen.name);
    s.errors.assertClean(KNOWN);
  });
});

describe('3. detail views', () => {
  it('a detail is a description list with 关闭 and 编辑, empty values shown as -', async () => {
    const s = await adminSession();
    const { page } = s;
    await openList(page, DOCTOR.menu!.path);
    await tableRows(page).first().getByText('详情', { exact: true }).click();
    const drawer = openForm(page);
    await drawer.getByTestId('resource-detail').waitFor();
    await expect.poll(() => drawer.locator('.ant-descriptions-item-label').count()).toBeGreaterThan(3);
    expect(await drawer.locator('input, textarea, .ant-select').count()).toBe(0);
    const text = await drawer.innerText();
    expect(text).not.toContain('N/A');
    expect(text).not.toMatch(/请(先)?(选择|输入)/);
    expect(await drawer.getByRole('button', { name: /确\s*定/ }).count()).toBe(0);
    expect(await drawer.getByRole('button', { name: /取\s*消/ }).count()).toBe(0);
    // an empty value reads '-'
    const values = await drawer.locator('.ant-descriptions-item-content').allInnerTexts();
    expect(values.every((v) => v.trim() !== '')).toBe(true);
    await drawer.getByRole('button', { name: /编\s*辑/ }).click();
    await expect.poll(() => openForm(page).innerText()).toContain(`编辑${DOCTOR.entity}`);
    await openForm(page).locator('input').first().waitFor();
    await openForm(page).getByRole('button', { name: /取\s*消/ }).click();
    await expect.poll(() => openForm(page).count()).toBe(0);
    s.errors.assertClean(KNOWN);
  });

  it('a record nobody edits: 关闭 only; an empty value shows -', async () => {
    const s = await adminSession();
    const { page } = s;
    await openList(page, LOG.menu!.path);
    await tableRows(page).first().getByText('详情', { exact: true }).click();
    const drawer = openForm(page);
    await drawer.getByTestId('resource-detail').waitFor();
    const footer = drawer.locator('.ant-drawer-footer, .ant-modal-footer').first();
    await footer.getByRole('button', { name: /关\s*闭/ }).waitFor();
    expect(await footer.getByRole('button', { name: /编\s*辑/ }).count()).toBe(0);
    const values = await drawer.locator('.ant-descriptions-item-content').allInnerTexts();
    expect(values).toContain('-');
    expect(values.join('\n')).not.toContain('N/A');
    await footer.getByRole('button', { name: /关\s*闭/ }).click();
    await expect.poll(() => openForm(page).count()).toBe(0);
    s.errors.assertClean(KNOWN);
  });
});

describe('4, 6a, 7. notices', () => {
  let s: Session;
  const title = '全屏与优先级核对通知';
  it('the announcement modal 全屏 fills the viewport', async () => {
    const token = await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password);
    await publishAnnouncement(e2e.url, token, PLATFORM, { title, msgContent: '<p>全屏内容</p>', priority: 'H' });
    s = await adminSession();
    const { page } = s;
    await page.goto(`${e2e.url}/isps/userAnnouncement`);
    const row = page.locator('tbody tr.ant-table-row').filter({ hasText: title }).first();
    await row.getByText('查看', { exact: true }).click();
    const modal = page.locator('.ant-modal').filter({ hasText: '通知消息' });
    await modal.getByTestId('announcement-content').getByText('全屏内容').waitFor();
    await modal.getByTestId('announcement-fullscreen').click();
    const vp = page.viewportSize()!;
    await expect.poll(async () => {
      const b = await modal.locator('.ant-modal-content').boundingBox();
      return b && [Math.round(b.x), Math.round(b.y), Math.round(b.width), Math.round(b.height)];
    }).toEqual([0, 0, vp.width, vp.height]);
    await modal.getByRole('button', { name: /关\s*闭/ }).click();
    s.errors.assertClean(KNOWN);
  });

  it('the priority names are the spec\'s, the same in 系统通告, 我的消息 and the bell', async () => {
    const { page } = s;
    // 我的消息
    const mine = page.locator('tbody tr.ant-table-row').filter({ hasText: title }).first();
    await expect.poll(() => mine.getByTestId('priority-tag').innerText()).toBe(PRIORITY_NAMES.H);
    // the bell
    const token = await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password);
    await publishAnnouncement(e2e.url, token, PLATFORM, { title: '一般优先级通知', msgContent: '<p>一般</p>', priority: 'L' });
    await page.reload();
    await page.getByTestId('notice-bell').click();
    const bellItem = page.locator('.ant-popover .ant-list-item').filter({ hasText: '一般优先级通知' }).first();
    await expect.poll(() => bellItem.getByTestId('priority-tag').innerText()).toBe(PRIORITY_NAMES.L);
    await page.keyboard.press('Escape');
    // 系统通告, the generic list
    await openList(page, readModule('sysAnnouncement').menu!.path);
    const listed = tableRows(page).filter({ hasText: title }).first();
    await expect.poll(() => listed.innerText()).toContain(PRIORITY_NAMES.H);
    const all = (await tableRows(page).allInnerTexts()).join('\n');
    expect(all).not.toMatch(/\t(低|中|高)\t/);
    s.errors.assertClean(KNOWN);
  });

  it('全部已读 in the bell refreshes 我的消息', async () => {
    const { page } = s;
    await page.goto(`${e2e.url}/isps/userAnnouncement`);
    const rows = page.locator('tbody tr.ant-table-row');
    await rows.filter({ hasText: '未读' }).first().waitFor();
    const reread = page.waitForRequest((r) => r.url().includes('/sysAnnouncementSend/getMyAnnouncementSend'));
    await page.getByTestId('notice-bell').click();
    await page.locator('.ant-popover').getByText('全部已读', { exact: true }).click();
    await reread;
    await expect.poll(() => rows.filter({ hasText: '未读' }).count()).toBe(0);
    expect(await rows.filter({ hasText: '已读' }).count()).toBeGreaterThan(0);
    s.errors.assertClean(KNOWN);
  });
});

describe('5. fonts, icons, logo and the top menu', () => {
  it('the login page uses the sans-serif stack, never Times New Roman', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    await page.goto(`${e2e.url}/user/login`);
    await page.getByPlaceholder('请输入用户名').waitFor();
    for (const sel of ['footer', 'body']) {
      const ff = await page.locator(sel).first().evaluate((e) => getComputedStyle(e).fontFamily);
      expect(ff).not.toMatch(/^"?Times/);
      expect(ff).toContain('sans-serif');
    }
    s.errors.assertClean(KNOWN);
  });

  it('every menu group (系统设置 too) draws its icon; the logo title is whole at 200 px', async () => {
    const s = await adminSession();
    const { page } = s;
    const groups = page.getByTestId('side-menu').locator(':scope > .ant-menu-submenu > .ant-menu-submenu-title');
    await expect.poll(() => groups.count(), { timeout: 15_000 }).toBeGreaterThan(5);
    for (const g of await groups.all()) {
      const box = await g.locator('.anticon svg').first().boundingBox();
      expect(box && box.width > 0 && box.height > 0, await g.innerText()).toBe(true);
    }
    await page.getByTestId('side-menu').getByText('系统设置', { exact: true }).waitFor();
    const title = page.getByTestId('shell-logo-title');
    expect(await title.innerText()).toBe('互联网医院后台管理');
    const fits = await title.evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight);
    expect(fits).toBe(true);
    const logo = await page.getByTestId('shell-logo').boundingBox();
    expect(logo!.width).toBeLessThanOrEqual(200);
    s.errors.assertClean(KNOWN);
  });

  it('in top-menu mode at 1440 px every group is on the header, none behind ···', async () => {
    const s = await adminSession();
    const { page } = s;
    // the groups this user has, as the side menu lists them
    const roots = page.getByTestId('side-menu').locator(':scope > li.ant-menu-submenu > .ant-menu-submenu-title .ant-menu-title-content');
    await expect.poll(() => roots.count(), { timeout: 15_000 }).toBeGreaterThan(10);
    const titles = (await roots.allInnerTexts()).map((t) => t.trim());
    await page.evaluate(() => localStorage.setItem('pro__DEFAULT_LAYOUT_MODE', JSON.stringify({ value: 'topmenu', expire: null })));
    await page.reload();
    const top = page.getByTestId('top-menu');
    await top.waitFor();
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    const groups = (JSON.parse(readFileSync(join(ROOT, 'schemas/menu-groups.json'), 'utf8')) as { groups: Array<{ title: string }> }).groups.map((g) => g.title);
    expect(titles).toContain('系统设置');
    expect(titles.every((t) => groups.includes(t))).toBe(true);
    for (const t of titles) {
      const item = top.getByText(t, { exact: true }).filter({ visible: true }).first();
      await item.waitFor({ state: 'visible' });
      const b = (await item.boundingBox())!;
      expect(b.x + b.width, t).toBeLessThanOrEqual(1440);
    }
    expect(await top.locator('.ant-menu-overflow-item-rest').filter({ visible: true }).count()).toBe(0);
    s.errors.assertClean(KNOWN);
  });
});

describe('6b. relation options', () => {
  it('opening a form asks each relation\'s options once, never aborting a first request', async () => {
    const s = await adminSession();
    const { page } = s;
    await openList(page, DOCTOR.menu!.path);
    // the search form (its own 所属医院 options) hydrates after the first rows: let it settle first
    await page.locator('.resource-search form').first().waitFor();
    await page.waitForLoadState('networkidle');
    const asked: string[] = [];
    const failed: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/sys/ref/options') && !r.url().includes('ids=')) asked.push(new URL(r.url()).searchParams.get('field') ?? '');
    });
    page.on('requestfailed', (r) => {
      if (r.url().includes('/sys/ref/options')) failed.push(r.url());
    });
    await resourceTable(page).getByRole('button', { name: /新\s*增/ }).first().click();
    const form = openForm(page);
    const hospital = DOCTOR.fields.find((f) => f.key === 'hospitalId')!;
    const item = form.locator('.ant-formily-item').filter({ hasText: hospital.title }).first();
    await item.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
    expect(asked.filter((f) => f === 'hospitalId')).toHaveLength(1);
    expect(failed).toEqual([]);
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: /取\s*消/ }).click();
    s.errors.assertClean(KNOWN);
  });
});

describe('8. one label layout', () => {
  /** Each label sits above its control (all measured in one frame: a modal may still be zooming in). */
  async function labelsAbove(items: Locator, label: string, control: string): Promise<number> {
    const boxes = await items.evaluateAll((els, [l, c]) => els.map((e) => {
      const lb = e.querySelector(l!)?.getBoundingClientRect();
      const cb = e.querySelector(c!)?.getBoundingClientRect();
      return lb && cb && lb.height > 0 ? { text: (e as HTMLElement).innerText, labelMiddle: lb.top + lb.height / 2, controlTop: cb.top } : null;
    }), [label, control]);
    const measured = boxes.filter((b): b is NonNullable<typeof b> => b !== null);
    for (const b of measured) expect(b.labelMiddle, b.text).toBeLessThanOrEqual(b.controlTop);
    return measured.length;
  }

  it('the engine forms of one and two columns and the hand-written dialogs all put labels above', async () => {
    const s = await adminSession();
    const { page } = s;
    for (const m of [ROLE, DOCTOR]) {
      await openList(page, m.menu!.path);
      await resourceTable(page).getByRole('button', { name: /新\s*增/ }).first().click();
      const form = page.locator('.ant-modal-content, .ant-drawer-content').filter({ hasText: `新增${m.entity}` }).first();
      await form.locator('.ant-formily-item').first().waitFor();
      expect(await labelsAbove(form.locator('.ant-formily-item'), '.ant-formily-item-label', '.ant-formily-item-control')).toBeGreaterThan(1);
      await form.getByRole('button', { name: /取\s*消/ }).click();
      await expect.poll(() => form.isVisible()).toBe(false);
    }
    // the hand-written change-password dialog
    await page.getByTestId('header-user').hover();
    await page.getByText('修改密码', { exact: true }).click();
    const pwd = page.getByTestId('change-password-form');
    await pwd.waitFor();
    expect(await labelsAbove(pwd.locator('.ant-form-item'), '.ant-form-item-label', '.ant-form-item-control')).toBe(3);
    s.errors.assertClean(KNOWN);
  });
});
