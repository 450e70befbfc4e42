/**
 * Browser-test harness: the REAL server (child process, fresh temp DATA_DIR, small seed)
 * serving the BUILT console (dist/client), driven in Debian's Chromium via playwright-core.
 *
 * No vitest import here: bench/run.ts reuses the server and browser helpers.
 * The vitest lifecycle lives in ./lifecycle.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { SERVER_ARGS, ensureServerBundle } from '../../generators/server-bundle.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * How long a server may take to answer after its spawn. Starting is seconds of CPU (loading the
 * server, migrating and seeding): on a machine busy with other work it has taken over a minute,
 * so the wait goes up to just under the browser tests' hook timeout (120 s).
 */
export const SERVER_START_MS = 110_000;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Seeded accounts (docs/architecture.md, "Tenancy and seed"). */
export const USERS = {
  admin: { username: 'admin', password: 'Admin@123456', tenantId: 1000 },
  yunying: { username: 'yunying', password: 'Yunying@2026', tenantId: 1000 },
  hospadmin: { username: 'hospadmin', password: 'Hosp@123456', tenantId: 1001 },
  zhuli: { username: 'zhuli', password: 'Zhuli@123456', tenantId: 1001 },
} as const;

// ---------------------------------------------------------------- server

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  /** Last lines of the server's stdout/stderr. */
  logs(): string;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Rows per seeded module (env SEED_ROWS); default 55. */
  seedRows?: number;
  /** Reuse a data directory (kept on stop); default a fresh temp dir (removed on stop). */
  dataDir?: string;
  env?: Record<string, string>;
  /** Skip the dist/client check (API-only use, e.g. the API bench). */
  apiOnly?: boolean;
  timeoutMs?: number;
  /** Node flags before the entry (e.g. `--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export function assertBuilt(): void {
  const index = join(ROOT, 'dist/client/index.html');
  if (!existsSync(index)) {
    throw new Error(`The built console is missing (${index}): run npm run build first.`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The node arguments of the server the browser tests drive: the bundle `npm start` runs
 * (generators/server-bundle.ts), built first when a server source is newer than it.
 */
export async function serverArgs(): Promise<string[]> {
  await ensureServerBundle(ROOT);
  return SERVER_ARGS;
}

/** Starts the built server (`node dist/server/main.mjs`) and waits until GET / answers 200. */
export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  if (!opts.apiOnly) assertBuilt();
  const port = await freePort();
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'hosp-e2e-'));
  const lines: string[] = [];
  // Keep what helps a failure report: everything but routine request logs (pino JSON) under 400.
  const routine = /"msg":"incoming request"|"statusCode":[123]\d\d\b/;
  const keep = (chunk: Buffer) => {
    for (const l of chunk.toString('utf8').split('\n')) if (l.trim() && !routine.test(l)) lines.push(l);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...(await serverArgs())], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_ROWS: String(opts.seedRows ?? 55),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const logs = () => lines.slice(-60).join('\n');
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise<void>((r) => proc.once('exit', () => r()));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.timeoutMs ?? SERVER_START_MS);
  const probe = opts.apiOnly ? `${url}/hospital/config/globalConfig` : `${url}/`;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) {
      await stop();
      throw new Error(`The server exited during start-up (${proc.exitCode ?? proc.signalCode}).\n${logs()}`);
    }
    try {
      const res = await fetch(probe, { signal: AbortSignal.timeout(2000) });
      // API-only: any answer from the API (even 400 for a missing signature) means it is up.
      if (res.status === 200 || (opts.apiOnly && res.status < 500)) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer ${probe} within ${opts.timeoutMs ?? SERVER_START_MS} ms.\n${logs()}`);
    }
    await sleep(150);
  }
  return { url, port, dataDir, proc, logs, stop };
}

// ---------------------------------------------------------------- browser

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium fonts-wqy-microhei (.ci/run does it).`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface ErrorWatch {
  errors: string[];
  /** Throws when an error not matching `allow` was seen; clears the list. */
  assertClean(allow?: RegExp[]): void;
}

/** Default allow-list: nothing but a missing favicon; E2E_ALLOW (a regex) adds one while triaging. */
export const ALLOWED_ERRORS: RegExp[] = [/favicon\.ico/, ...(process.env.E2E_ALLOW ? [new RegExp(process.env.E2E_ALLOW)] : [])];

/** Collects page errors, console errors and 5xx responses (the API must never answer 5xx). */
export function watchErrors(page: Page): ErrorWatch {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()} (${msg.location().url})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 500) errors.push(`HTTP ${res.status()} ${res.request().method()} ${res.url()}`);
  });
  return {
    errors,
    assertClean(allow = []) {
      const bad = errors.filter((e) => ![...ALLOWED_ERRORS, ...allow].some((re) => re.test(e)));
      errors.length = 0;
      if (bad.length) throw new Error(`Unexpected browser errors:\n  ${bad.join('\n  ')}`);
    },
  };
}

