/**
 * PreparedQuery (src/server/db/prepared.ts): a query compiled once answers each run with that
 * run's values, keeps the builder's own constants, and refuses a query whose parameters are
 * computed from an argument (rebinding would run the wrong values). QueryShapes: one build per
 * key, each run bound to its own arguments, another key (or argument count) another query.
 */
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { PreparedQuery, QueryShapes } from '../../src/server/db/prepared.js';

const raw = new BetterSqlite3(':memory:');
raw.exec(`create table t (id text primary key, tenant integer, flag integer, name text);
  insert into t values ('a', 1, 0, '甲'), ('b', 1, 1, '乙'), ('c', 2, 0, '丙'), ('d', 2, 0, '丁');`);
const db = new Kysely<any>({ dialect: new SqliteDialect({ database: raw }) });
afterAll(() => db.destroy());

describe('PreparedQuery', () => {
  it('binds each run\'s values in place of the markers and keeps the builder\'s constants', async () => {
    const q = new PreparedQuery<[tenant: number, name: string], { id: string }>(
      (d, tenant, name) => d.selectFrom('t').select('id').where('flag', '=', 0).where((eb) => eb.or([eb('name', '=', name), eb('tenant', '=', tenant)])).orderBy('id'),
      2,
    );
    expect((await q.execute(db, 1, '无')).map((r) => r.id)).toEqual(['a']);
    expect((await q.execute(db, 2, '无')).map((r) => r.id)).toEqual(['c', 'd']);
    expect((await q.execute(db, 9, '丁')).map((r) => r.id)).toEqual(['d']);
    // the constant flag = 0 still holds: 乙 is flagged
    expect((await q.execute(db, 9, '乙')).map((r) => r.id)).toEqual([]);
  });

  it('runs inside a transaction on the transaction\'s connection', async () => {
    const q = new PreparedQuery<[id: string], { n: number }>((d, id) => d.selectFrom('t').select((eb) => eb.fn.countAll<number>().as('n')).where('id', '=', id), 1);
    const seen = await db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 'e', tenant: 3, flag: 0, name: '戊' }).execute();
      return q.execute(trx, 'e');
    });
    expect(seen[0]!.n).toBe(1);
  });

  it('refuses a parameter computed from an argument', async () => {
    const q = new PreparedQuery<[name: string]>((d, name) => d.selectFrom('t').select('id').where('name', 'like', `%${name}%`), 1);
    await expect(q.execute(db, '甲')).rejects.toThrow(/derived from an argument/);
    const lit = new PreparedQuery<[name: string]>((d, name) => d.selectFrom('t').select('id').where(sql`name`, '=', name), 1);
    expect(await lit.execute(db, '乙')).toEqual([{ id: 'b' }]);
  });
});

describe('QueryShapes', () => {
  it('builds a key once and binds each run\'s arguments; another key builds its own query', async () => {
    const shapes = new QueryShapes();
    let builds = 0;
    const byTenant = (flag: number) => (d: Kysely<any>, tenant: string, limit: string) => {
      builds++;
      return d.selectFrom('t').select('id').where('flag', '=', flag).where('tenant', '=', tenant).orderBy('id').limit(limit as unknown as number);
    };
    const ids = async (key: string, flag: number, tenant: number, limit: number) => (await shapes.execute<{ id: string }>(db, key, byTenant(flag), [tenant, limit])).map((r) => r.id);
    expect(await ids('flag0', 0, 2, 10)).toEqual(['c', 'd']);
    expect(await ids('flag0', 0, 2, 1)).toEqual(['c']);
    expect(await ids('flag0', 0, 1, 10)).toEqual(['a']);
    expect(builds).toBe(1);
    expect(await ids('flag1', 1, 1, 10)).toEqual(['b']);
    expect(builds).toBe(2);
  });

  it('starts again past its bound and still answers', async () => {
    const shapes = new QueryShapes(2);
    const one = (id: string) => shapes.execute<{ id: string }>(db, id, (d, x) => d.selectFrom('t').select('id').where('id', '=', x), [id]);
    for (const id of ['a', 'b', 'c', 'd', 'a']) expect(await one(id)).toEqual([{ id }]);
  });
});
