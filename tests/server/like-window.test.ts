/**
 * Thousands of rows, where a list's page is read by plans that small data never takes. In the
 * default order (the one the n-gram rows carry) a contains-search reads its gram's index rows
 * in that order. In another order, one with more matches than WINDOW_FROM (and fewer than the
 * cap) first reads the list order's first rows, then the n-gram index when they do not hold the
 * page. A page past DEFER_FROM reads the rows it skips for their ids only. Every page is the one
 * the database's own ORDER BY over every row gives. On SQLite and on PostgreSQL when one answers.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/protocol/index.js';
import { buildApp } from '../../src/server/app.js';
import { DEFER_FROM, WINDOW_FROM } from '../../src/server/resources/list.js';
import { call, login, tempDir, testApp } from './helpers.js';
import { createTestDatabase, PG_REQUIRED, probePostgres } from './pg-helpers.js';

type Rec = Record<string, unknown>;
type Doctor = { id: string; realname: string; sex: string };
const probe = await probePostgres();
const ROWS = 6000;

/** Row i (higher i is newer): 甲 in every other row, 乙 in the oldest 2,400 only; update times tie in sevens. */
function bulkRow(one: Rec, cols: string[], i: number): unknown[] {
  const at = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  const start = Date.parse('2021-01-01T00:00:00Z');
  const row: Rec = {
    ...one, id: `8${String(i).padStart(12, '0')}`, realname: `${i % 2 === 0 ? '甲' : '丙'}${i < 2400 ? '乙' : '丁'}${i}`,
    sex: i % 3 === 0 ? '2' : '1', create_time: at(start + i * 60_000), update_time: at(start + (i % 7) * 86_400_000),
  };
  for (const c of cols) if (/phone|mobile|id_card|idcard|email|work_no|license|cert_no|_no$/i.test(c)) row[c] = `8${String(i).padStart(10, '0')}`;
  return cols.map((c) => row[c] ?? null);
}

interface Started {
  app: FastifyInstance;
  /** Rows of tenant 1001 read with SQL beside the server: `select <cols> … order by <order>`. */
  read: (order: string) => Promise<Doctor[]>;
  stop: () => Promise<void>;
}

function suite(name: string, start: () => Promise<Started>, skip = false) {
  describe.skipIf(skip)(name, () => {
    let s: Started;
    let token: string;
    beforeAll(async () => {
      s = await start();
      token = await login(s.app, 'hospadmin');
    }, 120_000);
    afterAll(async () => s?.stop(), 60_000);

    const list = async (query: Record<string, string | number>): Promise<Page<Rec>> => {
      const r = await call<Page<Rec>>(s.app, '/hisDoctor/list', { token, query: { pageSize: 10, column: 'createTime', order: 'desc', ...query } });
      expect(r.status, r.body.message).toBe(200);
      return r.body.result;
    };
    /** Page `pageNo` (10 rows) of `rows` as the server should answer it, with the total. */
    const want = (rows: Doctor[], pageNo: number) => ({ pageNo, total: Math.min(rows.length, 10_000), ids: rows.slice((pageNo - 1) * 10, pageNo * 10).map((r) => r.id) });
    const got = (pageNo: number, page: Page<Rec>) => ({ pageNo, total: page.total, ids: page.records.map((r) => r.id) });
    const newest = () => s.read('create_time desc, id desc');

    it('the searches below fall between WINDOW_FROM and the cap, and the deep pages past DEFER_FROM', async () => {
      const rows = await newest();
      expect(rows.filter((r) => r.realname.includes('甲')).length).toBe(3000);
      expect(rows.filter((r) => r.realname.includes('乙')).length).toBe(2400);
      expect(WINDOW_FROM).toBeLessThan(2400);
      expect(DEFER_FROM).toBeLessThan(1490);
    });

    /** The default order (read through the gram rows' sort value), and one whose values tie in sevens (window, then index). */
    const SORTS = [
      { column: 'createTime', order: 'desc', sql: 'create_time desc, id desc' },
      { column: 'updateTime', order: 'asc', sql: 'update_time asc, id asc' },
    ] as const;

    it('matches spread through the list: early pages and deep ones', async () => {
      for (const { column, order, sql } of SORTS) {
        const rows = (await s.read(sql)).filter((r) => r.realname.includes('甲'));
        // in the update order the window is 3,000 rows holding ~1,500 matches: early pages from it, the rest from the index
        for (const pageNo of [1, 2, 150, 151, 300]) expect(got(pageNo, await list({ realname: '*甲*', pageNo, column, order }))).toEqual(want(rows, pageNo));
      }
    });

    it('matches only among the oldest rows', async () => {
      for (const { column, order, sql } of SORTS) {
        const rows = (await s.read(sql)).filter((r) => r.realname.includes('乙'));
        for (const pageNo of [1, 2, 240]) expect(got(pageNo, await list({ realname: '*乙*', pageNo, column, order }))).toEqual(want(rows, pageNo));
      }
    });

    it('with another filter and two characters', async () => {
      for (const { column, order, sql } of SORTS) {
        const rows = (await s.read(sql)).filter((r) => r.realname.includes('甲丁') && r.sex === '1');
        expect(rows.length).toBeGreaterThan(WINDOW_FROM);
        for (const pageNo of [1, 5, 100]) expect(got(pageNo, await list({ realname: '*甲丁*', sex: '1', pageNo, column, order }))).toEqual(want(rows, pageNo));
      }
    });

    it('deep pages without a search, in the default order and in a sort whose values tie', async () => {
      const rows = await newest();
      for (const pageNo of [1, 11, 12, 400, 601]) expect(got(pageNo, await list({ pageNo }))).toEqual(want(rows, pageNo));
      const byUpdate = await s.read('update_time asc, id asc');
      for (const pageNo of [1, 50, 333]) expect(got(pageNo, await list({ pageNo, column: 'updateTime', order: 'asc' }))).toEqual(want(byUpdate, pageNo));
    });
  });
}

