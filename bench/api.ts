/**
 * List API at scale: a temp DATA_DIR whose his_doctor table holds N rows of one tenant
 * (bulk-inserted in one transaction after the server created the tables), then the real
 * server answering sequential signed list calls over HTTP.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { PG_ADMIN_URL, createTestDatabase, probePostgres } from '../tests/server/pg-helpers.js';
import { generateRowsIter } from '../src/server/demo/index.js';
import type { DictSchema, ResourceSchema } from '../src/core/schema/types.js';
import { SYSTEM_COLS, buildModel, rowToRecord, toStored } from '../src/server/resources/model.js';
import { ROOT, USERS, startServer } from '../tests/e2e/harness.js';
import { dropSubstringIndexSql } from '../src/server/db/substring-index.js';
import { ApiClient, type Query } from './client.js';
import { percentile, runLoad, type LoadOptions, type LoadResult } from './load.js';
import { backendsCpuReader } from './proc-cpu.js';

export interface Series {
  label: string;
  calls: number;
  p50: number;
  p99: number;
  min: number;
  total: number | null;
}

export interface Throughput extends LoadResult {
  label: string;
  clients: number;
  warmupSeconds: number;
}

export interface ApiResult {
  rows: number;
  seedMs: number;
  /** What was loaded. */
  loaded: string;
  series: Series[];
  throughput: Throughput[];
}

/** The throughput load (bench/load.ts) under a label. */
async function throughput(api: ApiClient, label: string, path: string, queries: (i: number) => Query, o: LoadOptions): Promise<Throughput> {
  return { label, clients: o.clients, warmupSeconds: o.warmupSeconds, ...(await runLoad(api, path, queries, o)) };
}

type Row = Record<string, unknown>;

function readJson<T>(p: string): T {
  return JSON.parse(readFileSync(p, 'utf8')) as T;
}

function loadSchema(name: string): ResourceSchema {
  return readJson<ResourceSchema>(join(ROOT, 'schemas/modules', `${name}.json`));
}

