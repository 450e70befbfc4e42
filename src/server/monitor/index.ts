/**
 * 系统监控 (platform super administrator only): GET /sys/monitor/info answers the server (host,
 * CPUs, load, memory), the disks of the data directory and of the root, the Node process (memory,
 * CPU time, uptime, versions), the database (dialect, version, size, tables, round trip), the
 * last HTTP requests (a ring buffer of this instance: time, method, path without the query,
 * status, duration; OPTIONS and the monitor's own calls are left out) and Redis (not configured:
 * this server does not use it). Only the caller who holds every permission code, in the platform
 * tenant, may read it: 403 `没有权限：系统监控仅限平台超级管理员`.
 */
import { statfsSync } from 'node:fs';
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { holds } from '../../core/access/index.js';
import { ok } from '../../core/protocol/index.js';
import { grantsOfUser, type SessionUser } from '../auth/session.js';
import { SUPER_TENANT_ID, type AppContext } from '../context.js';
import { nowText } from '../db/ids.js';
import { ApiError } from '../errors.js';

export const MONITOR_PATH = '/sys/monitor/info';
/** The console page (a static route of the console). */
export const MONITOR_PAGE = { path: '/monitor/system', title: '系统监控' } as const;
/** A code no role is granted (no module declares it): only the holder of every code has it. */
export const MONITOR_CODE = 'monitor:view';
export const TRACE_SIZE = 100;

export interface TraceEntry {
  /** Sequence number within this instance. */
  id: number;
  time: string;
  method: string;
  uri: string;
  status: number;
  timeTaken: number;
}

/** Last requests of this instance, newest first when read. */
export class HttpTrace {
  private readonly buf: TraceEntry[] = [];
  private next = 0;
  private seq = 0;
  constructor(readonly size = TRACE_SIZE) {}
  add(entry: Omit<TraceEntry, 'id'>): void {
    const e = { id: ++this.seq, ...entry };
    if (this.buf.length < this.size) this.buf.push(e);
    else this.buf[this.next] = e;
    this.next = (this.next + 1) % this.size;
  }
  list(): TraceEntry[] {
    const ordered = this.buf.length < this.size ? this.buf.slice() : [...this.buf.slice(this.next), ...this.buf.slice(0, this.next)];
    return ordered.reverse();
  }
}

/** Platform super administrator: every code, acting in the platform tenant. */
export function mayMonitor(user: SessionUser): boolean {
  return user.tenantId === SUPER_TENANT_ID && holds(grantsOfUser(user), MONITOR_CODE);
}

function disk(path: string, name: string) {
  try {
    const s = statfsSync(path);
    const total = s.blocks * s.bsize;
    const free = s.bavail * s.bsize;
    return { name, path, total, free, used: total - free, usedPercent: total > 0 ? Math.round(((total - free) / total) * 1000) / 10 : 0 };
  } catch {
    return null;
  }
}

async function databaseInfo(ctx: AppContext) {
  const { db, dialect } = ctx.database;
  const t0 = performance.now();
  await sql`select 1`.execute(db);
  const roundTripMs = Math.round((performance.now() - t0) * 100) / 100;
  if (dialect === 'postgres') {
    const v = await sql<{ v: string; size: string; tables: string }>`select version() as v, pg_database_size(current_database()) as size, (select count(*) from information_schema.tables where table_schema = current_schema()) as tables`.execute(db);
    const r = v.rows[0]!;
    return { dialect, version: String(r.v), sizeBytes: Number(r.size), tables: Number(r.tables), roundTripMs };
  }
  const v = await sql<{ v: string }>`select sqlite_version() as v`.execute(db);
  const pages = await sql<{ n: number }>`select page_count * page_size as n from pragma_page_count(), pragma_page_size()`.execute(db);
  const tables = await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table'`.execute(db);
  return { dialect, version: `SQLite ${v.rows[0]!.v}`, sizeBytes: Number(pages.rows[0]?.n ?? 0), tables: Number(tables.rows[0]?.n ?? 0), roundTripMs };
}

export async function monitorInfo(ctx: AppContext, trace: HttpTrace, dataDir: string) {
  const cpus = os.cpus();
  const mem = process.memoryUsage();
  const cpu = process.cpuUsage();
  return {
    time: nowText(),
    server: {
      hostname: os.hostname(),
      platform: `${os.type()} ${os.release()} (${os.arch()})`,
      cpuModel: cpus[0]?.model ?? '',
      cpuCount: cpus.length,
      loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
      totalMemory: os.totalmem(),
      freeMemory: os.freemem(),
      uptimeSeconds: Math.round(os.uptime()),
    },
    disks: [disk(dataDir, '数据目录'), disk('/', '根目录')].filter((d): d is NonNullable<typeof d> => d !== null),
    process: {
      pid: process.pid,
      node: process.version,
      uptimeSeconds: Math.round(process.uptime()),
      rss: mem.rss,
      heapTotal: mem.heapTotal,
      heapUsed: mem.heapUsed,
      external: mem.external,
      cpuUserMs: Math.round(cpu.user / 1000),
      cpuSystemMs: Math.round(cpu.system / 1000),
    },
    database: await databaseInfo(ctx),
    httpTrace: trace.list(),
    redis: { configured: false },
  };
}

/** Records every answered request of the API scope (except OPTIONS and the monitor's own). */
export function registerMonitor(app: FastifyInstance, ctx: AppContext, opts: { dataDir: string; trace?: HttpTrace }): HttpTrace {
  const trace = opts.trace ?? new HttpTrace();
  app.addHook('onResponse', async (req, reply) => {
    if (req.method === 'OPTIONS') return;
    const uri = req.url.split('?')[0]!;
    if (uri.endsWith(MONITOR_PATH)) return;
    trace.add({ time: nowText(), method: req.method, uri, status: reply.statusCode, timeTaken: Math.round(reply.elapsedTime) });
  });
  app.get(MONITOR_PATH, async (req) => {
    if (!mayMonitor(req.session!)) throw new ApiError(403, '没有权限：系统监控仅限平台超级管理员');
    return ok(await monitorInfo(ctx, trace, opts.dataDir));
  });
  return trace;
}
