/**
 * `index: "substring"` (hisDoctor.realname): a contains-search served by the n-gram index
 * answers exactly what a scan of every row answers — same total, same rows in the same order —
 * for one, two and more characters, ASCII case, `%`/`_`, with another filter, on every page;
 * and the index follows adds, edits, deletes and rows written by SQL outside the server.
 * On SQLite (memory) and on PostgreSQL when one answers (pg-helpers).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { dropSubstringIndexSql } from '../../src/server/db/substring-index.js';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';
import { createTestDatabase, PG_REQUIRED, probePostgres, type TestDatabase } from './pg-helpers.js';

type Rec = Record<string, unknown>;
const probe = await probePostgres();

/** A GB 11643-valid 18-digit ID card number with sequence `n`. */
function idCard(n: number): string {
  const body = `11010519800101${String(n).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((a, d, i) => a + Number(d) * w[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

interface Started {
  app: FastifyInstance;
  /** Runs SQL on a connection of its own, as a bulk load or another program would. */
  outside: (text: string) => Promise<void>;
  stop: () => Promise<void>;
}

function suite(name: string, start: () => Promise<Started>, skip = false) {
  describe.skipIf(skip)(name, () => {
    let app: FastifyInstance;
    let stop: () => Promise<void>;
    let outside: Started['outside'];
    let hosp: string;
    let department: Rec;

    const list = async (query: Rec): Promise<Page<Rec>> => {
      const r = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { pageSize: 10, ...query } as unknown as Record<string, string> });
      expect(r.status, r.body.message).toBe(200);
      return r.body.result;
    };
    /** Every doctor of the tenant, newest first, as the list orders them (no filter: no index). */
    const everyone = async (): Promise<Rec[]> => (await list({ pageSize: 1000 })).records;
    /** What a scan answers: rows whose name contains `s` ignoring ASCII case. */
    const scan = (rows: Rec[], s: string) => rows.filter((r) => String(r.realname ?? '').toLowerCase().includes(s.toLowerCase()));
    const ids = (rows: Rec[]) => rows.map((r) => r.id);
    const searched = async (s: string, more: Rec = {}) => list({ realname: `*${s}*`, pageSize: 1000, ...more });

    let n = 0;
    const add = async (realname: string): Promise<string> => {
      n++;
      const r = await call<string>(app, '/hisDoctor/add', {
        token: hosp,
        body: {
          realname, sex: '1', phone: `1370000${String(1000 + n)}`, idCard: idCard(700 + n), hospitalId: department.hospitalId,
          departIds: String(department.id), title: '2', pracType: '1', pracScope: '内科', pracCertNo: `SGX${n}`, qualCertNo: `SGQ${n}`,
          pracStartDate: '2015-06-01', status: '1',
        },
      });
      expect(r.status, r.body.message).toBe(200);
      return r.body.result;
    };

    beforeAll(async () => {
      ({ app, stop, outside } = await start());
      hosp = await login(app, 'hospadmin');
      const deps = await call<Page<Rec>>(app, '/hisDepartment/list', { token: hosp, query: { pageSize: '1', _flat: '1' } });
      department = deps.body.result.records[0]!;
      for (const name of ['欧阳Ab测试', '王伟', '王伟明', '伟王', '李%强', 'li_ming', 'LI MING', '王王']) await add(name);
    }, 120_000);
    afterAll(async () => stop?.(), 60_000);

    it('answers every contains-search exactly as a scan of every row does', async () => {
      const all = await everyone();
      expect(all.length).toBeGreaterThan(8);
      const probes = ['王', '伟', '王伟', '伟明', '王伟明', '欧阳ab测', 'ab', 'AB', 'li', 'LI M', 'i_m', '%', '_', '王王', '不存在的名字', '测试'];
      for (const name of all.slice(0, 5)) probes.push(String(name.realname).slice(0, 1), String(name.realname).slice(-2));
      for (const s of probes) {
        const got = await searched(s);
        const want = scan(all, s);
        expect({ s, total: got.total, ids: ids(got.records) }).toEqual({ s, total: want.length, ids: ids(want) });
      }
    });

    it('pages through the matches in the list order, and combines with another filter', async () => {
      const all = await everyone();
      const want = scan(all, '王');
      const pages: Rec[] = [];
      for (let p = 1; p <= Math.ceil(want.length / 2); p++) pages.push(...(await list({ realname: '*王*', pageSize: 2, pageNo: p })).records);
      expect(ids(pages)).toEqual(ids(want));
      const men = await searched('王伟', { sex: '1' });
      expect(ids(men.records)).toEqual(ids(scan(all, '王伟').filter((r) => r.sex === '1')));
    });

    it('reads the matches in the list order either way, by the sort value the grams carry; another sort still answers as a scan', async () => {
      const all = await everyone();
      for (const s of ['王', '王伟', '伟明']) {
        const want = scan(all, s);
        const asc = await searched(s, { column: 'createTime', order: 'asc' });
        expect(ids(asc.records)).toEqual(ids([...want].reverse()));
        // two rows a page, each page in turn
        const pages: Rec[] = [];
        for (let p = 1; p <= Math.ceil(want.length / 2); p++) pages.push(...(await list({ realname: `*${s}*`, pageSize: 2, pageNo: p, column: 'createTime', order: 'asc' })).records);
        expect(ids(pages)).toEqual(ids([...want].reverse()));
      }
      const byUpdate = (await list({ pageSize: 1000, column: 'updateTime', order: 'desc' })).records;
      expect(ids((await searched('王', { column: 'updateTime', order: 'desc' })).records)).toEqual(ids(scan(byUpdate, '王')));
    });

    it('a row whose sort value changes outside the server moves in the order of a search', async () => {
      const before = ids((await searched('王')).records);
      const last = before.at(-1)!;
      await outside(`update his_doctor set create_time = '2099-12-31 23:59:59' where id = '${String(last)}'`);
      const after = ids((await searched('王')).records);
      expect(after).toEqual([last, ...before.slice(0, -1)]);
    });

    it('follows edits and deletes made through the API', async () => {
      const id = await add('司马临时');
      expect(ids((await searched('马临')).records)).toEqual([id]);
      const current = (await call<Rec>(app, '/hisDoctor/queryById', { token: hosp, query: { id } })).body.result;
      const edited = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...current, realname: '司马新名' } });
      expect(edited.status, edited.body.message).toBe(200);
      expect((await searched('马临')).total).toBe(0);
      expect(ids((await searched('新名')).records)).toEqual([id]);
      const gone = await call(app, '/hisDoctor/delete', { method: 'DELETE', token: hosp, query: { id } });
      expect(gone.status, gone.body.message).toBe(200);
      expect((await searched('新名')).total).toBe(0);
    });

    it('indexes rows that another connection writes with plain SQL (the index is kept by triggers)', async () => {
      await outside(`insert into his_doctor (id, tenant_id, realname, create_time, version) values ('sg-bulk-1', 1001, '诸葛批量', '2099-01-01 00:00:00', 1)`);
      expect(ids((await searched('葛批')).records)).toEqual(['sg-bulk-1']);
      await outside(`update his_doctor set realname = '诸葛改名' where id = 'sg-bulk-1'`);
      // new searches each time: the server's count cache hears of its own writes only
      expect((await searched('批量')).total).toBe(0);
      expect(ids((await searched('改名')).records)).toEqual(['sg-bulk-1']);
      await outside(`delete from his_doctor where id = 'sg-bulk-1'`);
      expect((await searched('葛改')).total).toBe(0);
    });
  });
}

suite('SQLite', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-sgram-'));
  const app = await testApp({ seedRows: 12, memory: false, dataDir });
  const other = new BetterSqlite3(path.join(dataDir, 'hospital.db'));
  other.pragma('busy_timeout = 5000');
  return {
    app,
    outside: async (text) => { other.exec(text); },
    stop: async () => { other.close(); await app.close(); fs.rmSync(dataDir, { recursive: true, force: true }); },
  };
});

let tdb: TestDatabase | undefined;
suite(
  'PostgreSQL',
  async () => {
    if (!probe.available) throw new Error(`PG_TEST_URL is set but ${probe.reason}`);
    tdb = await createTestDatabase('hosp_sgram');
    const app = await buildApp({ databaseUrl: tdb.url, seedRows: 12, staticDir: '/nonexistent' });
    const other = new pg.Client({ connectionString: tdb.url });
    await other.connect();
    return {
      app,
      outside: async (text) => { await other.query(text); },
      stop: async () => { await other.end(); await app.close(); await tdb?.drop(); },
    };
  },
  !probe.available && !PG_REQUIRED,
);

describe('an existing database', () => {
  it('gets the index of its rows when a schema declares it, and drops it when the schema no longer does', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-sgram-up-'));
    const without = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-sgram-schemas-'));
    fs.cpSync('schemas', without, { recursive: true });
    const file = path.join(without, 'modules/hisDoctor.json');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"index": "substring", ', ''));
    const grams = () => {
      const db = new BetterSqlite3(path.join(dataDir, 'hospital.db'), { readonly: true });
      try {
        const t = db.prepare(`select name from sqlite_master where name = 'his_doctor__sgram'`).get();
        return t ? (db.prepare('select count(*) as n from his_doctor__sgram').get() as { n: number }).n : -1;
      } finally {
        db.close();
      }
    };
    try {
      let app = await testApp({ seedRows: 12, memory: false, dataDir, schemasDir: without });
      const hosp = await login(app, 'hospadmin');
      const first = (await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { pageSize: '1' } })).body.result.records[0]!;
      await app.close();
      expect(grams()).toBe(-1);

      app = await testApp({ seedRows: 12, memory: false, dataDir });
      expect(grams()).toBeGreaterThan(0);
      const name = String(first.realname);
      const found = await call<Page<Rec>>(app, '/hisDoctor/list', { token: await login(app, 'hospadmin'), query: { realname: `*${name.slice(-2)}*`, pageSize: '100' } });
      expect(found.body.result.records.map((r) => r.id)).toContain(first.id);
      await app.close();

      app = await testApp({ seedRows: 12, memory: false, dataDir, schemasDir: without });
      await app.close();
      expect(grams()).toBe(-1);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(without, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.skipIf(!probe.available && !PG_REQUIRED)('PostgreSQL statistics', () => {
  it('are taken of an n-gram table built from existing rows, so the planner does not take it for empty (autovacuum may be off)', async () => {
    if (!probe.available) throw new Error(`PG_TEST_URL is set but ${probe.reason}`);
    const db = await createTestDatabase('hosp_sgram_stats');
    try {
      const first = await buildApp({ databaseUrl: db.url, seedRows: 12, staticDir: '/nonexistent' });
      await first.close();
      // a bulk load drops the index; the next start rebuilds it from the rows
      for (const stmt of dropSubstringIndexSql('postgres', 'his_doctor')) await db.query(stmt);
      const app = await buildApp({ databaseUrl: db.url, seedRows: 12, staticDir: '/nonexistent' });
      await app.close();
      const [grams] = await db.query<{ n: number }>('select count(*)::int as n from his_doctor__sgram');
      // reltuples stays -1 on a table never analyzed or vacuumed
      const [stats] = await db.query<{ reltuples: number }>(`select reltuples from pg_class where relname = 'his_doctor__sgram'`);
      expect(grams!.n).toBeGreaterThan(0);
      expect(Number(stats!.reltuples)).toBe(grams!.n);
    } finally {
      await db.drop();
    }
  }, 120_000);
});
