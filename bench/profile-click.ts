/**
 * `npx tsx bench/profile-click.ts [module title] [group]`: a menu click from the dashboard to a
 * list under the Chromium CPU profiler (logged in, after the idle warm-up), printing when the
 * list call left and answered and when the rows were seen, relative to the click event. Writes the raw
 * profile to $PROFILE_OUT (default /tmp/click.cpuprofile); read it per original function with
 * bench/profile-map.ts against a source-mapped build (STATIC_DIR).
 */
import { writeFileSync } from 'node:fs';
import { launchBrowser, startServer, revealMenuItem } from '../tests/e2e/harness.js';
import { loginState } from './browser.js';

const title = process.argv[2] ?? '医院管理';
const group = process.argv[3] ?? '机构管理';
const server = await startServer();
const browser = await launchBrowser();
try {
  const state = await loginState(browser, server.url);

  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', storageState: state });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/dashboard/analysis`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(Number(process.env.WARM_MS ?? 5000));
  const leaf = await revealMenuItem(page, group, title);
  await leaf.waitFor({ state: 'visible' });
  await page.waitForTimeout(300);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.evaluate(() => {
    const w = window as unknown as { __clickAt?: number };
    document.addEventListener('click', () => (w.__clickAt ??= performance.now()), { capture: true });
  });
  await leaf.click();
  const clickAt = await page.evaluate(() => (window as unknown as { __clickAt: number }).__clickAt);
  await page.locator('[data-testid="resource-table"] tbody tr.ant-table-row').first().waitFor();
  const marks = await page.evaluate((t0) => ({
    rowsAt: performance.now() - t0,
    res: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.startTime >= t0).map((e) => ({ name: new URL(e.name).pathname, start: e.startTime - t0, end: e.responseEnd - t0 })),
  }), clickAt);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: unknown };
  writeFileSync(process.env.PROFILE_OUT ?? '/tmp/click.cpuprofile', JSON.stringify(profile));
  console.log(`click -> rows seen ${marks.rowsAt.toFixed(0)} ms (includes the test's polling)`);
  for (const r of marks.res) console.log(`   ${r.start.toFixed(0).padStart(5)} -> ${r.end.toFixed(0).padStart(5)} ${r.name}`);
} finally {
  await browser.close();
  await server.stop();
}
