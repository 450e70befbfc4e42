/**
 * `npm run bench`: prints figures against the developers' guide targets. No assertions,
 * exit code 0 whatever the figures. Sections: (a) bundle per route, (b) browser timings
 * with the real server, (c) list API at 1,000,000 rows.
 *
 * Env: BENCH_ROWS (default 1000000), BENCH_CALLS (300), BENCH_RUNS (5), BENCH_DATA_DIR (keep the seeded
 *      database there between runs, and the PostgreSQL one as hosp_bench_kept_<rows>), BENCH_CLIENTS (100), BENCH_SECONDS (5),
 *      BENCH_WARMUP (5 s of throughput load before each measured one),
 *      BENCH_ONLY=bundle,crypto,browser,api (default all), STATIC_DIR (built console, default dist/client).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { cpus, loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { ROOT, launchBrowser, startServer, type RunningServer } from '../tests/e2e/harness.js';
import { apiBench, apiBenchPostgres, type ApiResult } from './api.js';
import { peerHarness, peerHarnessDir } from './peer-harness.js';
import { coldListLoad, floorLoad, jsTransfer, listHeap, loginState, menuRun, requestChain, type JsTransfer, type Module } from './browser.js';
import { measureRoutes } from './bundle.js';
import { cryptoBench } from './crypto.js';
import { scaleBench } from './scale.js';
import { machineSpeed } from './machine.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const ONLY = new Set((process.env.BENCH_ONLY ?? 'bundle,crypto,browser,api,scale').split(','));
/** The built console the server serves (STATIC_DIR, as the server reads it). */
const DIST = resolve(ROOT, process.env.STATIC_DIR ?? 'dist/client');

