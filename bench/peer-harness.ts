/**
 * The figures of the developers' guide measured by the shared harness itself
 * (../shared/perf/harness.cjs with target-us.cjs): the way the comparable consoles were
 * measured, a fresh Chromium profile per run, the login page cold, then logged in a dashboard →
 * list menu click and a cold list load. Run against a server this bench started.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../tests/e2e/harness.js';

export interface PeerFigures {
  loginFormVisible: number;
  loginJsGzip: number;
  listRowsVisible: number;
  listJsGzip: number;
  routeSwitch: number;
  heapAfterGc: number;
  /** Each run's login form, cold rows and route switch times (ms), in run order. */
  runs: { formVisible: number[]; rowsVisible: number[]; routeSwitch: number[] };
}

/** Where the shared harness lives beside the checkout, or undefined when it is not there. */
export function peerHarnessDir(): string | undefined {
  const dir = join(ROOT, '..', 'shared', 'perf');
  return existsSync(join(dir, 'harness.cjs')) && existsSync(join(dir, 'target-us.cjs')) ? dir : undefined;
}

/** Medians of `runs` runs of the shared harness against `base` (the console and its server). */
export async function peerHarness(dir: string, base: string, runs: number): Promise<PeerFigures> {
  const req = createRequire(join(ROOT, 'package.json'));
  // target-us.cjs reads BASE and the dist folder (from the working directory) when it loads
  const before = { base: process.env.BASE, cwd: process.cwd() };
  process.env.BASE = base;
  process.chdir(ROOT);
  try {
    const target = req(join(dir, 'target-us.cjs'));
    type Run = Record<string, number>;
    const harness = req(join(dir, 'harness.cjs')) as { main(peer: unknown, runs: number): Promise<{ login: Run[]; list: Run[]; median: { login: Run; list: Run } }> };
    // the harness reports each run on stderr as JSON: the runs are printed here instead
    const error = console.error;
    console.error = () => undefined;
    const out = await harness.main(target, runs).finally(() => (console.error = error));
    const { median } = out;
    return {
      loginFormVisible: median.login.formVisible!,
      loginJsGzip: median.login.jsGzip6!,
      listRowsVisible: median.list.rowsVisible!,
      listJsGzip: median.list.jsGzip6!,
      routeSwitch: median.list.routeSwitch!,
      heapAfterGc: median.list.heapUsedAfterGC!,
      runs: {
        formVisible: out.login.map((r) => r.formVisible!),
        rowsVisible: out.list.map((r) => r.rowsVisible!),
        routeSwitch: out.list.map((r) => r.routeSwitch!),
      },
    };
  } finally {
    if (before.base === undefined) delete process.env.BASE;
    else process.env.BASE = before.base;
    process.chdir(before.cwd);
  }
}
