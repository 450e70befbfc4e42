/**
 * Reference labels kept between list calls (resources/label-cache.ts): a department list names
 * its hospitals without reading them again call after call, and a hospital renamed through this
 * server — the console's edit, or any other write its database layer runs — shows its new name
 * on the next call. A write from outside the server is seen when an entry expires (LABEL_TTL_MS)
 * or the table is next written through the server.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/protocol/index.js';
import { LABEL_TTL_MS, RefLabelCache } from '../../src/server/resources/label-cache.js';
import { call, login, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let token: string;
const dir = tempDir('hosp-labels-');
let hospital: Rec;

const departments = async () => {
  const r = await call<Page<Rec>>(app, '/hisDepartment/list', { token, query: { hospitalId: String(hospital.id), pageSize: 5 } });
  expect(r.status).toBe(200);
  expect(r.body.result.records.length).toBeGreaterThan(0);
  return r.body.result.records.map((d) => d.hospitalId_dictText);
};

/** Renames the hospital behind the server's back (another program on the same database file). */
function renameOutside(name: string): void {
  const db = new BetterSqlite3(join(dir, 'hospital.db'));
  try {
    db.prepare('update his_hospital set name = ? where id = ?').run(name, hospital.id);
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  app = await testApp({ memory: false, dataDir: dir, seedRows: 3 });
  token = await login(app, 'hospadmin');
  const d = await call<Page<Rec>>(app, '/hisDepartment/list', { token, query: { pageSize: 1 } });
  const h = await call<Rec>(app, '/hisHospital/queryById', { token, query: { id: String(d.body.result.records[0]!.hospitalId) } });
  hospital = h.body.result;
});

afterAll(async () => {
  await app.close();
});

describe('reference labels between list calls', () => {
  it('a list names the hospital; a rename from outside the server is not read again while the entry holds', async () => {
    expect(new Set(await departments())).toEqual(new Set([hospital.name]));
    renameOutside('院外改名医院');
    expect(new Set(await departments())).toEqual(new Set([hospital.name]));
  });

  it("the console's edit of the hospital shows on the next call", async () => {
    const r = await call(app, '/hisHospital/edit', { method: 'PUT', token, body: { ...hospital, name: '编辑改名医院' } });
    expect(r.body).toMatchObject({ success: true });
    expect(new Set(await departments())).toEqual(new Set(['编辑改名医院']));
  });

  it("any write the server's database layer runs on the table shows on the next call (no writer has to say so)", async () => {
    await departments();
    const { db } = app.appContext.database;
    await db.updateTable('his_hospital').set({ name: '直接改名医院' }).where('id', '=', String(hospital.id)).execute();
    expect(new Set(await departments())).toEqual(new Set(['直接改名医院']));
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('his_hospital').set({ name: '事务改名医院' }).where('id', '=', String(hospital.id)).execute();
    });
    expect(new Set(await departments())).toEqual(new Set(['事务改名医院']));
  });
});

describe('RefLabelCache', () => {
  const src = { table: 'his_hospital', valueCol: 'id', labelCol: 'name' };
  const other = { table: 'other', valueCol: 'id', labelCol: 'name' };
  const T = src.table;
  const versions = new Map<string, number>();
  const cache = (max?: number) => new RefLabelCache((t) => versions.get(t) ?? 0, max);
  const known = (c: RefLabelCache, s: typeof src, values: string[], now: number) => {
    const { labels, missing } = c.lookup(s, 1001, values, now);
    return { labels, missing };
  };

  it('answers what it keeps at the same version, for TTL; a value with no row is known to have none', () => {
    versions.set(T, 3);
    const c = cache();
    // what keep answers: the labels read with those known before
    expect(c.lookup(src, 1001, ['1', '2'], 0).keep(new Map([['1', '第一医院']]), 0)).toEqual(new Map([['1', '第一医院']]));
    // '2' is neither a label nor missing: no row has it
    expect(known(c, src, ['1', '2', '9'], 1000)).toEqual({ labels: new Map([['1', '第一医院']]), missing: ['9'] });
    expect(c.lookup(src, 1001, ['1', '9'], 1000).keep(new Map([['9', '第九医院']]), 1000)).toEqual(new Map([['1', '第一医院'], ['9', '第九医院']]));
    // another tenant's labels are its own
    expect(c.lookup(src, 1000, ['1'], 1000).missing).toEqual(['1']);
    versions.set(T, 4);
    expect(known(c, src, ['1'], 1000)).toEqual({ labels: new Map(), missing: ['1'] });
    versions.set(T, 3);
    c.lookup(src, 1001, ['1'], 0).keep(new Map([['1', '第一医院']]), 0);
    expect(known(c, src, ['1'], LABEL_TTL_MS)).toEqual({ labels: new Map(), missing: ['1'] });
  });

  it('keeps nothing read across a write (the version moved while reading), and drops all past its bound', () => {
    versions.set(T, 3);
    versions.set('other', 1);
    const c = cache(3);
    const before = c.lookup(src, 1001, ['1'], 0);
    versions.set(T, 4);
    before.keep(new Map([['1', '旧名']]), 0);
    expect(known(c, src, ['1'], 0).missing).toEqual(['1']);
    c.lookup(src, 1001, ['1', '2', '3'], 0).keep(new Map([['1', 'a'], ['2', 'b'], ['3', 'c']]), 0);
    c.lookup(other, 1001, ['x'], 0).keep(new Map([['x', 'y']]), 0);
    expect(known(c, src, ['1'], 0).missing).toEqual(['1']);
    expect(known(c, other, ['x'], 0).labels).toEqual(new Map([['x', 'y']]));
  });
});