const ORACLE = 'select id, realname, sex from his_doctor where tenant_id = 1001 order by ';

suite('SQLite', async () => {
  const dir = tempDir('hosp-like-window-');
  const app = await testApp({ memory: false, dataDir: dir, seedRows: 3 });
  const db = new BetterSqlite3(join(dir, 'hospital.db'));
  const one = db.prepare('select * from his_doctor where tenant_id = 1001 limit 1').get() as Rec;
  const cols = Object.keys(one);
  const ins = db.prepare(`insert into his_doctor (${cols.map((c) => `"${c}"`).join(',')}) values (${cols.map(() => '?').join(',')})`);
  db.transaction(() => {
    for (let i = 0; i < ROWS; i++) ins.run(...bulkRow(one, cols, i));
  })();
  return {
    app,
    read: async (order) => db.prepare(ORACLE + order).all() as Doctor[],
    stop: async () => { db.close(); await app.close(); },
  };
});

suite(
  'PostgreSQL',
  async () => {
    if (!probe.available) throw new Error(`PG_TEST_URL is set but ${probe.reason}`);
    const tdb = await createTestDatabase('hosp_likewin');
    const app = await buildApp({ databaseUrl: tdb.url, seedRows: 3, staticDir: '/nonexistent' });
    const client = new pg.Client({ connectionString: tdb.url });
    await client.connect();
    const one = (await client.query('select * from his_doctor where tenant_id = 1001 limit 1')).rows[0] as Rec;
    const cols = Object.keys(one);
    for (let from = 0; from < ROWS; from += 500) {
      const values: unknown[] = [];
      const tuples: string[] = [];
      for (let i = from; i < Math.min(ROWS, from + 500); i++) {
        tuples.push(`(${cols.map((_, k) => `$${values.length + k + 1}`).join(',')})`);
        values.push(...bulkRow(one, cols, i));
      }
      await client.query(`insert into his_doctor (${cols.map((c) => `"${c}"`).join(',')}) values ${tuples.join(',')}`, values);
    }
    await client.query('analyze');
    return {
      app,
      read: async (order) => (await client.query(ORACLE + order)).rows as Doctor[],
      stop: async () => { await client.end(); await app.close(); await tdb.drop(); },
    };
  },
  !probe.available && !PG_REQUIRED,
);
