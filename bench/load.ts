/**
 * The throughput load: `clients` concurrent callers, one keep-alive connection each, repeating
 * signed list calls (each signed afresh, as the console signs) for a warm-up and then for the
 * measured seconds.
 *
 * The generator shares the machine's cores with the server, so it is kept lean: node:http
 * with a keep-alive agent, the body read and dropped (a server's throughput is what it
 * answers, not what a client does with the answer). Node's fetch cost about twice the CPU per
 * call (~430 against ~220 µs here), taken from the server's share of two cores.
 *
 * The warm-up runs the same load unmeasured: a fresh server's CPU per call fell from ~650 to
 * ~470 µs over its first 20 s of load (JIT tiers, heap sizing), and a console's server runs
 * for hours. Both CPU figures are reported, so a reader sees where a call's time goes.
 */
import http from 'node:http';
import type { ApiClient, Query } from './client.js';
import { cpuMs } from './proc-cpu.js';

export interface LoadResult {
  calls: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
  /** CPU of the server process (and its PostgreSQL backends when given) per call, µs. */
  serverCpuUs: number | null;
  /** Of which the PostgreSQL backends' (extraCpuMs), µs; null without them. */
  backendCpuUs: number | null;
  /** CPU of this process (the load generator) per call, µs. */
  generatorCpuUs: number;
}

export interface LoadOptions {
  clients: number;
  seconds: number;
  warmupSeconds: number;
  /** The server's pid, for its CPU per call (Linux /proc). */
  serverPid?: number;
  /** Extra CPU ms to count as the server's (PostgreSQL backends), read before and after the measured load. */
  extraCpuMs?: () => number | Promise<number>;
}

export function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** A signed GET over a keep-alive agent; resolves with the status once the body is read. */
function getter(api: ApiClient, clients: number): (path: string, q: Query) => Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const { hostname, port } = new URL(api.origin);
  return (path, q) => {
    const { url, headers } = api.signedGet(path, q);
    return new Promise((resolve, reject) => {
      const req = http.request({ hostname, port, path: url, headers, agent }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  };
}

export async function runLoad(api: ApiClient, path: string, queries: (i: number) => Query, o: LoadOptions): Promise<LoadResult> {
  const get = getter(api, o.clients);
  let i = 0;
  const drive = async (seconds: number, times: number[] | null) => {
    let failed = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: o.clients }, async () => {
        while (performance.now() < end) {
          const s = performance.now();
          const status = await get(path, queries(i++)).catch(() => 0);
          if (status !== 200) failed++;
          times?.push(performance.now() - s);
        }
      }),
    );
    return failed;
  };
  if (o.warmupSeconds > 0) await drive(o.warmupSeconds, null);
  const times: number[] = [];
  const extra0 = (await o.extraCpuMs?.()) ?? 0;
  const server0 = o.serverPid ? cpuMs(o.serverPid) + extra0 : 0;
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  const failed = await drive(o.seconds, times);
  const seconds = (performance.now() - t0) / 1000;
  const own = process.cpuUsage(own0);
  const extraMs = ((await o.extraCpuMs?.()) ?? 0) - extra0;
  const serverCpuMs = o.serverPid ? cpuMs(o.serverPid) + extraMs + extra0 - server0 : NaN;
  times.sort((a, b) => a - b);
  const calls = times.length;
  return {
    calls,
    seconds,
    perSecond: calls / seconds,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    failed,
    serverCpuUs: o.serverPid ? (serverCpuMs * 1000) / calls : null,
    backendCpuUs: o.extraCpuMs ? (extraMs * 1000) / calls : null,
    generatorCpuUs: (own.user + own.system) / calls,
  };
}
