/**
 * The whole menu walked by clicking the side menu, as the platform administrator and as a
 * hospital administrator. The pages expected are derived from the schemas and the role grants
 * (schemas/roles.json): every module page a role may list is in its menu and nothing else is.
 * Each page opens at its path with rows and no browser error; the administrator also opens
 * each add form and a row's detail; every list answer the hospital administrator receives
 * holds only rows of tenant 1001.
 *
 * A page's walk mostly waits on the console itself (a form's open and close motion), not on the
 * machine: several sessions of the same user walk a group's pages side by side, each page
 * still reached by clicking its own session's side menu. The walk only reads (forms are
 * closed unsaved), so the sessions do not change what the others see.
 */
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decryptText, DEFAULT_PROTOCOL_CONFIG } from '../../src/core/protocol/index.js';
import { permissionCode } from '../../src/core/schema/naming.js';
import { roleCodes } from '../../src/core/schema/access-data.js';
import type { ResourceSchema } from '../../src/core/schema/types.js';
import { loadSchemaRoot } from '../../src/server/schemas.js';
import { USERS, dialogSettled, login, menuItem, resourceTable, tableRows, waitForList } from './harness.js';
import { useE2E, type Session } from './lifecycle.js';

const e2e = useE2E({ seedRows: 12 });
const { registry, access } = loadSchemaRoot();
const groupOrder = new Map(access.menuGroups.map((g) => [g.title, g.order]));

/** Module pages a role's menu shows, in menu order (group order, then item order). */
function pagesOf(roleCode: string): ResourceSchema[] {
  const role = access.roles.find((r) => r.code === roleCode)!;
  const codes = roleCodes(role, registry);
  return [...registry.resources.values()]
    .filter((s) => s.menu && (role.grants === '*' || codes.has(permissionCode(s, 'list'))))
    .sort((a, b) => (groupOrder.get(a.menu!.group) ?? 999) - (groupOrder.get(b.menu!.group) ?? 999) || (a.menu!.order ?? 0) - (b.menu!.order ?? 0));
}

const openForm = (page: Page) => page.locator('[data-testid="resource-form"] :is(.ant-modal-content, .ant-drawer-content):visible').first();

async function seeAndClose(page: Page, title: string): Promise<void> {
  await openForm(page).waitFor({ state: 'visible', timeout: 10_000 });
  await expect.poll(() => openForm(page).innerText(), { message: title, timeout: 10_000 }).toContain(title);
  await dialogSettled(openForm(page));
  await openForm(page).locator('.ant-drawer-close, .ant-modal-close').first().click();
  await expect.poll(() => openForm(page).count(), { message: `${title} closes`, timeout: 10_000 }).toBe(0);
}

/** A module whose demo data is declared empty (`demo.rows: 0`, e.g. a run log before any run). */
const startsEmpty = (s: ResourceSchema) => s.demo?.rows === 0 && !s.demo.records;

/**
 * Rows; a module without generated demo rows shows rows the server keeps in its table (tenants)
 * or the list's empty state. Answers whether there are rows.
 */
async function seeRows(page: Page, s: ResourceSchema): Promise<boolean> {
  if (startsEmpty(s)) {
    await expect.poll(async () => (await tableRows(page).count()) > 0 || (await resourceTable(page).innerText()).includes('暂无数据'), { message: `${s.title} shows rows or its empty state`, timeout: 15_000 }).toBe(true);
    return (await tableRows(page).count()) > 0;
  }
  await expect.poll(() => tableRows(page).count(), { message: `${s.title} has rows`, timeout: 15_000 }).toBeGreaterThan(0);
  return true;
}

/** Clicks `group` › `item` in the side menu, opening the group when its items are hidden. */
async function clickMenu(page: Page, s: ResourceSchema): Promise<void> {
  // the side menu keeps one group open: open this item's group when another one is
  const group = menuItem(page, s.menu!.group);
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await expect.poll(() => group.getAttribute('aria-expanded'), { message: `${s.menu!.group} opens`, timeout: 10_000 }).toBe('true');
  const leaf = menuItem(page, s.title);
  await leaf.waitFor({ state: 'visible', timeout: 10_000 });
  await leaf.scrollIntoViewIfNeeded();
  await leaf.click();
  await page.waitForURL((u) => u.pathname === s.menu!.path, { timeout: 10_000 });
  // the page left behind may stay on screen for a moment: wait for this module's list
  await expect.poll(() => resourceTable(page).locator('.resource-table-title').innerText().catch(() => ''), { message: `${s.title} list`, timeout: 15_000 }).toBe(s.title);
  await waitForList(page);
}

