/**
 * Schema-diff migration: creates missing tables, adds missing columns and indexes,
 * never drops. Every change is recorded in sys_migration. Runs on every start.
 * PostgreSQL: only tables of the connection's current schema count as existing; the run is
 * one transaction holding an advisory lock, so instances starting together migrate one at a time;
 * the seed and the schema sync then run under the same lock (underStartLock).
 *
 * Money columns (`fen`): a table or column created here is an integer column from the start and
 * is recorded as `fen <table>.<column>`. A column of an older database that still holds REAL yuan
 * (no such record) is converted once, in place, rounding half-up to the fen: PostgreSQL
 * `alter column ... type bigint using round(c::numeric * 100)`; SQLite (which cannot change a
 * column's type) adds an integer column, copies the fen into it, drops the old one (and its
 * indexes, recreated after) and renames the new one. The conversion runs in the migration's
 * transaction (PostgreSQL, under the advisory lock) or its own (SQLite), with its record.
 */
import { sql, type Kysely } from 'kysely';
import { inTransaction, sqlType, type Database } from './connection.js';
import type { ColumnDef, TableDef } from './table-def.js';

/** Merges definitions of the same table (a system table extended by a module schema). */
export function mergeTableDefs(defs: TableDef[]): TableDef[] {
  const byName = new Map<string, TableDef>();
  for (const d of defs) {
    const prev = byName.get(d.name);
    if (!prev) {
      byName.set(d.name, { name: d.name, columns: [...d.columns], indexes: [...d.indexes] });
      continue;
    }
    for (const c of d.columns) if (!prev.columns.some((p) => p.name === c.name)) prev.columns.push(c);
    for (const i of d.indexes) if (!prev.indexes.some((p) => p.name === i.name)) prev.indexes.push(i);
  }
  return [...byName.values()];
}

function columnSql(database: Database, c: ColumnDef, inCreate: boolean) {
  const parts = [sql.ref(c.name), sql.raw(sqlType(database.dialect, c.type))];
  if (c.primaryKey && inCreate) parts.push(sql.raw('primary key'));
  // SQLite refuses ADD COLUMN ... NOT NULL without a default.
  if (c.notNull && !c.primaryKey && (inCreate || c.default !== undefined)) parts.push(sql.raw('not null'));
  if (c.default !== undefined) parts.push(sql.raw(`default ${String(c.default)}`));
  return sql.join(parts, sql.raw(' '));
}

type Db = Kysely<any>;

async function existingColumns(db: Db, database: Database): Promise<Map<string, Set<string>>> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: false });
  let schema: string | undefined;
  if (database.dialect === 'postgres') {
    const r = await sql<{ s: string }>`select current_schema() as s`.execute(db);
    schema = r.rows[0]?.s;
  }
  const out = new Map<string, Set<string>>();
  for (const t of tables) {
    if (schema !== undefined && t.schema !== undefined && t.schema !== schema) continue;
    out.set(t.name, new Set(t.columns.map((c) => c.name)));
  }
  return out;
}

/** Key of the PostgreSQL advisory lock held while migrating. */
const PG_MIGRATION_LOCK = 72_620_341_001;

export interface MigrationReport {
  applied: string[];
}

/**
 * Runs `work` (the first-start seed and the schema sync) serialized with every other instance:
 * on PostgreSQL inside one transaction holding the migration's advisory lock, `work` getting a
 * handle on that transaction (so N instances started together on an empty database seed once);
 * on SQLite (one process) directly, each step in its own transaction.
 */
export async function underStartLock<T>(database: Database, work: (locked: Database) => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work(database);
  return database.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(PG_MIGRATION_LOCK)})`.execute(trx);
    return work({ ...database, db: trx, raw: null });
  });
}

export async function migrate(database: Database, defs: TableDef[]): Promise<MigrationReport> {
  if (database.dialect !== 'postgres') return migrateOn(database.db, database, defs);
  // PostgreSQL DDL is transactional: one transaction (all or nothing, one commit instead of
  // one per statement), serialized across instances by a transaction-scoped advisory lock
  return database.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(PG_MIGRATION_LOCK)})`.execute(trx);
    return migrateOn(trx, database, defs);
  });
}

