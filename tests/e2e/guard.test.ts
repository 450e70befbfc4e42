/**
 * Route guard, static / public routes, titles and button permissions in Chromium against
 * the real server (seed §2 "Route guard", "Static routes", "Public routes", §6 button rule,
 * §8 global config failure on the login layout; texts from spec/messages.md).
 *
 * The console is the built one (dist/client). GUARD_STATIC_DIR points the server at another
 * build (e.g. `npx vite build --outDir /tmp/guard-dist` while others rebuild dist/client).
 */
import type { Page, Request, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readModule } from './form.js';
import { USERS, login, menuItem, resourceTable, tableRows, waitForList } from './harness.js';
import { useE2E, type Session } from './lifecycle.js';
import { api, apiLogin } from './restart.js';

const e2e = useE2E({
  seedRows: 25,
  ...(process.env.GUARD_STATIC_DIR ? { env: { STATIC_DIR: process.env.GUARD_STATIC_DIR } } : {}),
});

const DEFAULT_TITLE = '互联网医院后台管理';
const HOME = '/dashboard/analysis';
const WORKPLACE = '/dashboard/workplace';
const DOCTOR = (() => {
  const s = readModule('hisDoctor');
  return { title: s.title, group: s.menu?.group ?? '医护管理', path: s.menu?.path ?? '/app/doctor' };
})();
const DEEP = `${DOCTOR.path}?pageNo=2`;
const PERMISSION_CALL = '/sys/permission/getUserPermissionByToken';

/** The login layout asks for the seeded orgLogo through the static prefix, which 404s (not the guard's). */
const LOGO = /\/sys\/common\/static\//;
/** Chromium logs every failed fetch as a console error. */
const FAILED_401 = /status of 401/;

const pathAndSearch = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

/** Records every same-document navigation (history push/replace) of the page, from its first script. */
async function recordHistory(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __navs: string[] };
    w.__navs = [location.pathname + location.search];
    for (const k of ['pushState', 'replaceState'] as const) {
      const orig = history[k].bind(history);
      history[k] = (data: unknown, unused: string, url?: string | URL | null) => {
        orig(data, unused, url);
        w.__navs.push(location.pathname + location.search);
      };
    }
  });
}
const visited = (page: Page) => page.evaluate(() => (window as unknown as { __navs: string[] }).__navs ?? []);

function loginForm(page: Page) {
  return page.getByPlaceholder('请输入用户名');
}

async function storedToken(page: Page): Promise<unknown> {
  return page.evaluate(() => localStorage.getItem('pro__Access-Token'));
}

/** Puts a token into localStorage the way the console stores it (vue-ls `{value, expire}`). */
async function storeToken(page: Page, token: string): Promise<void> {
  await page.evaluate((t) => {
    localStorage.setItem('pro__Access-Token', JSON.stringify({ value: t, expire: Date.now() + 604800000 }));
  }, token);
}

function isPermissionCall(r: Request): boolean {
  return new URL(r.url()).pathname.endsWith(PERMISSION_CALL);
}

async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  await loginForm(page).fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Opens 医生管理 from the side menu. */
async function openDoctors(page: Page): Promise<void> {
  const group = menuItem(page, DOCTOR.group);
  await group.waitFor({ state: 'visible', timeout: 20_000 });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
  await page.waitForTimeout(400); // submenu motion
  await menuItem(page, DOCTOR.title).click();
  await page.waitForURL((u) => u.pathname === DOCTOR.path);
  await waitForList(page);
}