/** The dictionaries of schemas/dicts, as the generator wants them. */
function readDicts(): Map<string, DictSchema> {
  const dicts = new Map<string, DictSchema>();
  for (const f of readdirSync(join(ROOT, 'schemas/dicts'))) {
    const d = readJson<DictSchema>(join(ROOT, 'schemas/dicts', f));
    dicts.set(d.code, d);
  }
  return dicts;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const dateTime = (d: Date) =>
  `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;

/**
 * Replaces the tenant's rows of `schema` in DATA_DIR/hospital.db by `count` rows from
 * src/server/demo, stored the server's way (resources/model.ts), in one transaction.
 * Refs point at the hospitals/departments the server seeded for that tenant.
 */
function seed(dataDir: string, schema: ResourceSchema, count: number, tenantId: number): string {
  const db = new BetterSqlite3(join(dataDir, 'hospital.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const m = buildModel(schema);
  const cols = new Set((db.prepare(`pragma table_info(${m.table})`).all() as Array<{ name: string }>).map((c) => c.name));
  if (cols.size === 0) throw new Error(`table ${m.table} does not exist after the server's first start`);

  // API-shaped stored rows of referenced resources (refs with a filter need the rows).
  const refRows: Record<string, Array<Record<string, unknown>>> = {};
  for (const f of schema.fields) {
    const target = f.ref?.resource;
    if (!target || refRows[target]) continue;
    const tm = buildModel(loadSchema(target));
    refRows[target] = (db.prepare(`select * from ${tm.table} where tenant_id = ?`).all(tenantId) as Array<Record<string, unknown>>).map(
      (r) => rowToRecord(tm, r),
    );
  }

  const columns = [...SYSTEM_COLS.map((c) => c.column), ...m.fields.map((c) => c.column)].filter((c) => cols.has(c));
  const insert = db.prepare(`insert into ${m.table} (${columns.map((c) => `"${c}"`).join(',')}) values (${columns.map(() => '?').join(',')})`);
  const start = Date.now() - count * 60_000;
  // Bulk-load without the secondary indexes, then rebuild them (same SQL the server created).
  const indexes = db
    .prepare(`select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null`)
    .all(m.table) as Array<{ name: string; sql: string }>;
  let n = 0;
  db.transaction(() => {
    // the n-gram index is rebuilt in one pass by the server's next start, not row by row here
    for (const stmt of dropSubstringIndexSql('sqlite', m.table)) db.exec(stmt);
    db.prepare(`delete from ${m.table} where tenant_id = ?`).run(tenantId);
    for (const i of indexes) db.exec(`drop index "${i.name}"`);
    const rows = generateRowsIter(schema, count, { seed: 20260101, tenantId, dicts: readDicts(), refRows });
    const row: Record<string, unknown> = {};
    for (const rec of rows) {
      const ms = start + n * 60_000;
      const t = dateTime(new Date(ms));
      row.id = `${ms}${String(n % 1_000_000).padStart(6, '0')}`;
      row.tenant_id = tenantId;
      row.create_by = 'bench';
      row.create_time = t;
      row.update_by = null;
      row.update_time = null;
      row.version = 1;
      for (const c of m.fields) row[c.column] = toStored(c, rec[c.key]);
      insert.run(...columns.map((c) => row[c] ?? null));
      n++;
    }
    for (const i of indexes) db.exec(i.sql);
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return `${n.toLocaleString('en')} rows of tenant ${tenantId} in ${m.table} (src/server/demo, refs: ${Object.entries(refRows)
    .map(([k, v]) => `${v.length} ${k}`)
    .join(', ')})`;
}

async function series(api: ApiClient, label: string, path: string, queries: (i: number) => Query, calls: number): Promise<Series> {
  // Warm-up: statement caches, JIT, keep-alive connection.
  for (let i = 0; i < 5; i++) await (await api.rawGet(path, queries(i))).text();
  const times: number[] = [];
  let total: number | null = null;
  for (let i = 0; i < calls; i++) {
    const q = queries(i);
    const t0 = performance.now();
    const res = await api.rawGet(path, q);
    const text = await res.text();
    times.push(performance.now() - t0);
    if (i === 0 || !res.ok) {
      const env = api.decode<{ total: number }>(text);
      if (!env.success) throw new Error(`${label}: ${res.status} ${env.message}`);
      total = env.result.total;
    }
  }
  times.sort((a, b) => a - b);
  return { label, calls, p50: percentile(times, 0.5), p99: percentile(times, 0.99), min: times[0]!, total };
}

/** The list series and throughput against a running server whose hisDoctor table is loaded. */
async function measure(url: string, base: string, calls: number, serverPid: number | undefined, databaseUrl?: string): Promise<{ series: Series[]; throughput: Throughput[] }> {
  const api = new ApiClient(url);
  await api.login(USERS.admin.username, USERS.admin.password);
  const list = `${base}/list`;
  const out: Series[] = [];
  const common = { pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' };
  out.push(await series(api, 'sex=1, createTime desc, page 1 (same query)', list, () => ({ ...common, sex: '1' }), calls));
  out.push(await series(api, 'realname like *张*, page 1 (same query)', list, () => ({ ...common, realname: '*张*' }), calls));
  // Varying name fragments so the server's count cache cannot answer.
  const names = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹'];
  const given = [...'伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华'];
  out.push(
    await series(
      api,
      'realname like *<varying>*, varying page (uncached count)',
      list,
      (i) => ({ ...common, pageNo: 1 + (i % 20), realname: `*${names[i % names.length]}${given[(i * 7) % given.length]}*` }),
      Math.min(calls, 30),
    ),
  );
  out.push(
    await series(api, 'no filter, createTime desc, varying page 1..1000', list, (i) => ({ ...common, pageNo: 1 + ((i * 37) % 1000) }), calls),
  );
  // One surname each call: tens of thousands of matches, a count no cache has seen.
  out.push(
    await series(api, 'realname like *<surname>* (uncached count, >10,000 matches)', list, (i) => ({ ...common, realname: `*${names[(i + 5) % names.length]}*` }), names.length - 5),
  );
  // The last pages the pager offers for those searches (共10,000+条: pages 901..1000 of ten rows)
  out.push(
    await series(api, 'realname like *<surname>*, deep page 901..1000 (>10,000 matches)', list, (i) => ({ ...common, pageNo: 901 + ((i * 13) % 100), realname: `*${names[i % names.length]}*` }), names.length),
  );
  const tp: Throughput[] = [];
  // PostgreSQL: the server's pooled backends do half a call's work; their CPU counts as the server's
  const load: LoadOptions = {
    clients: Number(process.env.BENCH_CLIENTS ?? 100),
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 5),
    serverPid,
    extraCpuMs: databaseUrl ? backendsCpuReader(databaseUrl) : undefined,
  };
  tp.push(await throughput(api, 'page 1, sex=1 (same query)', list, () => ({ ...common, sex: '1' }), load));
  tp.push(await throughput(api, 'varying page 1..1000, no filter', list, (i) => ({ ...common, pageNo: 1 + ((i * 37) % 1000) }), load));
  return { series: out, throughput: tp };
}

/**
 * BENCH_DATA_DIR keeps the seeded database between runs (it is seeded once per row count),
 * so code changes can be compared on the same data without a minute of seeding each time.
 */
export async function apiBench(rows: number, calls: number): Promise<ApiResult> {
  const schema = loadSchema('hisDoctor');
  const base = schema.api?.base ?? `/${schema.name}`;
  const tenantId = USERS.admin.tenantId;
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ? join(keep, String(rows)) : mkdtempSync(join(tmpdir(), 'hosp-bench-'));
  const marker = join(dataDir, 'bench-seeded.txt');
  try {
    let how: string;
    let seedMs = 0;
    if (keep && existsSync(marker)) {
      how = `${readFileSync(marker, 'utf8')} (kept in ${dataDir})`;
      console.log(`  reusing ${how}`);
    } else {
      mkdirSync(dataDir, { recursive: true });
      // 1. Let the server create and seed its tables, then stop it.
      const first = await startServer({ apiOnly: true, dataDir, seedRows: 5 });
      await first.stop();
      // 2. Bulk load.
      const t0 = performance.now();
      how = seed(dataDir, schema, rows, tenantId);
      seedMs = performance.now() - t0;
      if (keep) writeFileSync(marker, how);
      console.log(`  seeded in ${(seedMs / 1000).toFixed(1)} s — ${how}`);
    }
    // 3. The real server on that data.
    const server = await startServer({ apiOnly: true, dataDir, seedRows: 5, timeoutMs: 300_000 });
    try {
      const { series: out, throughput: tp } = await measure(server.url, base, calls, server.proc.pid);
      return { rows, seedMs, loaded: how, series: out, throughput: tp };
    } finally {
      await server.stop();
    }
  } finally {
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The same figures on PostgreSQL (when one answers, as the server tests find it): a throw-away
 * database, the server's own first start creating its tables, the rows bulk-inserted in batches
 * (secondary indexes and the n-gram index rebuilt after), then the real server on it.
 */
export async function apiBenchPostgres(rows: number, calls: number): Promise<ApiResult | string> {
  const probe = await probePostgres();
  if (!probe.available) return probe.reason;
  const schema = loadSchema('hisDoctor');
  const base = schema.api?.base ?? `/${schema.name}`;
  const tenantId = USERS.admin.tenantId;
  // BENCH_DATA_DIR set: the seeded database is kept (hosp_bench_kept_<rows>) and reused
  const kept = process.env.BENCH_DATA_DIR ? await keptDatabase(rows) : undefined;
  const tdb = kept ?? (await createTestDatabase('hosp_bench'));
  const dataDir = mkdtempSync(join(tmpdir(), 'hosp-bench-pg-'));
  const env = { DATABASE_URL: tdb.url };
  try {
    let seedMs = 0;
    let how = kept?.seeded ?? '';
    if (how) console.log(`  reusing ${how} (database ${tdb.name})`);
    else {
      const first = await startServer({ apiOnly: true, dataDir, seedRows: 5, env, timeoutMs: 300_000 });
      await first.stop();
      const t0 = performance.now();
      how = await seedPostgres(tdb.url, schema, rows, tenantId);
      seedMs = performance.now() - t0;
      if (kept) await kept.markSeeded(how);
      console.log(`  seeded in ${(seedMs / 1000).toFixed(1)} s — ${how}`);
    }
    const server = await startServer({ apiOnly: true, dataDir, seedRows: 5, env, timeoutMs: 600_000 });
    try {
      const { series: out, throughput: tp } = await measure(server.url, base, calls, server.proc.pid, tdb.url);
      return { rows, seedMs, loaded: how, series: out, throughput: tp };
    } finally {
      await server.stop();
    }
  } finally {
    if (!kept) await tdb.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The kept bench database of `rows` rows (created when missing) and what it was seeded with, if it was. */
async function keptDatabase(rows: number): Promise<{ name: string; url: string; seeded: string; markSeeded(how: string): Promise<void>; drop(): Promise<void> }> {
  const name = `hosp_bench_kept_${rows}`;
  const u = new URL(PG_ADMIN_URL);
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
    if (!exists) await admin.query(`create database "${name}" encoding 'UTF8' template template0`);
  } finally {
    await admin.end();
  }
  u.pathname = `/${name}`;
  const url = u.toString();
  const onDb = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const seeded = await onDb(async (c) => {
    await c.query('create table if not exists bench_seeded (how text not null)');
    return String((await c.query<{ how: string }>('select how from bench_seeded')).rows[0]?.how ?? '');
  });
  return {
    name,
    url,
    seeded,
    markSeeded: (how) => onDb(async (c) => void (await c.query('insert into bench_seeded (how) values ($1)', [how]))),
    drop: async () => undefined,
  };
}

async function seedPostgres(url: string, schema: ResourceSchema, count: number, tenantId: number): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const m = buildModel(schema);
    const cols = new Set((await client.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = $1`, [m.table])).rows.map((r) => r.column_name));
    const refRows: Record<string, Array<Record<string, unknown>>> = {};
    for (const f of schema.fields) {
      const target = f.ref?.resource;
      if (!target || refRows[target]) continue;
      const tm = buildModel(loadSchema(target));
      refRows[target] = (await client.query(`select * from ${tm.table} where tenant_id = $1`, [tenantId])).rows.map((r) => rowToRecord(tm, r));
    }
    const columns = [...SYSTEM_COLS.map((c) => c.column), ...m.fields.map((c) => c.column)].filter((c) => cols.has(c));
    const indexes = (await client.query<{ indexname: string; indexdef: string }>(`select indexname, indexdef from pg_indexes where tablename = $1 and indexname not like '%_pkey'`, [m.table])).rows;
    await client.query('begin');
    for (const stmt of dropSubstringIndexSql('postgres', m.table)) await client.query(stmt);
    await client.query(`delete from ${m.table} where tenant_id = $1`, [tenantId]);
    for (const i of indexes) await client.query(`drop index "${i.indexname}"`);
    const start = Date.now() - count * 60_000;
    const batch = Math.floor(30_000 / columns.length);
    let n = 0;
    let values: unknown[] = [];
    let tuples: string[] = [];
    const flush = async () => {
      if (!tuples.length) return;
      await client.query(`insert into ${m.table} (${columns.map((c) => `"${c}"`).join(',')}) values ${tuples.join(',')}`, values);
      values = [];
      tuples = [];
    };
    for (const rec of generateRowsIter(schema, count, { seed: 20260101, tenantId, dicts: readDicts(), refRows })) {
      const ms = start + n * 60_000;
      const row: Record<string, unknown> = {
        id: `${ms}${String(n % 1_000_000).padStart(6, '0')}`, tenant_id: tenantId, create_by: 'bench', create_time: dateTime(new Date(ms)),
        update_by: null, update_time: null, version: 1,
      };
      for (const c of m.fields) row[c.column] = toStored(c, rec[c.key]);
      tuples.push(`(${columns.map((_, k) => `$${values.length + k + 1}`).join(',')})`);
      values.push(...columns.map((c) => row[c] ?? null));
      n++;
      if (tuples.length >= batch) await flush();
    }
    await flush();
    for (const i of indexes) await client.query(i.indexdef);
    await client.query('commit');
    // as autovacuum leaves a table in service: statistics, and the visibility map set so an
    // index-only scan (a deep page's skipped rows) need not visit the heap
    await client.query(`vacuum analyze ${m.table}`);
    return `${n.toLocaleString('en')} rows of tenant ${tenantId} in ${m.table} on PostgreSQL`;
  } finally {
    await client.end();
  }
}
