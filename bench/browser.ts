/**
 * Browser figures against the real server and the built console (Chromium, fresh context
 * per run so the HTTP cache is cold): JS transferred per route, cold list load to rows
 * visible, menu click to rows visible, JS heap on a list page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { gz } from './bundle.js';
import { USERS, login, menuItem, revealMenuItem } from '../tests/e2e/harness.js';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Records, in page time (ms since navigation start), when the first data row of the
 * resource table is painted, and when an armed click happened.
 * Rows that were visible when the probe was armed do not count (the previous module's).
 */
const PROBE = `(() => {
  const b = (window.__bench = { armed: false, clickAt: null, rowsAt: null, pending: false });
  document.addEventListener('click', (e) => {
    if (b.armed) { b.clickAt = e.timeStamp; b.armed = false; }
  }, true);
  const fresh = () => {
    for (const tr of document.querySelectorAll('[data-testid="resource-table"] tbody tr.ant-table-row')) {
      if (!tr.hasAttribute('data-bench-old') && tr.getClientRects().length > 0) return true;
    }
    return false;
  };
  const check = () => {
    if (b.rowsAt !== null || b.pending || !fresh()) return;
    b.pending = true;
    requestAnimationFrame(() => { b.rowsAt = performance.now(); b.pending = false; });
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class', 'hidden'] });
})();`;

declare global {
  interface Window {
    __bench: { armed: boolean; clickAt: number | null; rowsAt: number | null; pending: boolean };
  }
}

export interface JsBytes {
  requests: number;
  decodedBytes: number;
  gzBytes: number;
  /** Bytes on the wire as the server sent them (equal to decoded when it does not compress). */
  wireBytes: number;
}

export interface JsTransfer {
  route: string;
  /** JS fetched until the route was usable (login form shown, menu shown, rows painted). */
  ready: JsBytes;
  /** Everything fetched until the network went idle (adds prefetches). */
  idle: JsBytes;
  encodings: string[];
}

export interface Module {
  name: string;
  group: string;
  title: string;
  path: string;
}

async function newContext(browser: Browser, storage?: StorageState): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', storageState: storage });
  await ctx.addInitScript(PROBE);
  return ctx;
}

export async function loginState(browser: Browser, url: string): Promise<StorageState> {
  const ctx = await newContext(browser);
  const page = await ctx.newPage();
  await login(page, url, USERS.admin.username, USERS.admin.password);
  await page.waitForLoadState('networkidle');
  const state = await ctx.storageState();
  await ctx.close();
  return state;
}

async function rowsPainted(page: Page, timeout = 20_000): Promise<number> {
  await page.waitForFunction(() => window.__bench.rowsAt !== null, undefined, { timeout, polling: 20 });
  return page.evaluate(() => window.__bench.rowsAt!);
}

/** JS a route loads in a fresh context: decoded, gzip (zlib default) of each body, and on the wire. */
export async function jsTransfer(browser: Browser, url: string, route: string, storage?: StorageState): Promise<JsTransfer> {
  const ctx = await newContext(browser, storage);
  const page = await ctx.newPage();
  const pending: Array<Promise<{ url: string; sizes: JsBytes; enc: string } | null>> = [];
  const zero = (): JsBytes => ({ requests: 0, decodedBytes: 0, gzBytes: 0, wireBytes: 0 });
  const t: JsTransfer = { route, ready: zero(), idle: zero(), encodings: [] };
  page.on('response', (res) => {
    const isJs = /javascript/.test(res.headers()['content-type'] ?? '') || /\.m?js(\?|$)/.test(res.url());
    if (!isJs) return;
    pending.push(
      (async () => {
        const body = await res.body().catch(() => null);
        if (!body) return null;
        const sizes = await res.request().sizes().catch(() => null);
        const enc = res.headers()['content-encoding'] ?? 'identity';
        return { url: res.url(), enc, sizes: { requests: 1, decodedBytes: body.length, gzBytes: gz(body), wireBytes: sizes ? sizes.responseBodySize : body.length } };
      })(),
    );
  });
  await page.goto(`${url}${route}`);
  // "until usable" = the files the page asked for before that moment (its rows painted, or the
  // login form or the menu shown), by the page's own clock: the test's polling lags behind the
  // page, and the chunks asked right after would otherwise count as needed for it
  const shownAt = (selector: string) =>
    page.waitForFunction((sel) => (document.querySelector(sel) ? performance.now() : 0), selector, { polling: 'raf', timeout: 20_000 }).then((h) => h.jsonValue());
  const usableAt = route.startsWith('/app/')
    ? await rowsPainted(page)
    : await shownAt(route.startsWith('/user/login') ? 'input[placeholder="请输入用户名"]' : '[role="menuitem"]');
  await page.waitForLoadState('networkidle');
  const askedBefore = new Set(await page.evaluate((at) => performance.getEntriesByType('resource').filter((e) => e.startTime <= at).map((e) => e.name), usableAt));
  for (const r of await Promise.all(pending)) {
    if (!r) continue;
    const add = (b: JsBytes) => {
      b.requests += r.sizes.requests;
      b.decodedBytes += r.sizes.decodedBytes;
      b.gzBytes += r.sizes.gzBytes;
      b.wireBytes += r.sizes.wireBytes;
    };
    add(t.idle);
    if (askedBefore.has(r.url)) add(t.ready);
    if (!t.encodings.includes(r.enc)) t.encodings.push(r.enc);
  }
  await ctx.close();
  return t;
}