// ---------------------------------------------------------------- UI helpers (texts from the contract)

export async function login(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/user/login`);
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: 20_000 });
}

/** Logs out through the header link 退出登录 and its confirmation 真的要注销登录吗 ?. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: '退出登录' }).click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '真的要注销登录吗' });
  await confirm.getByRole('button', { name: '确定', exact: true }).click();
  await page.waitForURL((u) => u.pathname.startsWith('/user/login'), { timeout: 15_000 });
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A side-menu entry by its title (an icon's aria-label may precede the title in the accessible name). */
export function menuItem(page: Page, title: string): Locator {
  return page
    .locator('.ant-menu, .ant-pro-sider, aside, nav')
    .getByRole('menuitem', { name: new RegExp(`(^|\\s)${escapeRe(title)}$`) })
    .first();
}

/**
 * The menu entry `title`, its group opened first when the entry is not shown. The menu mounts
 * after the page's own content: looking before it has would click an already open group shut.
 */
export async function revealMenuItem(page: Page, group: string, title: string): Promise<Locator> {
  await page.locator('[data-testid="side-menu"], [data-testid="top-menu"]').first().waitFor();
  const leaf = menuItem(page, title);
  if (!(await leaf.isVisible().catch(() => false))) {
    await menuItem(page, group).click();
    await leaf.waitFor({ state: 'visible' });
    await menuSettled(leaf);
  }
  return leaf;
}

/**
 * Waits until the inline group holding `leaf` has finished opening (no rc-motion class on its
 * list). The side menu opens groups without motion (SideMenu.tsx NO_MOTION), so this returns at
 * once; it stays as the guard for a menu that animates again: a click sent while the list
 * still grows from nothing can land beside the entry and be lost, the page staying where it was.
 */
async function menuSettled(leaf: Locator, timeout = 10_000): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    const moving = await leaf.evaluate((el) => /motion/.test(el.closest('.ant-menu-sub')?.className ?? ''));
    if (!moving) return;
    if (Date.now() > until) throw new Error('the menu group is still opening');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Opens `group` › `item` from the side menu and waits for the list to show rows (or its empty
 * state): the entry is selected first, so a list still on screen is never taken for the new one.
 */
export async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const leaf = await revealMenuItem(page, group, item);
  await leaf.click();
  for (const until = Date.now() + 10_000; !/ant-menu-item-selected/.test((await leaf.getAttribute('class')) ?? '');) {
    if (Date.now() > until) throw new Error(`${group} › ${item} is not selected after its click`);
    await new Promise((r) => setTimeout(r, 50));
  }
  await waitForList(page);
}

/**
 * Waits until the dialog or drawer holding `inside` has finished its opening motion (rc-motion's
 * -appear / -enter classes gone from the panel). A click sent during the motion's first step
 * (the panel at full size, about to start from a point) lands on the mask once the panel
 * shrinks, and is lost: on a busy machine that step lasts long enough to look stable.
 */
export async function dialogSettled(inside: Locator, timeout = 10_000): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    const moving = await inside.evaluate((el) => {
      const panel = el.closest('.ant-modal, .ant-drawer-content-wrapper') ?? el;
      return /-(appear|enter)(\s|$|-)/.test(panel.className);
    });
    if (!moving) return;
    if (Date.now() > until) throw new Error('the dialog is still opening');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The list on screen (pages kept alive by the tab strip stay in the DOM, hidden). */
export function resourceTable(page: Page): Locator {
  return page.getByTestId('resource-table').filter({ visible: true }).first();
}

/** Data rows of the visible list table (antd marks the measure/placeholder rows differently). */
export function tableRows(page: Page): Locator {
  return resourceTable(page).locator('tbody tr.ant-table-row');
}

export async function waitForList(page: Page, timeout = 20_000): Promise<void> {
  const table = resourceTable(page);
  await table.waitFor({ state: 'visible', timeout });
  await table
    .locator('tbody tr.ant-table-row, .ant-empty')
    .first()
    .waitFor({ state: 'visible', timeout });
  // Wait for the table's loading mask to go away.
  await table.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout }).catch(() => undefined);
  // the toolbar's buttons join in the frame after the first rows (刷新 is always among them):
  // what a test counts there, or finds missing, is then the page's answer
  await table.getByRole('button', { name: '刷新' }).waitFor({ state: 'visible', timeout });
}