describe('route guard', () => {
  let admin: Session;

  it('no token: a deep link goes to /user/login?redirect=<full target>, and after login back to it', async () => {
    admin = await e2e.newSession();
    const { page } = admin;
    await page.goto(`${e2e.url}${DEEP}`);
    await page.waitForURL((u) => u.pathname === '/user/login');
    const url = new URL(page.url());
    expect(url.searchParams.get('redirect')).toBe(DEEP);
    expect(decodeURIComponent(url.search.replace(/^\?redirect=/, ''))).toBe(DEEP);
    await loginForm(page).waitFor({ state: 'visible' });
    expect(await storedToken(page)).toBeNull();

    const listCall = page.waitForRequest((r) => r.method() === 'GET' && new URL(r.url()).pathname.endsWith('/list') && r.url().includes('pageNo=2'));
    await fillLogin(page, USERS.admin.username, USERS.admin.password);
    await page.waitForURL((u) => u.pathname === DOCTOR.path, { timeout: 20_000 });
    await listCall;
    await waitForList(page);
    expect(pathAndSearch(page)).toBe(DEEP);
    await expect(resourceTable(page).isVisible()).resolves.toBe(true);
    expect(await tableRows(page).count()).toBeGreaterThan(0);
    await expect(resourceTable(page).locator('.ant-pagination-item-active').innerText()).resolves.toBe('2');
    admin.errors.assertClean([LOGO]);
  });

  it('no token: the first thing drawn is the login form, never 加载中... before it (also from a deep link)', async () => {
    const { page, errors } = await e2e.newSession();
    // what #root holds the first time it holds anything (one React commit)
    await page.addInitScript(() => {
      const w = window as unknown as { firstDrawn?: { form: boolean; loading: boolean } };
      new MutationObserver((_, mo) => {
        const root = document.getElementById('root');
        if (!root || !root.firstElementChild || w.firstDrawn) return;
        w.firstDrawn = { form: !!root.querySelector('input[placeholder="请输入密码"]'), loading: (root.textContent ?? '').includes('加载中') };
        mo.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ['/user/login', DEEP]) {
      await page.goto(`${e2e.url}${path}`);
      await loginForm(page).waitFor({ state: 'visible' });
      expect(await page.evaluate(() => (window as unknown as { firstDrawn?: unknown }).firstDrawn), path).toEqual({ form: true, loading: false });
    }
    errors.assertClean([LOGO]);
  });

  it('token present: /user/login goes to /dashboard/workplace (工作台) and stays there; no login form', async () => {
    const page = await admin.context.newPage();
    await recordHistory(page);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${e2e.url}/user/login`);
    await page.waitForURL((u) => u.pathname === WORKPLACE, { timeout: 20_000 });
    await page.getByTestId('page-title').filter({ hasText: '工作台' }).waitFor();
    await page.getByTestId('dashboard-workplace').waitFor();
    await page.waitForTimeout(500); // nothing moves it on
    expect(pathAndSearch(page)).toBe(WORKPLACE);
    expect(await loginForm(page).count()).toBe(0);
    expect(await page.getByTestId('login-form').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('token present, permission list empty (fresh load): fetches the permissions, builds routes, opens the deep path', async () => {
    const page = await admin.context.newPage();
    const calls: Request[] = [];
    page.on('request', (r) => {
      if (isPermissionCall(r)) calls.push(r);
    });
    const permission = page.waitForResponse((r) => isPermissionCall(r.request()));
    const target = `${DOCTOR.path}?pageNo=3`;
    await page.goto(`${e2e.url}${target}`);
    const res: Response = await permission;
    expect(res.status()).toBe(200);
    await waitForList(page);
    expect(pathAndSearch(page)).toBe(target);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers()['x-access-token']).toBeTruthy();
    await expect(resourceTable(page).locator('.ant-pagination-item-active').innerText()).resolves.toBe('3');
    // the dynamic route really came from the menu: the side menu shows the entry, selected
    // (the menu mounts after the page's rows)
    await expect.poll(() => menuItem(page, DOCTOR.title).isVisible()).toBe(true);
    expect(await loginForm(page).count()).toBe(0);

    // ...or to the redirect query when one is given
    const other = await admin.context.newPage();
    await other.goto(`${e2e.url}${HOME}?redirect=${encodeURIComponent(DEEP)}`);
    await other.waitForURL((u) => u.pathname === DOCTOR.path, { timeout: 20_000 });
    await waitForList(other);
    expect(pathAndSearch(other)).toBe(DEEP);
    await other.close();
    await page.close();
  });

  it('token present, the permission answer in before the first render: the redirect query is still followed, with one permission call', async () => {
    const page = await admin.context.newPage();
    const calls: Request[] = [];
    page.on('request', (r) => {
      if (isPermissionCall(r)) calls.push(r);
    });
    // the first render waits for the early-start chunk: hold it until the answer is in
    const answered = page.waitForResponse((r) => isPermissionCall(r.request()));
    await page.route(/\/assets\/earlyStart-[^/]*\.js$/, async (route) => {
      await answered;
      await route.continue();
    });
    await page.goto(`${e2e.url}${HOME}?redirect=${encodeURIComponent(DEEP)}`);
    expect((await answered).status()).toBe(200);
    await page.waitForURL((u) => u.pathname === DOCTOR.path, { timeout: 20_000 });
    await waitForList(page);
    expect(pathAndSearch(page)).toBe(DEEP);
    expect(calls).toHaveLength(1);
    await page.close();
  });

  it('a revoked token: the permission fetch fails (401), the app logs out and lands on /user/login?redirect=<target>', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    // a real token, revoked on the server
    const revoked = await apiLogin(e2e.url, USERS.admin.username, USERS.admin.password);
    const out = await api(e2e.url, '/sys/logout', { method: 'POST', body: {}, token: revoked });
    expect(out.success).toBe(true);

    await page.goto(`${e2e.url}/download`);
    await storeToken(page, revoked);
    const permission = page.waitForResponse((r) => isPermissionCall(r.request()));
    await page.goto(`${e2e.url}${DEEP}`);
    expect((await permission).status()).toBe(401);
    // §8 401 feedback
    const note = page.locator('.ant-notification-notice').filter({ hasText: '系统提示' });
    await note.getByText('未授权，请重新登录', { exact: true }).waitFor({ state: 'visible' });
    // guard: logout + login with the redirect
    await page.waitForURL((u) => u.pathname === '/user/login', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(DEEP);
    expect(await storedToken(page)).toBeNull();
    // the 401 rule reloads after 1.5 s: the app settles on the same login URL
    await page.waitForTimeout(2500);
    await loginForm(page).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/user/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(DEEP);
    expect(await storedToken(page)).toBeNull();

    // and logging in goes to the target
    await fillLogin(page, USERS.admin.username, USERS.admin.password);
    await page.waitForURL((u) => u.pathname === DOCTOR.path, { timeout: 20_000 });
    await waitForList(page);
    expect(pathAndSearch(page)).toBe(DEEP);
    s.errors.assertClean([LOGO, FAILED_401]);
  });

  it('a garbage token: same outcome (401, logged out, /user/login?redirect=<target>)', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    await page.goto(`${e2e.url}/agreement`);
    await storeToken(page, 'not-a-real-token-0123456789');
    const permission = page.waitForResponse((r) => isPermissionCall(r.request()));
    const target = '/dashboard/analysis?from=guard';
    await page.goto(`${e2e.url}${target}`);
    expect((await permission).status()).toBe(401);
    await page.waitForURL((u) => u.pathname === '/user/login', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(target);
    expect(await storedToken(page)).toBeNull();
    await page.waitForTimeout(2500);
    await loginForm(page).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/user/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(target);
    expect(await storedToken(page)).toBeNull();
    s.errors.assertClean([LOGO, FAILED_401]);
  });
});

describe('public and static routes', () => {
  const PUBLIC = ['/user/register', '/user/register-result', '/user/alteration', '/download', '/download/file', '/agreement', '/OrderTreatProcess', '/orderTreatProcess'];

  it('public routes render without a token and do not redirect to login', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    for (const path of PUBLIC) {
      await page.goto(`${e2e.url}${path}`);
      await page.locator('h2, form').first().waitFor({ state: 'visible' });
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname, path).toBe(path);
      expect(await loginForm(page).count(), path).toBe(0);
      await expect.poll(() => page.title(), { message: path }).toMatch(new RegExp(` - ${DEFAULT_TITLE}$`));
    }
    expect(await storedToken(page)).toBeNull();
    s.errors.assertClean([LOGO]);
  });

  it('/user redirects to /user/login (no token)', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    await page.goto(`${e2e.url}/user`);
    await page.waitForURL((u) => u.pathname === '/user/login');
    await loginForm(page).waitFor({ state: 'visible' });
    s.errors.assertClean([LOGO]);
  });

  it('logged in: /, an unknown path and /404 redirect to /dashboard/analysis', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    for (const path of ['/', '/no/such/page-xyz', '/404']) {
      await page.goto(`${e2e.url}${path}`);
      await page.waitForURL((u) => u.pathname === HOME, { timeout: 20_000 });
      await page.getByTestId('page-title').filter({ hasText: '首页' }).waitFor();
      expect(pathAndSearch(page), path).toBe(HOME);
    }
    s.errors.assertClean([LOGO]);
  });
});

describe('titles, footer, global config', () => {
  it('browser titles: login, home, 医生管理; the home tab is 首页 and the footer shows the ICP number', async () => {
    const cfg = await api<{ icpNumber?: string; orgName?: string }>(e2e.url, '/config/globalConfig');
    expect(cfg.success).toBe(true);
    const icp = cfg.result?.icpNumber;
    expect(icp, 'globalConfig.icpNumber').toBeTruthy();

    const s = await e2e.newSession();
    const { page } = s;
    await page.goto(`${e2e.url}/user/login`);
    await loginForm(page).waitFor();
    await expect.poll(() => page.title()).toBe(`登录 - ${DEFAULT_TITLE}`);
    // the login layout's footer shows it too
    await expect(page.getByTestId('login-icp').innerText()).resolves.toBe(icp);

    await fillLogin(page, USERS.admin.username, USERS.admin.password);
    await page.waitForURL((u) => u.pathname === HOME, { timeout: 20_000 });
    await expect.poll(() => page.title()).toBe(`首页 - ${DEFAULT_TITLE}`);
    const firstTab = page.getByTestId('multi-tab').getByRole('tab').first();
    await expect.poll(() => firstTab.innerText().then((t) => t.trim())).toBe('首页');
    await expect(page.getByTestId('footer-icp').innerText()).resolves.toBe(icp);
    await expect(page.getByTestId('global-footer').innerText()).resolves.toContain(icp!);

    await openDoctors(page);
    await expect.poll(() => page.title()).toBe(`${DOCTOR.title} - ${DEFAULT_TITLE}`);
    s.errors.assertClean([LOGO]);
  });

  it('global config failure on the login layout shows 服务器连接失败!', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    let aborted = 0;
    await page.route(
      (u) => u.pathname.endsWith('/hospital/config/globalConfig'),
      (route) => {
        aborted++;
        return route.abort('connectionfailed');
      },
    );
    await page.goto(`${e2e.url}/user/login`);
    await page.getByText('服务器连接失败!', { exact: true }).waitFor({ state: 'visible' });
    expect(aborted).toBeGreaterThan(0);
    // the login form still works around it
    await loginForm(page).waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/user/login');
    s.errors.assertClean([LOGO, /ERR_CONNECTION_FAILED|Failed to load resource|net::ERR/]);
  });
});

describe('button permissions (seed §6)', () => {
  async function actionsSeen(page: Page) {
    const table = resourceTable(page);
    const firstRow = tableRows(page).first();
    return {
      add: await table.getByRole('button', { name: /(^|\s)新增$/ }).count(),
      batch: await page.getByRole('button', { name: /批量删除/ }).count(),
      edit: await tableRows(page).getByText('编辑', { exact: true }).count(),
      del: await tableRows(page).getByText('删除', { exact: true }).count(),
      detail: await firstRow.getByText('详情', { exact: true }).count(),
    };
  }

  let zhuli: Session;
  it('zhuli (医生助理, hisDoctor:list only) sees the doctors but no 新增 / 编辑 / 删除', async () => {
    zhuli = await e2e.newSession();
    const { page } = zhuli;
    await login(page, e2e.url, USERS.zhuli.username, USERS.zhuli.password);
    await openDoctors(page);
    expect(await tableRows(page).count()).toBeGreaterThan(0);
    const seen = await actionsSeen(page);
    expect(seen).toEqual({ add: 0, batch: 0, edit: 0, del: 0, detail: 1 });
  });

  it('zhuli opening 医生管理 sees no 系统提示 / 拒绝访问 (no call the role may not make)', async () => {
    const { page } = zhuli;
    await page.waitForTimeout(1000); // late option loads of the search form
    const denied = page.locator('.ant-notification-notice').filter({ hasText: '拒绝访问' });
    const forbidden = zhuli.errors.errors.filter((e) => /status of 403/.test(e));
    expect({ shown: await denied.count(), forbidden }).toEqual({ shown: 0, forbidden: [] });
    zhuli.errors.assertClean([LOGO]);
  });

  it('admin sees 新增 and the 编辑 / 删除 row actions', async () => {
    const s = await e2e.newSession();
    const { page } = s;
    await login(page, e2e.url, USERS.admin.username, USERS.admin.password);
    await openDoctors(page);
    const rows = await tableRows(page).count();
    expect(rows).toBeGreaterThan(0);
    const seen = await actionsSeen(page);
    expect(seen.add).toBe(1);
    expect(seen.detail).toBe(1);
    expect(seen.edit).toBe(rows);
    expect(seen.del).toBe(rows);
    s.errors.assertClean([LOGO]);
  });
});