/** Titles of the module pages in the side menu, opening each group in turn (one is open at a time). */
async function menuTitles(page: Page, groups: string[]): Promise<string[]> {
  const titles: string[] = [];
  for (const g of groups) {
    const title = menuItem(page, g);
    await title.waitFor({ state: 'visible', timeout: 15_000 });
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    await expect.poll(() => title.getAttribute('aria-expanded'), { message: `${g} opens`, timeout: 10_000 }).toBe('true');
    const submenu = title.locator('xpath=ancestor::li[contains(@class,"ant-menu-submenu")][1]');
    await submenu.locator('.ant-menu-item').first().waitFor({ state: 'visible', timeout: 10_000 });
    titles.push(...await submenu.locator('.ant-menu-item').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim())));
  }
  return titles;
}

/** Sessions walking side by side (the walk reads only; each session has its own menu and tabs). */
const LANES = 2;

/** Logs `LANES` sessions in as `user` through the login page. */
function laneSessions(user: { username: string; password: string }): Promise<Session[]> {
  return Promise.all(Array.from({ length: LANES }, async () => {
    const s = await e2e.newSession();
    await login(s.page, e2e.url, user.username, user.password);
    return s;
  }));
}

/**
 * Walks `pages` with the sessions side by side, each taking the next page when it is done.
 * A failure stops the others taking more pages and names the page; the walk ends when every
 * session has stopped, so nothing of it runs on into the next test.
 */
async function walkInLanes(lanes: Session[], pages: ResourceSchema[], walk: (session: Session, s: ResourceSchema) => Promise<void>): Promise<void> {
  const queue = [...pages];
  let failed = false;
  const results = await Promise.allSettled(lanes.map(async (session) => {
    for (let s = queue.shift(); s && !failed; s = queue.shift()) {
      try {
        await walk(session, s);
      } catch (e) {
        failed = true;
        if (e instanceof Error) e.message = `${s.title} (${s.menu!.path}): ${e.message}`;
        throw e;
      }
    }
  }));
  const error = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (error) throw error.reason;
}

describe('menu walk', () => {
  // one test per menu group: a failure names its group, each group has its own time
  const adminPages = pagesOf('admin');
  const adminGroups = [...new Set(adminPages.map((s) => s.menu!.group))];
  let admins: Session[];

  it('admin: the side menu shows every page of the catalogue', async () => {
    admins = await laneSessions(USERS.admin);
    const shown = await menuTitles(admins[0]!.page, adminGroups);
    expect(adminPages.map((s) => s.title).filter((t) => !shown.includes(t))).toEqual([]);
  }, 300_000);

  it.each(adminGroups)('admin: every page of %s opens from the side menu with rows, its add form and a detail', async (group) => {
    await walkInLanes(admins, adminPages.filter((x) => x.menu!.group === group), async ({ page, errors }, s) => {
      await clickMenu(page, s);
      const rows = await seeRows(page, s);
      const add = resourceTable(page).getByRole('button', { name: /新\s?增/ });
      if (await add.count()) {
        await add.click();
        await seeAndClose(page, `新增${s.entity}`);
      }
      if (rows) {
        await tableRows(page).first().getByText('详情', { exact: true }).click();
        await seeAndClose(page, `${s.entity}详情`);
      }
      errors.assertClean();
    });
  }, 300_000);

  it('hospadmin: exactly the pages granted to 医院管理员, each with rows of tenant 1001 only', async () => {
    const tenants = new Set<string>();
    const lists: string[] = [];
    const sessions = await Promise.all(Array.from({ length: LANES }, async () => {
      const s = await e2e.newSession();
      s.page.on('response', (r: Response) => {
        if (!/\/hospital\/.*\/list(\?|$)/.test(r.url()) || r.status() !== 200) return;
        lists.push(r.url());
        void r.text().then((text) => {
          const body = JSON.parse(text.startsWith('{') ? text : decryptText(text, DEFAULT_PROTOCOL_CONFIG)) as { result?: { records?: Array<{ tenantId?: unknown }> } };
          for (const rec of body.result?.records ?? []) tenants.add(String(rec.tenantId));
        }).catch(() => undefined);
      });
      await login(s.page, e2e.url, USERS.hospadmin.username, USERS.hospadmin.password);
      return s;
    }));
    const pages = pagesOf('hospadmin');
    const all = [...registry.resources.values()].filter((s) => s.menu);
    const shown = await menuTitles(sessions[0]!.page, [...new Set(all.map((s) => s.menu!.group))].filter((g) => pages.some((s) => s.menu!.group === g)));
    const moduleTitles = new Set(all.map((s) => s.title));
    expect(shown.filter((t) => moduleTitles.has(t)).sort()).toEqual(pages.map((s) => s.title).sort());
    await walkInLanes(sessions, pages, async ({ page, errors }, s) => {
      await clickMenu(page, s);
      await seeRows(page, s);
      errors.assertClean();
    });
    expect(lists.length).toBeGreaterThan(0);
    expect([...tenants]).toEqual(['1001']);
  }, 1_500_000);
});
