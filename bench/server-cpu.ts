/**
 * `npx tsx bench/server-cpu.ts <dataDir> [seconds]`: the server's own CPU time per list call,
 * a figure other processes on a shared machine barely move (calls/s does: the load generator
 * and every other process take the same cores). Starts the real server on an existing data
 * directory (e.g. BENCH_DATA_DIR/1000000 of `npm run bench`), runs BENCH_CLIENTS (100)
 * concurrent signed list calls for `seconds`, and prints calls/s and the server's user+system
 * CPU per call from /proc. PROFILE=1 writes a V8 CPU profile of the server to /tmp/srv-prof
 * (`--cpu-prof`); DATABASE_URL runs it on PostgreSQL; QUERY picks the series (sex | pages | like).
 */
import { USERS, startServer } from '../tests/e2e/harness.js';
import { ApiClient } from './client.js';
import { listQuery } from './list-queries.js';
import { backendPids, cpuMs } from './proc-cpu.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: tsx bench/server-cpu.ts <dataDir> [seconds]');
const seconds = Number(process.argv[3] ?? 5);
const clients = Number(process.env.BENCH_CLIENTS ?? 100);

const pick = listQuery(process.env.QUERY ?? 'sex');


const env: Record<string, string> = {};

if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;
const nodeArgs = process.env.PROFILE === '1' ? ['--cpu-prof', '--cpu-prof-dir=/tmp/srv-prof'] : [];
const server = await startServer({ apiOnly: true, dataDir, seedRows: 5, env, nodeArgs, timeoutMs: 600_000 });
try {
  const api = new ApiClient(server.url);
  await api.login(USERS.admin.username, USERS.admin.password);
  const path = '/hisDoctor/list';
  // warm-up: JIT, statement caches, pools
  await Promise.all(Array.from({ length: 20 }, async (_, k) => { for (let i = 0; i < 20; i++) await (await api.rawGet(path, pick(k * 20 + i))).arrayBuffer(); }));
  const pid = server.proc.pid!;
  // PostgreSQL: the CPU of the server's pooled backends too (the other half of a call's cost)
  const backends = process.env.DATABASE_URL ? await backendPids(process.env.DATABASE_URL) : [];
  const pgCpu = () => backends.reduce((a, b) => { try { return a + cpuMs(b); } catch { return a; } }, 0);
  const pg0 = pgCpu();
  const cpu0 = cpuMs(pid);
  const times: number[] = [];
  let failed = 0;
  let n = 0;
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(Array.from({ length: clients }, async () => {
    while (performance.now() < end) {
      const s = performance.now();
      const res = await api.rawGet(path, pick(n++));
      await res.arrayBuffer();
      if (!res.ok) failed++;
      times.push(performance.now() - s);
    }
  }));
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = cpuMs(pid) - cpu0;
  const pgUsed = pgCpu() - pg0;
  times.sort((a, b) => a - b);
  const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  console.log(
    `${process.env.QUERY ?? 'sex'}: ${times.length} calls in ${elapsed.toFixed(1)} s = ${(times.length / elapsed).toFixed(0)}/s, p50 ${p(0.5).toFixed(0)} ms, p99 ${p(0.99).toFixed(0)} ms, ${failed} failed; ` +
      `server CPU ${((cpu * 1000) / times.length).toFixed(0)} µs/call (${(cpu / 1000 / elapsed).toFixed(2)} cores)` +
      (backends.length ? `, PostgreSQL backends (${backends.length}) ${((pgUsed * 1000) / times.length).toFixed(0)} µs/call` : ''),
  );
} finally {
  await server.stop();
}
