/**
 * `npx tsx bench/profile-list.ts [path]`: one cold list load (token stored) under the Chromium
 * CPU profiler; prints the self and total time per function/file between the list API answer
 * and the first rows painted, so the main-thread cost before the rows shows. Writes the raw
 * profile to $PROFILE_OUT (default /tmp/list.cpuprofile) for DevTools.
 */
import { writeFileSync } from 'node:fs';
import { launchBrowser, startServer } from '../tests/e2e/harness.js';
import { loginState } from './browser.js';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] }

const path = process.argv[2] ?? '/app/doctor';
const server = await startServer();
const browser = await launchBrowser();
try {
  const state = await loginState(browser, server.url);

  for (let round = 0; round < Number(process.env.ROUNDS ?? 1); round++) {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', storageState: state });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${path}`);
    await page.locator('[data-testid="resource-table"] tbody tr.ant-table-row').first().waitFor();
    const marks = await page.evaluate(() => {
      const rowsAt = performance.now();
      const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({ name: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd }));
      return { rowsAt, origin: performance.timeOrigin, res };
    });
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    writeFileSync(process.env.PROFILE_OUT ?? '/tmp/list.cpuprofile', JSON.stringify(profile));
    const listCall = marks.res.filter((r) => /\/list$/.test(r.name) && r.name.startsWith('/hospital/')).sort((a, b) => a.start - b.start)[0];
    const lastJs = Math.max(...marks.res.filter((r) => /\.js$/.test(r.name)).map((r) => r.end));
    console.log(`round ${round}: rows seen at ${marks.rowsAt.toFixed(0)} ms; list ${listCall?.start.toFixed(0)} -> ${listCall?.end.toFixed(0)}; last JS ${lastJs.toFixed(0)}`);
    for (const r of marks.res.filter((r) => process.env.ALL_RES || r.name.startsWith("/hospital/") || (listCall && r.end > listCall.start))) console.log(`   ${r.name.startsWith('/hospital/') ? 'api' : 'res'} ${r.start.toFixed(0).padStart(5)} -> ${r.end.toFixed(0).padStart(5)} ${r.name}`);

    // profile times are in µs of a monotonic clock; map page time via the first sample ≈ navigation
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    const files = new Map<string, number>();
    const buckets = new Map<number, Map<string, number>>();
    let t = profile.startTime;
    const navStartUs = marks.origin * 1000; // timeOrigin (epoch ms) is not the profiler clock: use relative offsets instead
    void navStartUs;
    const from = Number(process.env.FROM ?? 0);
    const to = Number(process.env.TO ?? 1e9);
    // the profiler started just before goto: treat profile.startTime as page time ~0
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i]!;
      const pageMs = (t - profile.startTime) / 1000;
      const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      const node = byId.get(profile.samples[i]!)!;
      const name = node.callFrame.functionName || '(anon)';
      const file = node.callFrame.url.split('/').pop() || node.callFrame.functionName;
      const b = Math.floor(pageMs / 100) * 100;
      if (!buckets.has(b)) buckets.set(b, new Map());
      const bk = buckets.get(b)!;
      bk.set(file, (bk.get(file) ?? 0) + dt);
      if (pageMs < from || pageMs > to) continue;
      const key = `${name} ${file}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`;
      self.set(key, (self.get(key) ?? 0) + dt);
      files.set(file, (files.get(file) ?? 0) + dt);
      const seen = new Set<string>();
      for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
        const f = byId.get(id)!.callFrame;
        const k = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}:${f.columnNumber}`;
        if (seen.has(k)) continue;
        seen.add(k);
        total.set(k, (total.get(k) ?? 0) + dt);
      }
    }
    const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `   ${v.toFixed(1).padStart(7)} ms  ${k}`).join('\n');
    console.log('per 100 ms (profile time), busiest files:');
    for (const [b, m] of [...buckets].sort((a, b) => a[0] - b[0])) {
      const busy = [...m].filter(([f]) => f !== '(idle)' && f !== '(program)').reduce((a, [, v]) => a + v, 0);
      console.log(`   ${String(b).padStart(5)}: busy ${busy.toFixed(0).padStart(3)} ms  ${[...m].filter(([f]) => f !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, 4).map(([f, v]) => `${f} ${v.toFixed(0)}`).join(', ')}`);
    }
    console.log(`self by file [${from}, ${to}]:\n${top(files, 15)}`);
    console.log(`self by function:\n${top(self, 40)}`);
    console.log(`total by function:\n${top(total, 60)}`);
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