const KiB = (b: number) => `${(b / 1024).toFixed(1)} KiB`;
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(x < 10 ? 2 : 0)} ms` : 'n/a');
const sorted = (xs: number[]) => [...xs].filter(Number.isFinite).sort((a, b) => a - b);
const median = (xs: number[]) => {
  const s = sorted(xs);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const min = (xs: number[]) => sorted(xs)[0] ?? NaN;

interface Verdict {
  what: string;
  target: string;
  measured: string;
  ok: boolean | null;
}
const verdicts: Verdict[] = [];
const judge = (what: string, target: string, value: number, limit: number, fmt: (x: number) => string) =>
  verdicts.push({ what, target, measured: fmt(value), ok: Number.isFinite(value) ? value <= limit : null });

function section(title: string) {
  console.log(`\n=== ${title} ${'='.repeat(Math.max(0, 70 - title.length))}`);
}

async function guarded(name: string, fn: () => Promise<void>) {
  try {
    await fn();
  } catch (e) {
    console.log(`  !! ${name} failed: ${(e as Error).stack?.split('\n').slice(0, 4).join('\n     ') ?? e}`);
  }
}

/** The floor page (bench/floor) built into DIST/floor, rebuilt when missing or older than its sources. */
function ensureFloor(): boolean {
  const out = join(DIST, 'floor/index.html');
  const src = ['main.tsx', 'index.html', 'vite.config.ts'].map((f) => statSync(join(ROOT, 'bench/floor', f)).mtimeMs);
  if (existsSync(out) && statSync(out).mtimeMs > Math.max(...src)) return true;
  console.log('building the floor page: npx vite build --config bench/floor/vite.config.ts');
  const r = spawnSync('npx', ['vite', 'build', '--config', 'bench/floor/vite.config.ts'], { cwd: ROOT, stdio: 'inherit' });
  return r.status === 0 && existsSync(out);
}

function ensureBuilt() {
  if (existsSync(join(DIST, 'index.html')) && existsSync(join(DIST, '.vite/manifest.json'))) return;
  console.log('dist/client (with .vite/manifest.json) is missing: npx vite build');
  const r = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) console.log(`  vite build failed (${r.status})`);
}

/** Menu modules: hisDoctor first, then another module of the schema set. */
function modules(): Module[] {
  const dir = join(ROOT, 'schemas/modules');
  const all: Module[] = [];
  for (const f of readdirSync(dir).sort()) {
    const s = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { name: string; title: string; menu?: { group: string; path: string } };
    if (s.menu) all.push({ name: s.name, group: s.menu.group, title: s.title, path: s.menu.path });
  }
  const doctor = all.find((m) => m.name === 'hisDoctor');
  const other = all.find((m) => m.name === 'hisHospital') ?? all.find((m) => m.name !== 'hisDoctor');
  return [doctor, other].filter((m): m is Module => !!m);
}

async function bundleSection() {
  section('(a) bundle: static closure of entry + lazy chunks, gzip -6 (manifest)');
  const r = measureRoutes(DIST);
  if (!r) {
    console.log('  no dist/client/.vite/manifest.json');
    return;
  }
  for (const route of r.routes) {
    console.log(
      `  ${route.route.padEnd(20)} ${KiB(route.gzBytes).padStart(11)} gz  (${KiB(route.rawBytes)} raw, ${route.files.length} files)  ProTable code: ${route.hasProTable ? 'YES' : 'no'}`,
    );
    console.log(`  ${''.padEnd(20)} lazy: ${route.lazy.join(', ') || '-'}${route.missing.length ? `  (not found: ${route.missing.join(', ')})` : ''}`);
    console.log(`  ${''.padEnd(20)} largest: ${route.largest.map((f) => `${f.file.replace(/^assets\//, '')} ${KiB(f.gzBytes)}`).join(', ')}`);
  }
  console.log(`  lazy chunks in the manifest: ${r.lazyKeys.length} (${r.lazyKeys.slice(0, 8).join(', ')}${r.lazyKeys.length > 8 ? ', ...' : ''})`);
  const login = r.routes.find((x) => x.route === '/user/login');
  const list = r.routes.find((x) => x.route === '/app/doctor');
  const dash = r.routes.find((x) => x.route === '/dashboard/analysis');
  if (login) judge('login route JS (manifest)', '≤ 160 KiB gz', login.gzBytes / 1024, 160, (x) => `${x.toFixed(1)} KiB`);
  if (list) judge('first list page JS (manifest)', '≤ 450 KiB gz', list.gzBytes / 1024, 450, (x) => `${x.toFixed(1)} KiB`);
  if (login) verdicts.push({ what: 'ProTable code in login closure', target: 'no', measured: login.hasProTable ? 'yes' : 'no', ok: !login.hasProTable });
  if (dash) verdicts.push({ what: 'ProTable code in dashboard closure', target: 'no', measured: dash.hasProTable ? 'yes' : 'no', ok: !dash.hasProTable });
}

let floor: { rows: number; heap: number; js: number } | undefined;

async function browserSection(server: RunningServer, browser: Browser) {
  section(`(b) browser: Chromium, real server, ${RUNS} runs each, fresh context (cold HTTP cache)`);
  const url = server.url;
  const state = await loginState(browser, url);
  const mods = modules();
  const listPath = mods[0]?.path ?? '/app/doctor';

  await guarded('JS transferred per route', async () => {
    const rows: JsTransfer[] = [];
    rows.push(await jsTransfer(browser, url, '/user/login'));
    rows.push(await jsTransfer(browser, url, '/dashboard/analysis', state));
    rows.push(await jsTransfer(browser, url, listPath, state));
    for (const t of rows) {
      console.log(
        `  JS for ${t.route.padEnd(20)}${t.route.startsWith('/app/') && floor ? ` (floor ${KiB(floor.js)})` : ''} until usable ${KiB(t.ready.gzBytes).padStart(11)} gz (${t.ready.requests} files); until idle ${KiB(t.idle.gzBytes)} gz (${t.idle.requests} files, ${KiB(t.idle.decodedBytes)} decoded, ${KiB(t.idle.wireBytes)} on the wire as ${t.encodings.join('/')})`,
      );
    }
    judge('login route JS until usable (browser)', '≤ 160 KiB gz', rows[0]!.ready.gzBytes / 1024, 160, (x) => `${x.toFixed(1)} KiB`);
    judge('first list page JS until rows (browser)', '≤ 450 KiB gz', rows[2]!.ready.gzBytes / 1024, 450, (x) => `${x.toFixed(1)} KiB`);
  });

  // The floor: same React + antd Table, one signed list call, ten rows (bench/floor).
  await guarded('floor', async () => {
    if (!ensureFloor()) throw new Error('the floor page did not build');
    const xs: number[] = [];
    const heaps: number[] = [];
    let js = 0;
    for (let i = 0; i < RUNS; i++) {
      const f = await floorLoad(browser, url, state);
      xs.push(f.rowsAt);
      heaps.push(f.heapAfterGc);
      js = f.jsGz;
    }
    floor = { rows: median(xs), heap: median(heaps), js };
    console.log(`  FLOOR /floor/ (React + antd Table, one signed list call, 10 rows): JS ${KiB(js)} gz, rows painted median ${ms(floor.rows)} [${xs.map((x) => x.toFixed(0)).join(', ')}], heap after GC ${floor.heap.toFixed(1)} MiB`);
  });

  await guarded('request chain', async () => {
    const { entries, rowsAt } = await requestChain(browser, url, listPath, state);
    const api = entries.filter((e) => e.kind === 'api');
    const js = entries.filter((e) => e.kind === 'js');
    const lastJs = Math.max(...js.filter((e) => e.start < rowsAt).map((e) => e.end));
    console.log(`  request chain of a cold ${listPath}: ${js.filter((e) => e.start < rowsAt).length} JS files before rows (last ends ${ms(lastJs)}), ${api.filter((e) => e.start < rowsAt).length} API calls before rows, rows at ${ms(rowsAt)}`);
    // sent: when the request got a connection (HTTP/1.1 gives a host six; the route's JS takes them
    // first); first byte: the server's answer began
    for (const e of api) console.log(`    ${ms(e.start).padStart(8)} -> ${ms(e.end).padStart(8)}  ${e.path}  (sent +${ms(e.sent - e.start)}, first byte +${ms(e.firstByte - e.sent)})${e.start > rowsAt ? '  (after rows)' : ''}`);
  });

  await guarded('cold list load', async () => {
    const xs: number[] = [];
    for (let i = 0; i < RUNS; i++) xs.push(await coldListLoad(browser, url, listPath, state));
    console.log(`  cold ${listPath} (token stored) navigation -> rows painted: min ${ms(min(xs))}, median ${ms(median(xs))}  [${xs.map((x) => x.toFixed(0)).join(', ')}]${floor ? `   (floor ${ms(floor.rows)}, ${(median(xs) / floor.rows).toFixed(2)}×)` : ''}`);
    // A first visit in a fresh browser context (a new renderer, nothing compiled yet): the floor
    // page measured the same way is the limit, and the target is 1.5× it (issue 16). The ≤ 290 ms
    // figure is the harness's, a reload in a browser that has run the console (below).
    if (floor) judge('rows visible, cold first visit (median)', `≤ 1.5 × floor (${ms(1.5 * floor.rows)})`, median(xs), 1.5 * floor.rows, ms);
  });

  await guarded('menu click to rows', async () => {
    if (mods.length < 2) throw new Error('needs two modules with a menu block');
    const first: number[] = [];
    const again: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await menuRun(browser, url, state, mods[0]!, mods[1]!);
      first.push(...r.first);
      again.push(...r.again);
    }
    console.log(`  menu click -> rows, module never opened (${mods[0]!.title}, ${mods[1]!.title}): min ${ms(min(first))}, median ${ms(median(first))}  [${first.map((x) => x.toFixed(0)).join(', ')}]`);
    console.log(`  menu click -> rows, module opened before:                 min ${ms(min(again))}, median ${ms(median(again))}  [${again.map((x) => x.toFixed(0)).join(', ')}]`);
    judge('menu click -> rows, opened before (median)', '≤ 120 ms', median(again), 120, ms);
    judge('menu click -> rows, never opened (median)', '≤ 150 ms', median(first), 150, ms);
  });

  await guarded('JS heap', async () => {
    const used: number[] = [];
    const gc: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const h = await listHeap(browser, url, listPath, state);
      used.push(h.used);
      gc.push(h.afterGc);
    }
    console.log(`  JS heap used on ${listPath}: min ${min(used).toFixed(1)} MiB, median ${median(used).toFixed(1)} MiB; after GC: min ${min(gc).toFixed(1)}, median ${median(gc).toFixed(1)} MiB${floor ? `   (floor ${floor.heap.toFixed(1)} MiB)` : ''}`);
    judge('JS heap on a list page (median, after GC)', '≤ 12 MiB', median(gc), 12, (x) => `${x.toFixed(1)} MiB`);
  });

  // The same figures as the shared harness measures them (the comparable consoles' way)
  await guarded('shared harness', async () => {
    const dir = peerHarnessDir();
    if (!dir) {
      console.log('  shared harness: ../shared/perf/harness.cjs is not beside the checkout');
      return;
    }
    const f = await peerHarness(dir, url, RUNS);
    console.log(`  shared harness (${dir}, median of ${RUNS}, fresh profile each):`);
    const each = (xs: number[]) => `[${xs.map((x) => x.toFixed(0)).join(', ')}]`;
    console.log(`    login form visible ${ms(f.loginFormVisible)} ${each(f.runs.formVisible)}, login JS ${KiB(f.loginJsGzip)} gz -6`);
    console.log(`    cold list rows visible ${ms(f.listRowsVisible)} ${each(f.runs.rowsVisible)}, list JS until the network is quiet ${KiB(f.listJsGzip)} gz -6`);
    console.log(`    dashboard -> list menu click to rows ${ms(f.routeSwitch)} ${each(f.runs.routeSwitch)}, heap after GC ${(f.heapAfterGc / 1048576).toFixed(1)} MiB`);
    const kib = (x: number) => `${x.toFixed(1)} KiB`;
    judge('harness: login form visible', '≤ 380 ms', f.loginFormVisible, 380, ms);
    judge('harness: login JS', '≤ 160 KiB gz', f.loginJsGzip / 1024, 160, kib);
    judge('harness: list JS until quiet', '≤ 450 KiB gz', f.listJsGzip / 1024, 450, kib);
    judge('harness: list rows visible, cold', '≤ 290 ms', f.listRowsVisible, 290, ms);
    judge('harness: dashboard -> list, click to rows', '≤ 120 ms', f.routeSwitch, 120, ms);
    judge('harness: heap after GC, list page', '≤ 12 MiB', f.heapAfterGc / 1048576, 12, (x) => `${x.toFixed(1)} MiB`);
  });
}

function printApi(r: ApiResult) {
  for (const s of r.series) {
    console.log(`  ${s.label.padEnd(58)} p50 ${ms(s.p50).padStart(9)}  p99 ${ms(s.p99).padStart(9)}  min ${ms(s.min).padStart(9)}  (${s.calls} calls, total ${s.total?.toLocaleString('en') ?? '?'})`);
  }
  if (r.throughput[0]) console.log(`  throughput: after ${r.throughput[0].warmupSeconds} s of the same load unmeasured; node:http keep-alive generator in this process (bench/load.ts)`);
  for (const t of r.throughput) {
    const pg = t.backendCpuUs ? ` (PostgreSQL backends ${t.backendCpuUs.toFixed(0)})` : '';
    const cpu = `server CPU ${t.serverCpuUs === null ? 'n/a' : `${t.serverCpuUs.toFixed(0)} µs`}/call${pg}, generator ${t.generatorCpuUs.toFixed(0)} µs/call`;
    console.log(`  throughput, ${t.clients} concurrent clients, ${t.label.padEnd(34)} ${t.perSecond.toFixed(0).padStart(6)} calls/s  p50 ${ms(t.p50)}  p99 ${ms(t.p99)}  (${t.calls} calls in ${t.seconds.toFixed(1)} s, ${t.failed} failed; ${cpu})`);
  }
}

async function apiSection() {
  section(`(c) list API over HTTP: ${ROWS.toLocaleString('en')} hisDoctor rows, ${CALLS} sequential signed calls`);
  const r: ApiResult = await apiBench(ROWS, CALLS);
  printApi(r);
  const main = r.series[0];
  if (main) judge(`list API p50, ${main.label.split(',')[0]} (${ROWS.toLocaleString('en')} rows)`, '≤ 20 ms', main.p50, 20, ms);
  const like = r.series[1];
  if (like) judge('list API p50, like filter (same query)', '≤ 20 ms', like.p50, 20, ms);
  const fresh = r.series[2];
  if (fresh) judge('list API p50, like filter (uncached counts)', '≤ 20 ms', fresh.p50, 20, ms);
  const broad = r.series[4];
  if (broad) judge('list API p50, like >10,000 matches (uncached)', '≤ 20 ms', broad.p50, 20, ms);
  const deep = r.series[5];
  if (deep) judge('list API p50, like >10,000 matches, pages 901..1000', '≤ 20 ms', deep.p50, 20, ms);
  const tp = r.throughput[0];
  if (tp) verdicts.push({ what: `list calls/s, ${tp.clients} clients, one process`, target: '≥ 2,000/s', measured: `${tp.perSecond.toFixed(0)}/s`, ok: tp.perSecond >= 2000 });
  if (process.env.BENCH_PG === '0') return;
  section(`(c') the same on PostgreSQL`);
  const p = await apiBenchPostgres(ROWS, CALLS);
  if (typeof p === 'string') {
    console.log(`  skipped: ${p}`);
    return;
  }
  printApi(p);
  const pFresh = p.series[2];
  if (pFresh) judge('PostgreSQL: list API p50, like (uncached counts)', '≤ 20 ms', pFresh.p50, 20, ms);
  const pBroad = p.series[4];
  if (pBroad) judge('PostgreSQL: like >10,000 matches (uncached)', '≤ 20 ms', pBroad.p50, 20, ms);
  const pDeep = p.series[5];
  if (pDeep) judge('PostgreSQL: like >10,000 matches, pages 901..1000', '≤ 20 ms', pDeep.p50, 20, ms);
  const pTp = p.throughput[0];
  if (pTp) verdicts.push({ what: `PostgreSQL: list calls/s, ${pTp.clients} clients`, target: '≥ 2,000/s', measured: `${pTp.perSecond.toFixed(0)}/s`, ok: pTp.perSecond >= 2000 });
}

