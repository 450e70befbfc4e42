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
  const key = 'his_hospital\u0000id\u0000name\u00001001';

  it('answers what it keeps at the same version, for TTL; a value with no row is known to have none', () => {
    const c = new RefLabelCache();
    c.store(key, 3, 3, ['1', '2'], new Map([['1', '第一医院']]), 0);
    expect(c.lookup(key, 3, ['1', '2', '9'], 1000)).toEqual({ known: new Map([['1', '第一医院'], ['2', null]]), missing: ['9'] });
    expect(c.lookup(key, 4, ['1'], 1000)).toEqual({ known: new Map(), missing: ['1'] });
    expect(c.lookup(key, 3, ['1'], LABEL_TTL_MS)).toEqual({ known: new Map(), missing: ['1'] });
  });

  it('keeps nothing read across a write (the version moved while reading), and drops all past its bound', () => {
    const c = new RefLabelCache(3);
    c.store(key, 3, 4, ['1'], new Map([['1', '旧名']]), 0);
    expect(c.lookup(key, 4, ['1'], 0).missing).toEqual(['1']);
    c.store(key, 4, 4, ['1', '2', '3'], new Map([['1', 'a'], ['2', 'b'], ['3', 'c']]), 0);
    c.store('other', 1, 1, ['x'], new Map([['x', 'y']]), 0);
    expect(c.lookup(key, 4, ['1'], 0).missing).toEqual(['1']);
    expect(c.lookup('other', 1, ['x'], 0).known).toEqual(new Map([['x', 'y']]));
  });
});
