/**
 * `npx tsx bench/server-cpu.ts <dataDir> [seconds]`: the server's own CPU time per list call,
 * a figure other processes on a shared machine barely move (calls/s does: the load generator
 * and every other process take the same cores). Starts the real server on an existing data
 * directory (e.g. BENCH_DATA_DIR/1000000 of `npm run bench`), runs BENCH_CLIENTS (100)
 * concurrent signed list calls for `seconds`, and prints calls/s and the server's user+system
 * CPU per call from /proc, after BENCH_WARMUP (5) seconds of the same load (bench/load.ts). PROFILE=1 writes a V8 CPU profile of the server to /tmp/srv-prof
 * (`--cpu-prof`); DATABASE_URL runs it on PostgreSQL; QUERY picks the series (sex | pages | like).
 */
import { USERS, startServer } from '../tests/e2e/harness.js';
import { ApiClient } from './client.js';
import { listQuery } from './list-queries.js';
import { runLoad } from './load.js';
import { backendsCpuReader } from './proc-cpu.js';

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
  // PostgreSQL: the CPU of the server's pooled backends too (the other half of a call's cost)
  const backends = process.env.DATABASE_URL ? backendsCpuReader(process.env.DATABASE_URL) : undefined;
  const r = await runLoad(api, path, pick, {
    clients,
    seconds,
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 5),
    serverPid: server.proc.pid,
    extraCpuMs: backends,
  });
  console.log(
    `${process.env.QUERY ?? 'sex'}: ${r.calls} calls in ${r.seconds.toFixed(1)} s = ${r.perSecond.toFixed(0)}/s, p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, ${r.failed} failed; ` +
      `server CPU ${r.serverCpuUs?.toFixed(0)} µs/call${backends ? ` (of which PostgreSQL's backends ${r.backendCpuUs?.toFixed(0)})` : ''}, ` +
      `load generator ${r.generatorCpuUs.toFixed(0)} µs/call`,
  );
} finally {
  await server.stop();
}