async function cryptoSection() {
  section('(crypto) protocol crypto per call on this Node, µs: crypto-js | node:crypto | WebCrypto');
  for (const f of await cryptoBench()) {
    console.log(`  ${f.label.padEnd(46)} ${String(f.bytes).padStart(6)} B  ${f.cryptoJs.toFixed(1).padStart(8)} | ${f.node.toFixed(1).padStart(7)} | ${f.web.toFixed(1).padStart(7)}`);
  }
}

async function scaleSection() {
  section('(d) catalogue size: start, menu answer, linter, build');
  const r = await scaleBench();
  console.log(`  ${r.modules} module schemas (${r.menuModules} menu pages)`);
  console.log(`  server start (spawn -> first answer): first start ${ms(r.firstStartMs)} (tables, seed), on the existing database ${ms(r.restartMs)}`);
  console.log(`  permission answer (menu, codes) as admin: p50 ${ms(r.menuP50)}, p99 ${ms(r.menuP99)}`);
  console.log(`  schema linter, whole catalogue: ${ms(r.lintMs)};  vite build: ${Number.isFinite(r.buildMs) ? `${ms(r.buildMs)} (fresh machine), again ${ms(r.rebuildMs)} (compressed copies of unchanged files cached)` : 'skipped (BENCH_BUILD=0)'}`);
  judge('server start on an existing database', '≤ 2 s', r.restartMs, 2000, ms);
  judge('permission (menu) answer p50', '≤ 30 ms', r.menuP50, 30, ms);
  judge('npm run lint:schemas (in process)', '≤ 1 s', r.lintMs, 1000, ms);
  judge('npm run build', '≤ 15 s', r.buildMs, 15_000, ms);
}