/** Navigation start -> first table row painted, logged in (token in localStorage), cold HTTP cache. */
export async function coldListLoad(browser: Browser, url: string, path: string, storage: StorageState): Promise<number> {
  const ctx = await newContext(browser, storage);
  const page = await ctx.newPage();
  await page.goto(`${url}${path}`);
  const t = await rowsPainted(page);
  await ctx.close();
  return t;
}

/** JS heap (MiB) on a list page after it settled: used before and after a forced GC. */
export async function listHeap(browser: Browser, url: string, path: string, storage: StorageState): Promise<{ used: number; afterGc: number }> {
  const ctx = await newContext(browser, storage);
  const page = await ctx.newPage();
  await page.goto(`${url}${path}`);
  await rowsPainted(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 1024 / 1024;
  };
  const used = await metric();
  await cdp.send('HeapProfiler.collectGarbage');
  const afterGc = await metric();
  await ctx.close();
  return { used, afterGc };
}

/** Clicks a side-menu entry and returns click -> first row of the new list painted (ms). */
async function clickToRows(page: Page, m: Module): Promise<number> {
  const leaf = await revealMenuItem(page, m.group, m.title);
  await leaf.waitFor({ state: 'visible' });
  await page.evaluate(() => {
    // Old = visible now. A kept-alive (hidden) page's rows count again once they show.
    for (const tr of document.querySelectorAll('[data-testid="resource-table"] tbody tr.ant-table-row')) {
      if (tr.getClientRects().length > 0) tr.setAttribute('data-bench-old', '1');
      else tr.removeAttribute('data-bench-old');
    }
    Object.assign(window.__bench, { armed: true, clickAt: null, rowsAt: null, pending: false });
  });
  await leaf.click();
  const rowsAt = await rowsPainted(page).catch((e: Error) => {
    throw new Error(`no new rows after clicking ${m.title} (${page.url()}): ${e.message.split('\n')[0]}`);
  });
  const clickAt = await page.evaluate(() => window.__bench.clickAt);
  if (clickAt === null) throw new Error('the menu click was not seen');
  await page.waitForLoadState('networkidle');
  return rowsAt - clickAt;
}

/**
 * One run: log-in state, home page; then menu clicks: A (never opened), B (never opened),
 * A again (opened before), B again (opened before).
 */
export async function menuRun(
  browser: Browser,
  url: string,
  storage: StorageState,
  a: Module,
  b: Module,
): Promise<{ first: number[]; again: number[] }> {
  const ctx = await newContext(browser, storage);
  const page = await ctx.newPage();
  await page.goto(`${url}/dashboard/analysis`);
  await page.waitForLoadState('networkidle');
  await menuItem(page, a.group).waitFor({ state: 'visible' });
  const first = [await clickToRows(page, a), await clickToRows(page, b)];
  const again = [await clickToRows(page, a), await clickToRows(page, b)];
  await ctx.close();
  return { first, again };
}

export interface ChainEntry {
  /** ms since navigation start */
  start: number;
  /** When the request went out on a connection (after any wait for one) and its first byte came back. */
  sent: number;
  firstByte: number;
  end: number;
  kind: 'api' | 'js' | 'css' | 'doc' | 'other';
  path: string;
}

/**
 * The request chain of a cold list load: every request with its start and end (page time),
 * and when the rows were painted, so waits that could overlap show.
 */
export async function requestChain(browser: Browser, url: string, path: string, storage: StorageState): Promise<{ entries: ChainEntry[]; rowsAt: number }> {
  const ctx = await newContext(browser, storage);
  const page = await ctx.newPage();
  await page.goto(`${url}${path}`);
  const rowsAt = await rowsPainted(page);
  await page.waitForLoadState('networkidle');
  const entries = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => {
      const u = new URL(e.name);
      const kind = u.pathname.startsWith('/hospital/') ? 'api' : /\.m?js$/.test(u.pathname) ? 'js' : /\.css$/.test(u.pathname) ? 'css' : 'other';
      return { start: e.startTime, sent: e.requestStart, firstByte: e.responseStart, end: e.responseEnd, kind, path: u.pathname.replace(/^\/hospital/, '').replace(/-[A-Za-z0-9_-]{8}\.(m?js|css)$/, '.$1') };
    }),
  );
  await ctx.close();
  return { entries: entries as ChainEntry[], rowsAt };
}

/** The floor page (bench/floor): rows painted, heap after GC and gzip JS, logged in, cold cache. */
export async function floorLoad(browser: Browser, url: string, storage: StorageState): Promise<{ rowsAt: number; heapAfterGc: number; jsGz: number }> {
  const ctx = await newContext(browser, storage);
  const page = await ctx.newPage();
  const bodies: Array<Promise<number>> = [];
  page.on('response', (res) => {
    if (/\.m?js(\?|$)/.test(res.url())) bodies.push(res.body().then((b) => gz(b), () => 0));
  });
  await page.goto(`${url}/floor/`);
  const rowsAt = await rowsPainted(page);
  await page.waitForLoadState('networkidle');
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heapAfterGc = (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 1024 / 1024;
  const jsGz = (await Promise.all(bodies)).reduce((a, b) => a + b, 0);
  await ctx.close();
  return { rowsAt, heapAfterGc, jsGz };
}