async function migrateOn(db: Db, database: Database, defs: TableDef[]): Promise<MigrationReport> {
  const existing = await existingColumns(db, database);
  const applied: string[] = [];
  // steps already recorded, read once (not one select per index)
  const done = new Set<string>(
    existing.has('sys_migration') ? (await db.selectFrom('sys_migration').select('id').execute()).map((r) => String(r.id)) : [],
  );
  const record = async (id: string) => {
    applied.push(id);
    done.add(id);
    await db
      .insertInto('sys_migration')
      .values({ id, applied_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  };
  const merged = mergeTableDefs(defs);
  // sys_migration first so every later change can be recorded.
  merged.sort((a, b) => (a.name === 'sys_migration' ? -1 : b.name === 'sys_migration' ? 1 : 0));

  for (const t of merged) {
    const cols = existing.get(t.name);
    if (!cols) {
      await sql`create table if not exists ${sql.table(t.name)} (${sql.join(t.columns.map((c) => columnSql(database, c, true)))})`.execute(db);
      existing.set(t.name, new Set(t.columns.map((c) => c.name)));
      await record(`create ${t.name}`);
      for (const c of t.columns) if (c.type === 'fen') await record(fenStep(t, c));
    } else {
      for (const c of t.columns) {
        if (cols.has(c.name)) {
          if (c.type === 'fen' && !done.has(fenStep(t, c))) await toFenColumn(db, database, t, c, () => record(fenStep(t, c)));
          continue;
        }
        await sql`alter table ${sql.table(t.name)} add column ${columnSql(database, c, false)}`.execute(db);
        cols.add(c.name);
        await record(`add ${t.name}.${c.name}`);
        if (c.type === 'fen') await record(fenStep(t, c));
      }
    }
    for (const i of t.indexes) {
      const id = `index ${i.name}`;
      if (done.has(id)) continue;
      const unique = i.unique ? sql.raw('unique ') : sql.raw('');
      await sql`create ${unique}index if not exists ${sql.ref(i.name)} on ${sql.table(t.name)} (${sql.join(i.columns.map((c) => sql.ref(c)))})`.execute(db);
      await record(id);
    }
  }
  return { applied };
}

const fenStep = (t: TableDef, c: ColumnDef) => `fen ${t.name}.${c.name}`;

/** Converts a column of REAL yuan into integer fen (see the file comment), then records it. */
async function toFenColumn(db: Db, database: Database, t: TableDef, c: ColumnDef, recordIt: () => Promise<void>): Promise<void> {
  const col = sql.ref(c.name);
  if (database.dialect === 'postgres') {
    await sql`alter table ${sql.table(t.name)} alter column ${col} type bigint using round((${col})::numeric * 100)`.execute(db);
    await recordIt();
    return;
  }
  const tmp = `${c.name}__fen`;
  const indexes = (await sql<{ name: string; sql: string | null }>`select name, sql from sqlite_master where type = 'index' and tbl_name = ${t.name}`.execute(db)).rows
    .filter((i) => i.sql !== null && new RegExp(`["(,\\s]${c.name}["),\\s]`).test(i.sql));
  await inTransaction(db, async (trx) => {
    for (const i of indexes) await sql`drop index ${sql.ref(i.name)}`.execute(trx);
    await sql`alter table ${sql.table(t.name)} add column ${sql.ref(tmp)} integer`.execute(trx);
    await sql`update ${sql.table(t.name)} set ${sql.ref(tmp)} = cast(round(${col} * 100) as integer) where ${col} is not null`.execute(trx);
    await sql`alter table ${sql.table(t.name)} drop column ${col}`.execute(trx);
    await sql`alter table ${sql.table(t.name)} rename column ${sql.ref(tmp)} to ${col}`.execute(trx);
    for (const i of indexes) await sql.raw(i.sql!).execute(trx);
    await trx.insertInto('sys_migration').values({ id: fenStep(t, c), applied_at: new Date().toISOString() }).onConflict((oc) => oc.column('id').doNothing()).execute();
  });
  await recordIt();
}
