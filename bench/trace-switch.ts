/**
 * `npx tsx bench/trace-switch.ts [runs]`: the shared harness's route switch (as
 * profile-switch.ts) under Chromium's timeline tracer: the renderer main thread's tasks from the
 * clock to the rows, each with its start, length and what it spent on script, style, layout,
 * paint and GC — the browser's own work, which a CPU profile shows only as "(program)".
 */
import { startServer } from '../tests/e2e/harness.js';
import { peerHarnessDir } from './peer-harness.js';
import { eachSwitch } from './switch-session.js';

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string; elementCount?: number; beginData?: { dirtyObjects?: number; totalObjects?: number }; data?: { type?: string; functionName?: string; url?: string } } }

const KIND: Record<string, string> = {
  FunctionCall: 'script', EvaluateScript: 'script', 'v8.compile': 'compile', 'v8.compileModule': 'compile', TimerFire: 'script',
  EventDispatch: 'script', FireAnimationFrame: 'script', RunMicrotasks: 'script', 'V8.GCScavenger': 'gc', MajorGC: 'gc', MinorGC: 'gc',
  UpdateLayoutTree: 'style', RecalculateStyles: 'style', Layout: 'layout', Paint: 'paint', PrePaint: 'paint', Layerize: 'paint', UpdateLayer: 'paint',
  ParseHTML: 'parse', 'ParseAuthorStyleSheet': 'css',
};

const dir = peerHarnessDir();
if (!dir) throw new Error('../shared/perf is not beside the checkout');
const runs = Number(process.argv[2] ?? 3);
const server = await startServer();
const cpu: number[] = [];
try {
  await eachSwitch(dir, server.url, runs, async (s, leaf, harness, i) => {
    const { page } = s;
    // the harness's persistent context has no Browser object to trace with: CDP's Tracing
    const events: TraceEvent[] = [];
    s.cdp.on('Tracing.dataCollected', (e) => { events.push(...(e.value as unknown as TraceEvent[])); });
    await s.cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'] } } as never);
    const done = new Promise<void>((r) => s.cdp.once('Tracing.tracingComplete', () => r()));
    const t = (await page.evaluate('performance.mark("clock"), performance.now()')) as number;
    await leaf.click();
    const rows = await harness.waitMark(page, 'rows');
    await page.waitForTimeout(300);
    await s.cdp.send('Tracing.end');
    await done;
    const clock = events.find((e) => e.name === 'clock' && e.ph !== 'M');
    if (!clock) throw new Error('no clock mark in the trace');
    const main = events.filter((e) => e.pid === clock.pid && e.tid === clock.tid);
    const rowsTs = clock.ts + (rows - t) * 1000;
    const tasks = main.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.ts >= clock.ts - 5000 && e.ts <= rowsTs + 20000);
    // the main thread's CPU time (thread time, which a core lost to another process does not
    // add to) from the press to the rows: steadier than the wall-clock figure on a shared machine
    const press = main.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'pointerdown' && e.ts >= clock.ts);
    const busy = press ? tasks.filter((e) => e.ts >= press.ts - 1 && e.ts < rowsTs).reduce((a, e) => a + Math.min(e.tdur ?? 0, rowsTs - e.ts), 0) / 1000 : NaN;
    cpu.push(busy);
    console.log(`run ${i + 1}: rows ${Math.round(rows - t)} ms after the clock; main thread CPU from the press to the rows ${busy.toFixed(1)} ms`);
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0);
      const by = new Map<string, number>();
      for (const e of main) {
        if (e.ph !== 'X' || e.ts < task.ts || e.ts >= end || e === task) continue;
        const k = KIND[e.name];
        if (!k) continue;
        // count an event only where no counted parent of the same task encloses it
        const enclosed = main.some((p) => p !== e && p.ph === 'X' && KIND[p.name] && p.ts <= e.ts && p.ts + (p.dur ?? 0) >= e.ts + (e.dur ?? 0) && p.ts >= task.ts && (p.dur ?? 0) > (e.dur ?? 0));
        if (!enclosed) by.set(k, (by.get(k) ?? 0) + (e.dur ?? 0) / 1000);
      }
      const ms = (task.dur ?? 0) / 1000;
      if (ms < 1) continue;
      // what started the task: an event's type, a timer, a frame, a function
      const first = main.find((e) => e.ph === 'X' && e.ts >= task.ts && e.ts < end && e !== task && ['EventDispatch', 'TimerFire', 'FireAnimationFrame', 'FunctionCall', 'RunMicrotasks', 'ResourceReceiveResponse', 'XHRLoad'].includes(e.name));
      const what = first ? `${first.name}${first.args?.data?.type ? ':' + first.args.data.type : ''}${first.args?.data?.functionName ? ':' + first.args.data.functionName : ''}` : '';
      // style and layout forced inside script (a getBoundingClientRect) are counted in script above
      let forcedStyle = 0;
      let forcedLayout = 0;
      // how much each recalculation and layout had to do: elements styled, layout objects dirty / in all
      const sizes: string[] = [];
      for (const e of main) {
        if (e.ph !== 'X' || e.ts < task.ts || e.ts >= end) continue;
        if (e.name === 'UpdateLayoutTree') {
          forcedStyle += (e.dur ?? 0) / 1000;
          if ((e.dur ?? 0) >= 500) sizes.push(`style ${e.args?.elementCount ?? '?'} el`);
        }
        if (e.name === 'Layout') {
          forcedLayout += (e.dur ?? 0) / 1000;
          if ((e.dur ?? 0) >= 500) sizes.push(`layout ${e.args?.beginData?.dirtyObjects ?? '?'}/${e.args?.beginData?.totalObjects ?? '?'} obj`);
        }
      }
      if (by.has('script') && forcedStyle + forcedLayout >= 0.5) {
        by.set('(all style', forcedStyle);
        by.set('all layout)', forcedLayout);
      }
      const parts = [...by].filter(([, v]) => v >= 0.5).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ');
      console.log(`  ${String(Math.round((task.ts - clock.ts) / 1000)).padStart(5)} ms  ${ms.toFixed(1).padStart(5)} ms  ${what.padEnd(28)} ${parts}${sizes.length ? `  [${sizes.join('; ')}]` : ''}`);
    }
  });
  const sorted = cpu.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  console.log(`main thread CPU from the press to the rows: median ${sorted[sorted.length >> 1]?.toFixed(1)} ms, min ${sorted[0]?.toFixed(1)} ms over ${runs} runs`);
} finally {
  await server.stop();
}
