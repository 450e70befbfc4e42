/**
 * The shared harness's route switch up to its click, for the bench's switch profilers
 * (profile-switch.ts, profile-react.ts): a fresh session logs in, loads the dashboard with a
 * cold cache and lets it settle, as ../shared/perf/harness.cjs runList does; then 医护管理 is
 * opened so that the click on 医生管理 is the one measured.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../tests/e2e/harness.js';

export interface Session {
  page: import('playwright-core').Page;
  cdp: import('playwright-core').CDPSession;
  close(): Promise<void>;
}
export interface Harness {
  newSession(peer: unknown): Promise<Session>;
  waitMark(page: Session['page'], name: string): Promise<number>;
  quiet(s: Session, ms?: number): Promise<void>;
}
export interface Target { base: string; loginPath: string; dashPath: string; login(p: Session['page']): Promise<void> }

/** The harness and this console's target in `dir`, for the server at `base`. */
export function loadHarness(dir: string, base: string): { harness: Harness; target: Target } {
  process.env.BASE = base;
  process.chdir(ROOT); // the harness and the target resolve playwright-core and dist/ from here
  const req = createRequire(join(ROOT, 'package.json'));
  return { harness: req(join(dir, 'harness.cjs')) as Harness, target: req(join(dir, 'target-us.cjs')) as Target };
}

/** Logged in, on the settled dashboard (cold cache): runs `before` there, arms the rows mark. */
export async function onSettledDashboard(harness: Harness, target: Target, s: Session, before?: () => Promise<unknown>): Promise<void> {
  const { page } = s;
  await page.goto(target.base + target.loginPath, { waitUntil: 'domcontentloaded' });
  await harness.waitMark(page, 'login');
  await harness.quiet(s, 300);
  await target.login(page);
  await harness.quiet(s, 500);
  await s.cdp.send('Network.clearBrowserCache');
  await page.goto('about:blank');
  await page.goto(target.base + target.dashPath, { waitUntil: 'domcontentloaded' });
  await harness.waitMark(page, 'dash');
  await harness.quiet(s, 1000);
  await page.waitForTimeout(500);
  await before?.();
  await page.evaluate('window.__arm("rows")');
}

/** Opens 医护管理 and returns the 医生管理 entry, ready for the measured click. */
export async function doctorEntry(page: Session['page']): Promise<import('playwright-core').Locator> {
  const leaf = page.locator('.ant-menu').getByRole('menuitem', { name: /(^|\s)医生管理$/ }).first();
  await page.locator('.ant-menu').getByRole('menuitem', { name: /(^|\s)医护管理$/ }).first().click();
  await leaf.waitFor({ state: 'visible' });
  return leaf;
}

/**
 * `runs` fresh sessions of the harness against the server at `base`, each on the settled
 * dashboard with 医护管理 open (`init` runs in the page's context first, e.g. an init script):
 * `fn` gets the session and the 医生管理 entry, a moment after it showed, to click.
 */
export async function eachSwitch(
  dir: string,
  base: string,
  runs: number,
  fn: (s: Session, leaf: import('playwright-core').Locator, harness: Harness, run: number) => Promise<void>,
  init?: (s: Session) => Promise<void>,
): Promise<void> {
  const { harness, target } = loadHarness(dir, base);
  for (let i = 0; i < runs; i++) {
    const s = await harness.newSession(target);
    try {
      await init?.(s);
      await onSettledDashboard(harness, target, s);
      const leaf = await doctorEntry(s.page);
      await s.page.waitForTimeout(300);
      await fn(s, leaf, harness, i);
    } finally {
      await s.close();
    }
  }
}
