/**
 * Database handle: Kysely over better-sqlite3 (file DATA_DIR/hospital.db or memory),
 * with a dialect seam for PostgreSQL (DATABASE_URL). Code above this file talks
 * Kysely only; `raw` is the SQLite handle for bulk seeding, absent on PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  // Tables are declared by schemas at run time, so the handle is untyped.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  dialect: DialectName;
  raw: BetterSqlite3.Database | null;
  close(): Promise<void>;
}

export interface OpenOptions {
  dataDir?: string;
  memory?: boolean;
  databaseUrl?: string;
}

export function openDatabase(opts: OpenOptions): Database {
  if (opts.databaseUrl && !opts.memory) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', raw: null, close: () => db.destroy() };
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
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: raw }) });
  return { db, dialect: 'sqlite', raw, close: () => db.destroy() };
}

/** SQL type names per dialect for the few logical types the server uses. */
export function sqlType(dialect: DialectName, t: 'text' | 'integer' | 'bigint' | 'real'): string {
  if (dialect === 'postgres') return t === 'real' ? 'double precision' : t;
  return t === 'bigint' ? 'integer' : t;
}
