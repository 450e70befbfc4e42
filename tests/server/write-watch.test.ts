/**
 * db/write-watch.ts: every write Kysely runs tells its tables once it is durable — at once
 * outside a transaction, at COMMIT inside one, never for a rolled-back one — whichever code
 * wrote it; reads tell nothing.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connection.js';

let database: Database;
let told: string[][];

beforeEach(async () => {
  database = openDatabase({ memory: true });
  await sql`create table his_hospital (id text primary key, name text)`.execute(database.db);
  await sql`create table his_department (id text primary key, name text, hospital_id text)`.execute(database.db);
  told = [];
  database.writes.on((tables) => told.push([...tables].sort()));
});

afterEach(async () => {
  await database.close();
});

describe('write watch', () => {
  it('insert, update and delete tell their table after the statement; a read tells nothing', async () => {
    const { db } = database;
    await db.insertInto('his_hospital').values({ id: '1', name: '第一医院' }).execute();
    expect(told).toEqual([['his_hospital']]);
    await db.updateTable('his_hospital').set({ name: '第二医院' }).where('id', '=', '1').execute();
    await db.deleteFrom('his_hospital as h').where('h.id', '=', '1').execute();
    await db.selectFrom('his_hospital').selectAll().execute();
    expect(told).toEqual([['his_hospital'], ['his_hospital'], ['his_hospital']]);
  });

  it('a raw SQL write names its table too', async () => {
    await sql`insert into "his_department" (id, name) values ('d1', '内科')`.execute(database.db);
    await sql`update his_department set name = '外科' where id = 'd1'`.execute(database.db);
    await sql`select * from his_department`.execute(database.db);
    // schema-qualified names: the table's own name
    await sql`delete from main."his_department" where id = 'none'`.execute(database.db);
    await sql`update "main" . his_hospital set name = name where id = 'none'`.execute(database.db);
    expect(told).toEqual([['his_department'], ['his_department'], ['his_department'], ['his_hospital']]);
  });

  it('a transaction tells its tables once, after COMMIT, not while it is open', async () => {
    let during: string[][] = [];
    await database.db.transaction().execute(async (trx) => {
      await trx.insertInto('his_hospital').values({ id: '1', name: '第一医院' }).execute();
      await trx.insertInto('his_department').values({ id: 'd1', name: '内科', hospital_id: '1' }).execute();
      await trx.updateTable('his_hospital').set({ name: '第二医院' }).execute();
      during = [...told];
    });
    expect(during).toEqual([]);
    expect(told).toEqual([['his_department', 'his_hospital']]);
  });

  it('a rolled-back transaction tells nothing; the next write on the connection is told at once', async () => {
    await expect(database.db.transaction().execute(async (trx) => {
      await trx.insertInto('his_hospital').values({ id: '1', name: '第一医院' }).execute();
      throw new Error('abandon');
    })).rejects.toThrow('abandon');
    expect(told).toEqual([]);
    expect(await database.db.selectFrom('his_hospital').selectAll().execute()).toEqual([]);
    await database.db.insertInto('his_hospital').values({ id: '2', name: '第二医院' }).execute();
    expect(told).toEqual([['his_hospital']]);
  });

  it('a failing write is still told (what it changed is not known), and the error reaches the caller', async () => {
    await database.db.insertInto('his_hospital').values({ id: '1', name: 'a' }).execute();
    told = [];
    await expect(database.db.insertInto('his_hospital').values({ id: '1', name: 'b' }).execute()).rejects.toThrow(/UNIQUE/);
    expect(told).toEqual([['his_hospital']]);
  });
});
