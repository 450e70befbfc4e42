/**
 * A list's table mounts without rc-table's scroll-bar measure (engine/ListTable.tsx): the
 * measure forced a style recalculation and a layout of the whole page on every table mount,
 * for a fixed header the lists do not have. The rows and the fixed action column still show.
 * Its column-measuring row (offsets of fixed columns) comes only after the rows have painted,
 * behind a still row of the same markup: the columns do not move when it comes, and the fixed
 * columns then hold their places while the table scrolls sideways.
 * A menu click sends the list's first calls from the click itself, on the first click of a
 * session opened on the dashboard too. A menu group opens at once (no collapse motion) and
 * loads its own modules' schemas as it opens; no other module's schema is fetched. The group a
 * page opens in loads its modules only when the pointer reaches the menu: a page whose menu is
 * not used keeps no other module's schema.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, USERS, login, menuItem, revealMenuItem, tableRows, waitForList } from './harness.js';
import { useE2E } from './lifecycle.js';

const e2e = useE2E({ seedRows: 12 });
/** Not this feature's: the header logo of the global config may be missing in the test data. */
const LOGO = /\/sys\/common\/static\//;

describe('list table mount', () => {
  it('a list page (fixed columns included) mounts its table without measuring the scroll bar', async () => {
    const { page, errors } = await e2e.newSession();
    // rc-table's scroll-bar measure inserts an element #rc-scrollbar-measure-* for a moment
    await page.addInitScript(() => {
      const w = window as unknown as { scrollbarMeasures: number };
      w.scrollbarMeasures = 0;
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n instanceof Element && n.id.startsWith('rc-scrollbar-measure')) w.scrollbarMeasures++;
      }).observe(document, { childList: true, subtree: true });
    });
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    for (const path of ['/app/doctor', '/app/hospital']) {
      await page.goto(`${e2e.url}${path}`);
      await waitForList(page);
      await expect.poll(() => tableRows(page).count()).toBeGreaterThan(0);
      expect(await page.locator('[data-testid="resource-table"] .ant-table-cell-fix-right').first().isVisible(), path).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { scrollbarMeasures: number }).scrollbarMeasures), path).toBe(0);
    }
    errors.assertClean([LOGO]);
  });

  it('fixed columns keep their widths when the measuring row comes, and their places on a sideways scroll', async () => {
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await page.goto(`${e2e.url}/app/hospital`);
    await waitForList(page);
    await tableRows(page).first().waitFor();
    const heads = page.locator('[data-testid="resource-table"] thead th');
    const widths = () => heads.evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().width)));
    const atFirstRows = await widths();
    // 医院管理: the selection column and 医院名称 are fixed left; 医院名称's offset is the selection column's measured width
    const name = page.locator('[data-testid="resource-table"] thead th.ant-table-cell-fix-left').nth(1);
    await expect.poll(() => name.evaluate((th) => (th as HTMLElement).style.left)).toBe(`${atFirstRows[0]}px`);
    expect(await widths()).toEqual(atFirstRows);
    await page.locator('[data-testid="resource-table"] .ant-table-content').evaluate((el) => { el.scrollLeft = 400; });
    const select = page.locator('[data-testid="resource-table"] thead th.ant-table-cell-fix-left').first();
    await expect.poll(async () => Math.round((await name.boundingBox())!.x - (await select.boundingBox())!.x)).toBe(atFirstRows[0]);
    errors.assertClean([LOGO]);
  });

  it("a session's first menu click, from the dashboard: the group's dictionaries leave as it opens, the list call before the click is done, and nothing else", async () => {
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    // every fetch, and whether the press's click was over (the bubbling listener on window runs
    // last: microtasks before it count as inside); each press starts a new click
    await page.addInitScript(() => {
      const w = window as unknown as { clicked: boolean; sent: Array<{ path: string; beforeClickEnd: boolean }> };
      w.clicked = false;
      w.sent = [];
      addEventListener('pointerdown', () => { w.clicked = false; }, true);
      addEventListener('click', () => { w.clicked = true; });
      const f = window.fetch.bind(window);
      window.fetch = (input, init) => {
        w.sent.push({ path: new URL(input instanceof Request ? input.url : String(input), location.href).pathname, beforeClickEnd: !w.clicked });
        return f(input, init);
      };
    });
    await page.goto(`${e2e.url}/dashboard/analysis`);
    const sentNow = () => page.evaluate(() => (window as unknown as { sent: Array<{ path: string; beforeClickEnd: boolean }> }).sent);
    const dicts = (list: Array<{ path: string }>) => list.filter((s) => s.path.endsWith('/sys/dict/getDictItemsBatch'));
    const leaf = await revealMenuItem(page, '医护管理', '医生管理');
    // the group opening asked its modules' dictionaries, in one call
    await expect.poll(async () => dicts(await sentNow()).length).toBe(1);
    const beforeClick = (await sentNow()).length;
    await leaf.click();
    await waitForList(page);
    const sent = (await sentNow()).slice(beforeClick);
    const first = (suffix: string) => sent.find((s) => s.path.endsWith(suffix));
    expect(first('/hisDoctor/list')).toEqual({ path: '/hospital/hisDoctor/list', beforeClickEnd: true });
    expect(dicts(sent)).toEqual([]);
    expect(sent.filter((s) => s.path.endsWith('/hisDoctor/list'))).toHaveLength(1);
    errors.assertClean([LOGO]);
  });

  it('a mouse press on a menu entry sends its list call while the button is down; the release opens the page on that answer', async () => {
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await page.goto(`${e2e.url}/dashboard/analysis`);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/hisHospital/list')) calls.push(r.url());
    });
    const leaf = await revealMenuItem(page, '机构管理', '医院管理');
    const box = (await leaf.boundingBox())!;
    const sentOnPress = page.waitForRequest((r) => new URL(r.url()).pathname.endsWith('/hisHospital/list'));
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await sentOnPress;
    // nothing opened yet: the press only asked
    expect(new URL(page.url()).pathname).toBe('/dashboard/analysis');
    await page.mouse.up();
    await page.waitForURL((u) => u.pathname !== '/dashboard/analysis');
    await waitForList(page);
    expect(await tableRows(page).count()).toBeGreaterThan(0);
    expect(calls).toHaveLength(1);
    errors.assertClean([LOGO]);
  });

  /** Menu modules by their menu group, from schemas/modules. */
  function menuGroups(): Map<string, string> {
    const groupOf = new Map<string, string>();
    for (const f of readdirSync(join(ROOT, 'schemas/modules'))) {
      const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/modules', f), 'utf8')) as { name: string; menu?: { group: string } };
      if (schema.menu) groupOf.set(schema.name, schema.menu.group);
    }
    return groupOf;
  }

  /** Records the names of the module schema chunks the page fetches, in order. */
  function schemaRequests(page: import('playwright-core').Page, groupOf: Map<string, string>): string[] {
    const schemas: string[] = [];
    page.on('request', (r) => {
      const m = /^\/assets\/([A-Za-z0-9]+)-[\w-]{8}\.js$/.exec(new URL(r.url()).pathname);
      if (m && groupOf.has(m[1]!)) schemas.push(m[1]!);
    });
    return schemas;
  }

  /** An administrator's session, recording the schema chunks it fetches from now on. */
  async function watchingSchemas() {
    const groupOf = menuGroups();
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    return { page, errors, groupOf, schemas: schemaRequests(page, groupOf) };
  }
  const modulesOf = (groupOf: Map<string, string>, group: string) => [...groupOf].filter(([, g]) => g === group).map(([n]) => n).sort();

  it('a menu group opens at once and loads its modules\' schemas as it opens, and no other group\'s', async () => {
    const { page, errors, groupOf, schemas } = await watchingSchemas();
    await page.goto(`${e2e.url}/dashboard/analysis`);
    await page.locator('[data-testid="side-menu"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(schemas).toEqual([]);

    await menuItem(page, '医护管理').click();
    // at once: in the click's next frame the entries stand at full height, no motion running
    const sub = await menuItem(page, '医生管理').evaluate((el) => ({
      motion: /motion/.test(el.closest('.ant-menu-sub')?.className ?? ''),
      height: Math.round(el.getBoundingClientRect().height),
    }));
    expect(sub.motion).toBe(false);
    expect(sub.height).toBeGreaterThan(30);
    const group = modulesOf(groupOf, '医护管理');
    await expect.poll(() => [...new Set(schemas)].sort()).toEqual(group);

    // the click asks for no schema: the list's rows wait for its list call only
    const before = schemas.length;
    await menuItem(page, '医生管理').click();
    await waitForList(page);
    expect(schemas.length).toBe(before);
    await page.waitForLoadState('networkidle');
    expect(schemas.every((n) => groupOf.get(n) === '医护管理')).toBe(true);
    errors.assertClean([LOGO]);
  });

  it('the group a list page opens in loads its modules when the pointer reaches the menu, not before', async () => {
    const { page, errors, groupOf, schemas } = await watchingSchemas();
    await page.goto(`${e2e.url}/app/doctor`);
    await waitForList(page);
    await page.waitForLoadState('networkidle');
    // idle time after the rows, as an operator reading the list leaves it
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    expect(schemas).toEqual(['hisDoctor']);

    await page.locator('[data-testid="side-menu"]').hover();
    const group = modulesOf(groupOf, '医护管理');
    await expect.poll(() => [...new Set(schemas)].sort()).toEqual(group);
    // a sibling's click then asks for no schema
    const before = schemas.length;
    const sibling = page.locator('[data-testid="side-menu"] .ant-menu-sub .ant-menu-item').filter({ hasNotText: '医生管理' }).first();
    await sibling.click();
    await waitForList(page);
    expect(schemas.length).toBe(before);
    errors.assertClean([LOGO]);
  });

  it('the side menu answers the keyboard: arrows move between entries, Enter opens a group and then a page', async () => {
    const { page, errors } = await e2e.newSession();
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await page.goto(`${e2e.url}/dashboard/analysis`);
    const side = page.locator('[data-testid="side-menu"]');
    await side.waitFor();
    // the pointer crossed the menu first: the keyboard does not depend on it
    await menuItem(page, '首页').hover();
    await page.mouse.move(1000, 500);
    const focusedText = () => page.evaluate(() => document.activeElement?.closest('li, [role="menuitem"]')?.textContent?.trim() ?? '');
    await side.focus();
    // rc-menu moves the focus in the frame after the key (its active entry at once): each step
    // waits for the focus to arrive before the next key, as a person reads where it went
    let seen = '';
    for (let i = 0; i < 40 && !/医护管理$/.test(seen); i++) {
      const before = seen;
      await page.keyboard.press('ArrowDown');
      await expect.poll(focusedText).not.toBe(before);
      seen = await focusedText();
    }
    expect(seen).toMatch(/医护管理$/);
    await page.keyboard.press('Enter');
    await menuItem(page, '医生管理').waitFor({ state: 'visible' });
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedText).toMatch(/医生管理$/);
    await page.keyboard.press('Enter');
    await waitForList(page);
    expect(new URL(page.url()).pathname).toBe('/app/doctor');
    await expect.poll(() => side.locator('.ant-menu-item-selected').innerText()).toMatch(/医生管理$/);
    errors.assertClean([LOGO]);
  });
});
