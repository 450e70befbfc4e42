/**
 * The catalogue's size: what a growing number of modules costs where the developers' guide
 * sets limits — server start on an existing database, the permission (menu) answer, the schema
 * linter, and the production build. Figures only; bench/run.ts prints them against the limits.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lintSchemas } from '../generators/lint.js';
import { ROOT, USERS, startServer } from '../tests/e2e/harness.js';
import { ApiClient } from './client.js';

export interface ScaleResult {
  modules: number;
  menuModules: number;
  /** First start (create tables, seed) and a start on the database it left, ms to the first answer. */
  firstStartMs: number;
  restartMs: number;
  /** GET /sys/permission/getUserPermissionByToken as admin, sequential calls. */
  menuP50: number;
  menuP99: number;
  lintMs: number;
  /** `vite build` into a temporary folder, as on a fresh machine (no compressed copies cached); NaN when skipped (BENCH_BUILD=0). */
  buildMs: number;
  /** The same build again: the compressed copies of unchanged files come from the cache. */
  rebuildMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.99) - 1)]!;

export async function scaleBench(calls = 50): Promise<ScaleResult> {
  const dir = join(ROOT, 'schemas/modules');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const menuModules = files.filter((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { menu?: unknown }).menu).length;

  const dataDir = mkdtempSync(join(tmpdir(), 'hosp-scale-'));
  try {
    let t = performance.now();
    const first = await startServer({ apiOnly: true, dataDir, seedRows: 20, timeoutMs: 180_000 });
    const firstStartMs = performance.now() - t;
    await first.stop();
    t = performance.now();
    const server = await startServer({ apiOnly: true, dataDir, seedRows: 20, timeoutMs: 180_000 });
    const restartMs = performance.now() - t;
    const times: number[] = [];
    try {
      const api = new ApiClient(server.url);
      await api.login(USERS.admin.username, USERS.admin.password);
      for (let i = 0; i < 5; i++) await (await api.rawGet('/sys/permission/getUserPermissionByToken')).text();
      for (let i = 0; i < calls; i++) {
        const s = performance.now();
        const res = await api.rawGet('/sys/permission/getUserPermissionByToken');
        await res.text();
        if (!res.ok) throw new Error(`permission answer: HTTP ${res.status}`);
        times.push(performance.now() - s);
      }
    } finally {
      await server.stop();
    }

    t = performance.now();
    lintSchemas(join(ROOT, 'schemas'));
    const lintMs = performance.now() - t;

    let buildMs = NaN;
    let rebuildMs = NaN;
    if (process.env.BENCH_BUILD !== '0') {
      const out = mkdtempSync(join(tmpdir(), 'hosp-scale-build-'));
      // a cache of compressed copies of its own, empty at the first build (generators/precompress.ts)
      const cache = mkdtempSync(join(tmpdir(), 'hosp-scale-precompress-'));
      const build = () => {
        const s = performance.now();
        const r = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, PRECOMPRESS_CACHE: cache } });
        return r.status === 0 ? performance.now() - s : NaN;
      };
      buildMs = build();
      rebuildMs = build();
      rmSync(out, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
    }
    return { modules: files.length, menuModules, firstStartMs, restartMs, menuP50: median(times), menuP99: p99(times), lintMs, buildMs, rebuildMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
