/**
 * `npx tsx bench/trace-list.ts [path]`: one cold list load (token stored) under the Chromium
 * timeline tracer; prints the main thread's time by event kind (script compile, evaluation,
 * style, layout, paint, GC) per 100 ms up to the first rows, the part a CPU profile lumps
 * together as "(program)". Writes the raw trace to $TRACE_OUT (default /tmp/list.trace.json).
 */
import { writeFileSync } from 'node:fs';
import { launchBrowser, startServer } from '../tests/e2e/harness.js';
import { loginState } from './browser.js';

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string } } }

const path = process.argv[2] ?? '/app/doctor';
const server = await startServer();
const browser = await launchBrowser();
const cpuTimes: number[] = [];
try {
  const state = await loginState(browser, server.url);
  for (let round = 0; round < Number(process.env.ROUNDS ?? 1); round++) {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', storageState: state });
    const page = await ctx.newPage();
    await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
    await page.goto(`${server.url}${path}`);
    await page.locator('[data-testid="resource-table"] tbody tr.ant-table-row').first().waitFor();
    const rowsAt = await page.evaluate(() => performance.now());
    const buf = await browser.stopTracing();
    writeFileSync(process.env.TRACE_OUT ?? '/tmp/list.trace.json', buf);
    const events = (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    // the renderer main thread is the one that ran the page's scripts
    const threadNames = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]));
    const main = events.filter((e) => threadNames.get(`${e.pid}:${e.tid}`) === 'CrRendererMain' && e.ph === 'X');
    const byThread = new Map<string, number>();
    for (const e of main) if (e.name === 'EvaluateScript' || e.name === 'v8.compile') byThread.set(`${e.pid}:${e.tid}`, (byThread.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
    const mainKey = [...byThread].sort((a, b) => b[1] - a[1])[0]?.[0];
    const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser');
    const ours = main.filter((e) => `${e.pid}:${e.tid}` === mainKey).sort((a, b) => a.ts - b.ts);
    const t0 = (events.find((e) => e.name === 'navigationStart' && `${e.pid}:${e.tid}` === mainKey) ?? nav ?? ours[0]!).ts;
    // self time per event name: subtract children (events nested inside another on the same thread)
    const self = new Map<string, number>();
    const buckets = new Map<number, Map<string, number>>();
    const stack: TraceEvent[] = [];
    const selfOf = new Map<TraceEvent, number>();
    for (const e of ours) {
      while (stack.length && stack[stack.length - 1]!.ts + (stack[stack.length - 1]!.dur ?? 0) <= e.ts) stack.pop();
      selfOf.set(e, e.dur ?? 0);
      const p = stack[stack.length - 1];
      if (p) selfOf.set(p, selfOf.get(p)! - (e.dur ?? 0));
      stack.push(e);
    }
    for (const e of ours) {
      const at = (e.ts - t0) / 1000;
      if (at > rowsAt + 50) continue;
      const ms = selfOf.get(e)! / 1000;
      self.set(e.name, (self.get(e.name) ?? 0) + ms);
      const b = Math.floor(at / 100) * 100;
      if (!buckets.has(b)) buckets.set(b, new Map());
      buckets.get(b)!.set(e.name, (buckets.get(b)!.get(e.name) ?? 0) + ms);
    }
    // CPU time of the main thread until the rows (thread time of top-level tasks): steadier than
    // wall time on a busy machine, where other processes stretch every figure
    const tops = ours.filter((e) => !ours.some((p) => p !== e && p.ts <= e.ts && p.ts + (p.dur ?? 0) >= e.ts + (e.dur ?? 0)));
    const cpu = tops.filter((e) => (e.ts - t0) / 1000 <= rowsAt).reduce((a, e) => a + (e.tdur ?? e.dur ?? 0), 0) / 1000;
    cpuTimes.push(cpu);
    console.log(`round ${round}: rows at ${rowsAt.toFixed(0)} ms, main-thread CPU before them ${cpu.toFixed(0)} ms`);
    for (const [b, m] of [...buckets].sort((a, c) => a[0] - c[0])) {
      const busy = [...m].reduce((a, [, v]) => a + v, 0);
      console.log(`  ${String(b).padStart(5)}: busy ${busy.toFixed(0).padStart(3)}  ${[...m].sort((a, c) => c[1] - a[1]).slice(0, 5).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
    }
    console.log('self time by event, navigation to rows:');
    for (const [k, v] of [...self].sort((a, c) => c[1] - a[1]).slice(0, 20)) console.log(`  ${v.toFixed(1).padStart(7)} ms  ${k}`);
    await ctx.close();
  }
  const sorted = [...cpuTimes].sort((a, b) => a - b);
  console.log(`main-thread CPU before rows: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms [${cpuTimes.map((c) => c.toFixed(0)).join(', ')}]`);
} finally {
  await browser.close();
  await server.stop();
}
