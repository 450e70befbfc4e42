/**
 * The n-gram index of `index: "substring"` fields (core substringIndexSpec): a table
 * `<table>__sgram (f, g, t, k, r)` holding, for every row, each character and each pair of
 * adjacent characters of the lower-cased value (field number f, gram g, tenant t, the row's
 * value of the list's default sort column k, row id r). A contains-search then reads the rows
 * of one gram instead of every row of the table, and in the list order (index (f, g, t, k, r)).
 *
 * Triggers keep it in line with the table, so every writer (the write pipeline, effects,
 * seeding, a bulk load) updates it without knowing of it; the grams come from a plain SQL
 * join with `sys_seq` (1..256), which both SQLite (no CTE in triggers) and PostgreSQL run.
 * A change of the indexed fields rebuilds the triggers and the grams at the next start.
 */
import { sql, type Kysely } from 'kysely';
import { SUBSTRING_INDEX_MAX_LENGTH, substringIndexSpec, type SubstringIndexSpec } from '../../core/projections/sql.js';
import type { Registry } from '../../core/schema/registry.js';
import type { Database } from './connection.js';
import { underStartLock } from './migrate.js';
import { sqlType } from './connection.js';

export const SEQ_TABLE = 'sys_seq';

type Db = Kysely<any>;
const q = (name: string) => `"${name}"`;

/**
 * SELECTs of the grams of rows: `rec` is `new` in a trigger (from the sequence alone), or the
 * alias `x` of the table itself when every row is indexed at once.
 */
function gramSelect(spec: SubstringIndexSpec, rec: string, table?: string): string {
  const from = table ? `${q(table)} ${rec}, ${SEQ_TABLE} s` : `${SEQ_TABLE} s`;
  const parts: string[] = [];
  spec.columns.forEach((c, f) => {
    const v = `lower(${rec}.${q(c)})`;
    for (const width of [1, 2]) {
      parts.push(
        `select ${f} as f, substr(${v}, s.n, ${width}) as g, ${rec}.tenant_id as t, ${rec}.${q(spec.sort.column)} as k, ${rec}.id as r ` +
          `from ${from} where s.n <= length(${v}) - ${width - 1}`,
      );
    }
  });
  // union (not union all): a value repeating a gram holds it once
  return parts.join(' union ');
}

const GRAM_COLUMNS = '(f, g, t, k, r)';

/** The columns whose change rewrites a row's grams: the indexed ones, the tenant, the sort value. */
function watchedColumns(spec: SubstringIndexSpec): string {
  return [...new Set([...spec.columns, 'tenant_id', spec.sort.column])].map(q).join(', ');
}

function triggerNames(table: string) {
  return { ins: `${table}__sg_ins`, upd: `${table}__sg_upd`, del: `${table}__sg_del`, fn: `${table}__sg` };
}

async function createSqlite(db: Db, table: string, spec: SubstringIndexSpec): Promise<void> {
  const t = triggerNames(table);
  const g = q(spec.table);
  await sql.raw(`create table ${g} (f integer not null, g text not null, t integer not null, k ${sqlType('sqlite', spec.sort.type)}, r text not null, primary key (f, g, t, r)) without rowid`).execute(db);
  await sql.raw(`create index ${q(`${spec.table}_r`)} on ${g} (r)`).execute(db);
  await sql.raw(`create index ${q(`${spec.table}_k`)} on ${g} (f, g, t, k, r)`).execute(db);
  const cols = watchedColumns(spec);
  await sql.raw(`create trigger ${q(t.ins)} after insert on ${q(table)} begin insert into ${g} ${GRAM_COLUMNS} ${gramSelect(spec, 'new')}; end`).execute(db);
  await sql.raw(
    `create trigger ${q(t.upd)} after update of ${cols} on ${q(table)} begin delete from ${g} where r = old.id; insert into ${g} ${GRAM_COLUMNS} ${gramSelect(spec, 'new')}; end`,
  ).execute(db);
  await sql.raw(`create trigger ${q(t.del)} after delete on ${q(table)} begin delete from ${g} where r = old.id; end`).execute(db);
}

async function createPostgres(db: Db, table: string, spec: SubstringIndexSpec): Promise<void> {
  const t = triggerNames(table);
  const g = q(spec.table);
  await sql.raw(`create table ${g} (f integer not null, g text not null, t bigint not null, k ${sqlType('postgres', spec.sort.type)}, r text not null, primary key (f, g, t, r))`).execute(db);
  await sql.raw(`create index ${q(`${spec.table}_r`)} on ${g} (r)`).execute(db);
  await sql.raw(`create index ${q(`${spec.table}_k`)} on ${g} (f, g, t, k, r)`).execute(db);
  await sql.raw(
    `create or replace function ${q(t.fn)}() returns trigger language plpgsql as $$ begin ` +
      `if tg_op <> 'INSERT' then delete from ${g} where r = old.id; end if; ` +
      `if tg_op <> 'DELETE' then insert into ${g} ${GRAM_COLUMNS} ${gramSelect(spec, 'new')}; end if; ` +
      `return null; end $$`,
  ).execute(db);
  const cols = watchedColumns(spec);
  await sql.raw(`create trigger ${q(t.ins)} after insert or delete on ${q(table)} for each row execute function ${q(t.fn)}()`).execute(db);
  await sql.raw(`create trigger ${q(t.upd)} after update of ${cols} on ${q(table)} for each row execute function ${q(t.fn)}()`).execute(db);
}

