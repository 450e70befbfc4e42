/**
 * Database handle: Kysely over better-sqlite3 (file DATA_DIR/hospital.db or memory),
 * with a dialect seam for PostgreSQL (DATABASE_URL). Code above this file talks
 * Kysely only; `raw` is the SQLite handle for bulk seeding, absent on PostgreSQL.
 *
 * PostgreSQL notes (tests/server/pg.test.ts runs the API against a real server):
 * - the logical `integer` type is `bigint` there (ms timestamps such as sys_token.expires_at
 *   overflow int4), and int8 / numeric results (count(*), max(), sum()) are parsed to JS numbers
 *   like SQLite returns them (values beyond 2^53 stay strings);
 * - an idle pooled connection that the server drops must not crash the process (pool 'error');
 * - repeated query texts run as named (server-side prepared) statements per connection (pg-named.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { StatementNames, nameStatements } from './pg-named.js';
import { WriteWatch, watchedDialect } from './write-watch.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  // Tables are declared by schemas at run time, so the handle is untyped.
  db: Kysely<any>;
  dialect: DialectName;
  raw: BetterSqlite3.Database | null;
  /** Tables of every durable write made through `db` (write-watch.ts). */
  writes: WriteWatch;
  /**
   * Runs a read compiled by Kysely and answers its rows as arrays, in select-list order (no
   * object per row: a list page's 30-odd columns cost a third less to read).
   */
  readArrays(sql: string, parameters: readonly unknown[]): Promise<unknown[][]>;
  close(): Promise<void>;
}

export interface OpenOptions {
  dataDir?: string;
  memory?: boolean;
  databaseUrl?: string;
}

const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/** A numeric text as a JS number when exact enough, else kept as text. */
function parseNumber(text: string): number | string {
  const n = Number(text);
  return Number.isFinite(n) && (Number.isSafeInteger(n) || !/^-?\d+$/.test(text)) ? n : text;
}

/** pg type parsers of this pool: int8 and numeric as numbers, the rest as pg's defaults. */
function pgTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if ((oid === PG_INT8 || oid === PG_NUMERIC) && format !== 'binary') return parseNumber;
  return (pg.types.getTypeParser as (o: number, f?: string) => (value: string) => unknown)(oid, format);
}

export function openDatabase(opts: OpenOptions): Database {
  if (opts.databaseUrl && !opts.memory) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, types: { getTypeParser: pgTypeParser } as pg.CustomTypesConfig });
    pool.on('error', (err) => console.error('PostgreSQL pool:', err.message));
    const names = new StatementNames();
    pool.on('connect', (client) => nameStatements(client as pg.PoolClient, names));
    const writes = new WriteWatch();
    const db = new Kysely<any>({ dialect: watchedDialect(new PostgresDialect({ pool }), writes) });
    // a pooled connection is never inside another request's transaction: reads take any free one
    // (client.query with the config alone: pool.query adds a callback, which runs unnamed, pg-named.ts)
    const readArrays = async (text: string, parameters: readonly unknown[]): Promise<unknown[][]> => {
      const client = await pool.connect();
      try {
        return (await client.query<unknown[]>({ text, values: [...parameters], rowMode: 'array' })).rows;
      } finally {
        client.release();
      }
    };
    return { db, dialect: 'postgres', raw: null, writes, readArrays, close: () => db.destroy() };
  }
  let file = ':memory:';
  if (!opts.memory) {
    const dir = path.resolve(opts.dataDir ?? './data');
    fs.mkdirSync(dir, { recursive: true });
    file = path.join(dir, 'hospital.db');
  }
  const raw = new BetterSqlite3(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('cache_size = -65536');
  raw.pragma('temp_store = MEMORY');
  raw.pragma('busy_timeout = 5000');
  const writes = new WriteWatch();
  const db = new Kysely<any>({ dialect: watchedDialect(new SqliteDialect({ database: cachingStatements(raw) }), writes) });
  return { db, dialect: 'sqlite', raw, writes, readArrays: arrayReader(db, raw), close: () => db.destroy() };
}

/**
 * Statements of their own (Kysely's read objects), in raw mode, cached per text like
 * cachingStatements. They run while holding Kysely's one connection, as its queries do: a read
 * never runs inside another request's open transaction (it would see uncommitted rows).
 */
function arrayReader(db: Kysely<any>, raw: BetterSqlite3.Database): (sql: string, parameters: readonly unknown[]) => Promise<unknown[][]> {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return (text, parameters) => db.getExecutor().provideConnection(async () => {
    let stmt = cache.get(text);
    if (!stmt) {
      stmt = raw.prepare(text).raw(true);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
      cache.set(text, stmt);
    }
    return stmt.all(...parameters) as unknown[][];
  });
}

/** Most prepared statements kept per connection; past it the cache starts again. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * The SQLite handle Kysely sees: `prepare` answers a statement already prepared for the same
 * text (Kysely prepares on every query, a cost on every list call), unless that statement is
 * still being iterated by a stream, which gets a fresh one.
 */
function cachingStatements(raw: BetterSqlite3.Database): { prepare(text: string): BetterSqlite3.Statement; close(): void } {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(text) {
      const hit = cache.get(text);
      if (hit && !hit.busy) return hit;
      const stmt = raw.prepare(text);
      if (!hit) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        cache.set(text, stmt);
      }
      return stmt;
    },
    close: () => raw.close(),
  };
}

/**
 * SQL type names per dialect for the few logical types the server uses (money `fen`: an integer). PostgreSQL stores
 * every integer as bigint (ms timestamps do not fit int4; pgTypeParser reads them back as numbers).
 */
export function sqlType(dialect: DialectName, t: 'text' | 'integer' | 'bigint' | 'real' | 'fen'): string {
  if (dialect === 'postgres') return t === 'real' ? 'double precision' : t === 'text' ? 'text' : 'bigint';
  return t === 'bigint' || t === 'fen' ? 'integer' : t;
}

/**
 * Runs `fn` in a transaction: a new one, or the one `db` already is (work done under the
 * start lock joins the lock's transaction; Kysely cannot nest them).
 */
export function inTransaction<T>(db: Kysely<any>, fn: (trx: Kysely<any>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
