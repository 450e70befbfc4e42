/**
 * PostgreSQL for the server tests: detection (PG_TEST_URL, else the local server with trust
 * auth) and one throw-away database per run. Without a reachable server the PG suites skip
 * with the printed reason (the only acceptable skip: `npm test` must pass without PostgreSQL);
 * with PG_TEST_URL set, an unreachable server fails them instead.
 */
import pg from 'pg';

/** Maintenance connection URL (any existing database; new databases are created next to it). */
export const PG_ADMIN_URL = process.env.PG_TEST_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** PG_TEST_URL given: PostgreSQL is required, an unreachable server fails the suite instead of skipping it. */
export const PG_REQUIRED = !!process.env.PG_TEST_URL;

export interface PgProbe {
  available: boolean;
  reason: string;
}

/** Without a password the URL is printed as is; a password is replaced by `***`. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<invalid PG_TEST_URL>';
  }
}

/** Connects once (1 s timeout) and checks that the user may create databases. */
export async function probePostgres(url = PG_ADMIN_URL): Promise<PgProbe> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const r = await client.query<{ v: string; createdb: boolean }>(
      'select version() as v, (select rolcreatedb or rolsuper from pg_roles where rolname = current_user) as createdb',
    );
    const row = r.rows[0]!;
    if (!row.createdb) return { available: false, reason: `PostgreSQL at ${redact(url)} is reachable but its user may not create databases` };
    return { available: true, reason: row.v };
  } catch (e) {
    return { available: false, reason: `no PostgreSQL at ${redact(url)} (${(e as Error).message || String(e)})${PG_REQUIRED ? '' : '; set PG_TEST_URL to run the PostgreSQL suite'}` };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  /** A client on the test database for assertions (closed by drop). */
  query<R extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  c.on('error', () => undefined);
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Creates `hosp_test_<pid>_<ms>_<rand>` (UTF-8) and returns its URL. */
export async function createTestDatabase(prefix = 'hosp_test'): Promise<TestDatabase> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await admin((c) => c.query(`create database "${name}" encoding 'UTF8' template template0`));
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${name}`;
  const url = u.toString();
  let client: pg.Client | null = null;
  const open = async () => {
    if (!client) {
      // int8 (count(*), bigint columns) read as numbers, as the server's pool reads them
      client = new pg.Client({ connectionString: url, types: { getTypeParser: (oid: number, format?: string) => (oid === 20 ? Number : pg.types.getTypeParser(oid, format as 'text')) } as pg.CustomTypesConfig });
      client.on('error', () => undefined);
      await client.connect();
    }
    return client;
  };
  return {
    name,
    url,
    async query(text, values) {
      const c = await open();
      return (await c.query(text, values)).rows;
    },
    async drop() {
      if (client) await (client as pg.Client).end().catch(() => undefined);
      client = null;
      await admin(async (c) => {
        try {
          await c.query(`drop database if exists "${name}" with (force)`);
        } catch {
          // PostgreSQL < 13 has no `with (force)`: end the remaining sessions first
          await c.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
          await c.query(`drop database if exists "${name}"`);
        }
      });
    },
  };
}
