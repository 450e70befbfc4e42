/**
 * Named statements on PostgreSQL (src/server/db/pg-named.ts): a repeated parameterized text is
 * prepared once per connection and answers every run with that run's values; a table changed
 * under it still answers; one-off texts, texts without values and texts past the cap stay
 * unnamed. The PostgreSQL part is skipped with the printed reason only where no PostgreSQL answers.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connection.js';
import { MAX_NAMES, StatementNames } from '../../src/server/db/pg-named.js';
import { createTestDatabase, PG_REQUIRED, probePostgres, type TestDatabase } from './pg-helpers.js';

describe('StatementNames', () => {
  it('names a text from its second run on, the same name every time', () => {
    const names = new StatementNames();
    const text = 'select id from t where a = $1';
    expect(names.nameOf(text)).toBeUndefined();
    const name = names.nameOf(text);
    expect(name).toMatch(/^hosp_/);
    expect(names.nameOf(text)).toBe(name);
    expect(names.nameOf('select id from t where b = $1')).toBeUndefined();
  });

  it('leaves statements other than row reads and writes unnamed', () => {
    const names = new StatementNames();
    for (let i = 0; i < 3; i++) expect(names.nameOf('lock table t in exclusive mode')).toBeUndefined();
  });

  it('gives a forgotten text a fresh name', () => {
    const names = new StatementNames();
    const text = 'update t set a = $1';
    names.nameOf(text);
    const first = names.nameOf(text);
    names.forget(text);
    names.nameOf(text);
    const second = names.nameOf(text);
    expect(second).toMatch(/^hosp_/);
    expect(second).not.toBe(first);
  });

  it(`names no more than ${MAX_NAMES} texts`, () => {
    const names = new StatementNames();
    for (let i = 0; i < MAX_NAMES; i++) {
      names.nameOf(`select ${i} where $1`);
      expect(names.nameOf(`select ${i} where $1`)).toBeDefined();
    }
    names.nameOf('select -1 where $1');
    expect(names.nameOf('select -1 where $1')).toBeUndefined();
  });
});

const probe = await probePostgres();
if (!probe.available && PG_REQUIRED) console.error(`[pg-named.test] PG_TEST_URL is set but ${probe.reason}`);
else if (!probe.available) console.warn(`[pg-named.test] SKIPPED — ${probe.reason}`);

describe.skipIf(!probe.available && !PG_REQUIRED)('named statements on PostgreSQL', () => {
  let tdb: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    tdb = await createTestDatabase('hosp_named');
    await tdb.query(`create table t (id text primary key, a bigint)`);
    await tdb.query(`insert into t values ('x', 1), ('y', 2), ('z', 2)`);
    database = openDatabase({ databaseUrl: tdb.url });
  });
  afterAll(async () => {
    await database?.close();
    await tdb?.drop();
  });

  /** Prepared statements of the session the next pooled query runs on (sequential queries share one idle connection). */
  const prepared = async () => (await sql<{ statement: string }>`select statement from pg_prepared_statements where ${1} = 1`.execute(database.db)).rows.map((r) => r.statement);

  it('prepares a repeated query once and answers each run with its own values', async () => {
    const ids = (a: number) => database.db.selectFrom('t').select('id').where('a', '=', a).orderBy('id').execute();
    expect((await ids(1)).map((r) => r.id)).toEqual(['x']);
    expect((await ids(2)).map((r) => r.id)).toEqual(['y', 'z']);
    expect((await ids(3)).map((r) => r.id)).toEqual([]);
    expect((await ids(1)).map((r) => r.id)).toEqual(['x']);
    expect(await prepared()).toContain('select "id" from "t" where "a" = $1 order by "id"');
  });

  it('answers with the new columns after the table changed under a prepared statement', async () => {
    const all = () => database.db.selectFrom('t').selectAll().where('id', '=', 'x').execute();
    await all();
    await all();
    expect(await all()).toEqual([{ id: 'x', a: 1 }]);
    await tdb.query(`alter table t add column b text default '乙'`);
    expect(await all()).toEqual([{ id: 'x', a: 1, b: '乙' }]);
    expect(await all()).toEqual([{ id: 'x', a: 1, b: '乙' }]);
  });

  it('reads rows as arrays in select-list order, prepared from the second run, each run with its own values', async () => {
    const text = 'select "a", "id" from "t" where "a" >= $1 order by "id"';
    const read = (a: number) => database.readArrays(text, [a]);
    expect(await read(2)).toEqual([[2, 'y'], [2, 'z']]);
    expect(await read(1)).toEqual([[1, 'x'], [2, 'y'], [2, 'z']]);
    expect(await read(3)).toEqual([]);
    expect(await prepared()).toContain(text);
    expect(await read(2)).toEqual([[2, 'y'], [2, 'z']]);
  });
});
