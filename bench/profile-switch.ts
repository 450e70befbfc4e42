/**
 * `npx tsx bench/profile-switch.ts [runs]`: the shared harness's route switch (dashboard, hard
 * load with a cold cache and settled; open 医护管理, click 医生管理; its own session, flags and
 * predicates) with a timeline of what happens between the harness's clock start and the rows:
 * when the pointer events reach the page, the long tasks, and the requests. Its figure is
 * `rows` (the harness's routeSwitch); the rest says where that time goes. With PROFILE_OUT set,
 * the last run's click is CPU-profiled to that file (read it with bench/profile-map.ts or
 * profile-timeline.ts against a source-mapped build served with STATIC_DIR).
 */
import { writeFileSync } from 'node:fs';
import { startServer } from '../tests/e2e/harness.js';
import { peerHarnessDir } from './peer-harness.js';
import { doctorEntry, loadHarness, onSettledDashboard } from './switch-session.js';

const dir = peerHarnessDir();
if (!dir) throw new Error('../shared/perf is not beside the checkout');
const runs = Number(process.argv[2] ?? 5);
const server = await startServer();
const { harness, target } = loadHarness(dir, server.url);

/** Installed in the page before the clock starts: pointer events and long tasks, by performance.now(). */
function instrument() {
  const w = window as unknown as { __ev: [string, number][]; __long: [number, number][]; __mut: [number, number][]; __sel: [number, string][] };
  w.__ev = [];
  w.__long = [];
  // DOM mutation batches (each React commit is one or more): when, and how many records
  w.__mut = [];
  w.__sel = [];
  let selected = '';
  new MutationObserver((records) => {
    w.__mut.push([performance.now(), records.length]);
    // when the menu's highlight moves (the selected entry's text)
    const now = document.querySelector('.ant-menu-item-selected')?.textContent ?? '';
    if (now !== selected) w.__sel.push([performance.now(), (selected = now)]);
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  for (const type of ['pointermove', 'pointerdown', 'mousedown', 'pointerup', 'click']) {
    document.addEventListener(type, () => w.__ev.push([type, performance.now()]), { capture: true });
  }
  new PerformanceObserver((l) => l.getEntries().forEach((e) => w.__long.push([e.startTime, e.duration]))).observe({ type: 'longtask' });
}

const figures: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const s = await harness.newSession(target);
    try {
      const { page } = s;
      await onSettledDashboard(harness, target, s, () => page.evaluate(instrument));
      const tGroup = await page.evaluate(() => performance.now());
      const leaf = await doctorEntry(page);
      const profiled = process.env.PROFILE_OUT && i === runs - 1;
      if (profiled) {
        await s.cdp.send('Profiler.enable');
        await s.cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await s.cdp.send('Profiler.start');
      }
      const metrics = async () => Object.fromEntries(((await s.cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }).metrics.map((m) => [m.name, m.value]));
      const before = await metrics();
      const t = await page.evaluate(() => performance.now());
      await leaf.click();
      const rows = await harness.waitMark(page, 'rows');
      const after = await metrics();
      if (profiled) writeFileSync(process.env.PROFILE_OUT!, JSON.stringify(((await s.cdp.send('Profiler.stop')) as { profile: unknown }).profile));
      await page.waitForTimeout(300);
      const seen = await page.evaluate((since) => {
        const w = window as unknown as { __ev: [string, number][]; __long: [number, number][]; __mut: [number, number][]; __sel: [number, string][] };
        const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => e.startTime >= since)
          .map((e) => [new URL(e.name).pathname.replace(/^\/jeecg-boot/, ''), e.startTime, e.responseEnd, e.requestStart, e.responseStart] as const);
        return { ev: w.__ev, long: w.__long, mut: w.__mut, sel: w.__sel, res };
      }, tGroup);
      const rel = (x: number) => Math.round(x - t);
      const lastOf = (type: string) => seen.ev.filter((e) => e[0] === type).at(-1)?.[1];
      figures.push(rows - t);
      console.log(`run ${i + 1}: rows ${rel(rows)} ms after the clock (group click ${rel(tGroup)})`);
      console.log(`  events: ${['pointerdown', 'mousedown', 'click'].map((k) => `${k} ${lastOf(k) === undefined ? '-' : rel(lastOf(k)!)}`).join(', ')}`);
      const spent = ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskDuration'].map((k) => `${k.replace('Duration', '')} ${Math.round((after[k]! - before[k]!) * 1000)}`);
      console.log(`  main thread from the clock to the rows seen (ms): ${spent.join(', ')}; recalcs ${after.RecalcStyleCount! - before.RecalcStyleCount!}, layouts ${after.LayoutCount! - before.LayoutCount!}, nodes ${after.Nodes}`);
      const muts = seen.mut.filter(([at]) => at >= t && at <= rows);
      console.log(`  DOM mutation batches from the clock to the rows: ${muts.length} (${muts.map(([at, n]) => `${rel(at)}:${n}`).join(' ')})`);
      console.log(`  menu highlight: ${seen.sel.map(([at, text]) => `${rel(at)} ${text}`).join(', ') || 'unchanged'}`);
      console.log(`  long tasks: ${seen.long.map(([st, d]) => `${rel(st)}+${Math.round(d)}`).join(', ') || 'none'}`);
      for (const [name, st, end, sent, first] of seen.res) console.log(`  ${String(rel(st)).padStart(5)} -> ${String(rel(end)).padStart(5)}  ${name}  (sent ${sent ? rel(sent) : '-'}, first byte ${first ? rel(first) : '-'})`);
    } finally {
      await s.close();
    }
  }
  const sorted = [...figures].sort((a, b) => a - b);
  console.log(`rows after the clock: median ${Math.round(sorted[sorted.length >> 1]!)} ms, min ${Math.round(sorted[0]!)} ms over ${runs} runs`);
} finally {
  await server.stop();
}