async function main() {
  const t0 = Date.now();
  const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
  console.log(`bench: ${new Date().toISOString()}, node ${process.version}, ${cpus().length} cores, load average ${load()}, runs ${RUNS}`);
  if (loadavg()[0]! > cpus().length) console.log('  (the machine is busy: timings will be inflated)');
  const speed = machineSpeed();
  console.log(`machine: integer loop ${speed.loopMs.toFixed(0)} ms, first touch of fresh memory ${speed.pageFaultUs.toFixed(2)} µs per 4 KiB page`);
  // a fault usually costs about a microsecond; at several every new renderer and growing heap pays it
  if (speed.pageFaultUs > 2) console.log('  (page faults are slow on this machine now: browser timings will be inflated, compare with the floor page)');
  if (ONLY.has('bundle') || ONLY.has('browser')) ensureBuilt();
  if (ONLY.has('bundle')) await guarded('bundle', bundleSection);
  if (ONLY.has('crypto')) await guarded('crypto', cryptoSection);
  if (ONLY.has('browser')) {
    await guarded('browser', async () => {
      const server = await startServer({ seedRows: 55 });
      let browser: Browser | undefined;
      try {
        browser = await launchBrowser();
        await browserSection(server, browser);
      } finally {
        await browser?.close().catch(() => undefined);
        await server.stop();
      }
    });
  }
  if (ONLY.has('api')) await guarded('api', apiSection);
  if (ONLY.has('scale')) await guarded('scale', scaleSection);

  section('summary vs the developers\' guide');
  const w = Math.max(...verdicts.map((v) => v.what.length), 10);
  console.log(`  ${'measure'.padEnd(w)}  ${'target'.padEnd(14)}  ${'measured'.padEnd(12)}  verdict`);
  for (const v of verdicts) {
    console.log(`  ${v.what.padEnd(w)}  ${v.target.padEnd(14)}  ${v.measured.padEnd(12)}  ${v.ok === null ? 'n/a' : v.ok ? 'ok' : 'OVER'}`);
  }
  console.log(`\nbench took ${((Date.now() - t0) / 1000).toFixed(0)} s; load average now ${load()}`);
}

main()
  .catch((e) => console.log(`bench error: ${(e as Error).stack ?? e}`))
  .finally(() => process.exit(0));
