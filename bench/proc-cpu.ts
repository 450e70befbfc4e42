/**
 * CPU time of processes on Linux, for the server benches: a process's own (utime + stime from
 * /proc) and the PostgreSQL backends serving a database (by pg_stat_activity).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';

const TICK = 100; // USER_HZ on Linux

/** utime + stime of a process in ms. */
export function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return ((Number(rest[11]) + Number(rest[12])) * 1000) / TICK;
}

/** Backends connected to the database of `url` (a server's pool), by pg_stat_activity. */
export async function backendPids(url: string): Promise<number[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).rows.map((r) => r.pid);
  } finally {
    await c.end();
  }
}

/**
 * The CPU ms of the backends serving the database of `url`, as a reader for runLoad's
 * extraCpuMs: the backends are listed on its first read, after the warm-up, when the server's
 * pool has opened all the connections the load makes it open (listed before, it missed those
 * opened later, and their share of the work).
 */
export function backendsCpuReader(url: string): () => Promise<number> {
  let pids: number[] | undefined;
  return async () => {
    pids ??= await backendPids(url);
    return pids.reduce((a, b) => { try { return a + cpuMs(b); } catch { return a; } }, 0);
  };
}