async function drop(db: Db, database: Database, table: string): Promise<void> {
  // the record goes with the caller's own bookkeeping
  for (const stmt of dropSubstringIndexSql(database.dialect, table).slice(0, -1)) await sql.raw(stmt).execute(db);
}

/**
 * Statements that remove a table's n-gram index and its record, for a bulk load to run before
 * inserting: the next start rebuilds the index from the rows in one pass.
 */
export function dropSubstringIndexSql(dialect: Database['dialect'], table: string): string[] {
  const t = triggerNames(table);
  const on = dialect === 'postgres' ? ` on ${q(table)}` : '';
  return [
    ...[t.ins, t.upd, t.del].map((name) => `drop trigger if exists ${q(name)}${on}`),
    ...(dialect === 'postgres' ? [`drop function if exists ${q(t.fn)}()`] : []),
    `drop table if exists ${q(`${table}__sgram`)}`,
    `delete from sys_migration where id like 'sgram ${table} %'`,
  ];
}

async function ensureSeq(db: Db): Promise<void> {
  await sql.raw(`create table if not exists ${SEQ_TABLE} (n integer primary key)`).execute(db);
  const row = await sql<{ c: number }>`select count(*) as c from ${sql.table(SEQ_TABLE)}`.execute(db);
  if (Number(row.rows[0]?.c) === SUBSTRING_INDEX_MAX_LENGTH) return;
  await sql`delete from ${sql.table(SEQ_TABLE)}`.execute(db);
  const values = Array.from({ length: SUBSTRING_INDEX_MAX_LENGTH }, (_, i) => `(${i + 1})`).join(',');
  await sql.raw(`insert into ${SEQ_TABLE} (n) values ${values}`).execute(db);
}

/**
 * Brings the n-gram tables and triggers in line with the schemas: a table whose indexed
 * columns changed (or that has none yet) gets them rebuilt from its rows; one whose schema no
 * longer declares any loses them. Recorded in sys_migration by table and columns, so an
 * unchanged index costs one read per start.
 */
export async function ensureSubstringIndexes(database: Database, registry: Registry): Promise<string[]> {
  const wanted = [...registry.resources.values()]
    .map((s) => ({ spec: substringIndexSpec(s), schema: s }))
    .filter((x): x is { spec: SubstringIndexSpec; schema: typeof x.schema } => x.spec !== undefined);
  return underStartLock(database, async (locked) => {
    const db = locked.db;
    const done = new Set((await db.selectFrom('sys_migration').select('id').where('id', 'like', 'sgram %').execute()).map((r) => String(r.id)));
    const applied: string[] = [];
    for (const { spec, schema } of wanted) {
      const table = spec.table.slice(0, -'__sgram'.length);
      // the sort column is part of the record: an index built before it held k is rebuilt
      const id = `sgram ${table} ${spec.columns.join(',')} k=${spec.sort.column}`;
      if (done.has(id)) continue;
      const rebuild = async (trx: Db) => {
        await ensureSeq(trx);
        await drop(trx, locked, table);
        if (locked.dialect === 'postgres') await createPostgres(trx, table, spec);
        else await createSqlite(trx, table, spec);
        await sql.raw(`insert into ${q(spec.table)} ${GRAM_COLUMNS} ${gramSelect(spec, 'x', table)}`).execute(trx);
        // fresh statistics: without them PostgreSQL takes the new table for empty and drives a
        // search from every row of a common gram (86,000 rows for 张) instead of walking the
        // page's sort order (400 ms instead of 10 ms at a million rows); autovacuum may be off
        if (locked.dialect === 'postgres') await sql.raw(`analyze ${q(spec.table)}`).execute(trx);
        await trx.deleteFrom('sys_migration').where('id', 'like', `sgram ${table} %`).execute();
        await trx.insertInto('sys_migration').values({ id, applied_at: new Date().toISOString() }).execute();
      };
      // PostgreSQL: already inside the start lock's transaction
      if (locked.dialect === 'postgres') await rebuild(db);
      else await db.transaction().execute(rebuild);
      applied.push(`${schema.name}: ${id}`);
    }
    const kept = new Set(wanted.map((w) => w.spec.table.slice(0, -'__sgram'.length)));
    for (const id of done) {
      const table = id.split(' ')[1]!;
      if (kept.has(table)) continue;
      const dropIt = async (trx: Db) => {
        await drop(trx, locked, table);
        await trx.deleteFrom('sys_migration').where('id', '=', id).execute();
      };
      if (locked.dialect === 'postgres') await dropIt(db);
      else await db.transaction().execute(dropIt);
      applied.push(`dropped ${id}`);
    }
    return applied;
  });
}
