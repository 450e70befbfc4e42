/**
 * Capped count: a list counts matching rows exactly up to COUNT_CAP; past it the page says
 * `total: 10000, totalCapped: true` and the pager keeps working, also past the cap.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, type Page } from '../../src/core/protocol/index.js';
import { call, login, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let token: string;
const dir = tempDir('hosp-count-');
const EXTRA = COUNT_CAP + 50;

beforeAll(async () => {
  app = await testApp({ memory: false, dataDir: dir, seedRows: 3 });
  token = await login(app, 'hospadmin');
  // bulk rows of tenant 1001 beside the server (WAL): copies of a seeded doctor, realname 批量<n>
  const db = new BetterSqlite3(join(dir, 'hospital.db'));
  try {
    const one = db.prepare('select * from his_doctor where tenant_id = 1001 limit 1').get() as Rec;
    const cols = Object.keys(one);
    const ins = db.prepare(`insert into his_doctor (${cols.map((c) => `"${c}"`).join(',')}) values (${cols.map(() => '?').join(',')})`);
    db.transaction(() => {
      for (let i = 0; i < EXTRA; i++) {
        const row: Rec = { ...one, id: `9${String(i).padStart(12, '0')}`, realname: `批量${i}`, create_time: '2020-01-01 00:00:00' };
        for (const c of cols) if (/phone|mobile|id_card|idcard|email|work_no|license|cert_no|_no$/i.test(c)) row[c] = `9${String(i).padStart(10, '0')}`;
        ins.run(...cols.map((c) => row[c] ?? null));
      }
    })();
  } finally {
    db.close();
  }
});

afterAll(async () => {
  await app.close();
});

const list = (query: Record<string, string | number>) =>
  call<Page<Rec>>(app, '/hisDoctor/list', { token, query: { pageSize: 10, column: 'createTime', order: 'desc', ...query } });

describe('capped count', () => {
  it('more matches than the cap: total is the cap, flagged, pages follow the cap', async () => {
    const r = await list({ pageNo: 1 });
    expect(r.status).toBe(200);
    expect(r.body.result.total).toBe(COUNT_CAP);
    expect(r.body.result.totalCapped).toBe(true);
    expect(r.body.result.pages).toBe(COUNT_CAP / 10);
    expect(r.body.result.records).toHaveLength(10);
  });

  it('the pager still answers rows on the last page and past the cap', async () => {
    const last = await list({ pageNo: COUNT_CAP / 10 });
    expect(last.body.result.records).toHaveLength(10);
    const past = await list({ pageNo: COUNT_CAP / 10 + 2 });
    expect(past.body.result.records).toHaveLength(10);
    expect(past.body.result.records.every((x) => String(x.realname).startsWith('批量'))).toBe(true);
  });

  it('fewer matches than the cap: the exact total and no flag', async () => {
    const r = await list({ pageNo: 1, realname: '*批量100*' });
    // 批量100, 批量1000..1009, 批量10000..10049
    expect(r.body.result.total).toBe(1 + 10 + 50);
    expect(r.body.result.totalCapped).toBeUndefined();
  });

  it('a contains-search with more matches than the cap answers its deep pages as the list order does, either way', async () => {
    // what a scan of every row answers: realname contains 批, newest first, ties by id
    const db = new BetterSqlite3(join(dir, 'hospital.db'), { readonly: true });
    const want = (s: string, order: 'asc' | 'desc', offset: number) =>
      (db.prepare(`select id from his_doctor where tenant_id = 1001 and realname like ? order by create_time ${order}, id ${order} limit 10 offset ?`).all(`%${s}%`, offset) as Rec[]).map((x) => x.id);
    try {
      for (const order of ['desc', 'asc'] as const) {
        for (const pageNo of [1, 2, COUNT_CAP / 10, COUNT_CAP / 10 + 3]) {
          const r = await list({ pageNo, realname: '*批*', order });
          expect(r.body.result.totalCapped).toBe(true);
          expect({ order, pageNo, ids: r.body.result.records.map((x) => x.id) }).toEqual({ order, pageNo, ids: want('批', order, (pageNo - 1) * 10) });
        }
        // three characters: the driving pair's rows are more than the matches (批量1: 1,161 of
        // 10,050), each is checked against the row; deep pages of it too
        for (const pageNo of [1, 50, 116, 117]) {
          const r = await list({ pageNo, realname: '*批量1*', order });
          expect(r.body.result.total).toBe(1161);
          expect({ order, pageNo, ids: r.body.result.records.map((x) => x.id) }).toEqual({ order, pageNo, ids: want('批量1', order, (pageNo - 1) * 10) });
        }
      }
    } finally {
      db.close();
    }
  });

  it('the same query at other page sizes answers the rows of each size, near the start and deep', async () => {
    // one query shape per page size: a page read at one size must not be answered at another
    const ids = async (query: Record<string, string | number>) => (await list(query)).body.result.records.map((x) => x.id);
    const first140 = await ids({ pageNo: 1, pageSize: 140 });
    expect(first140).toHaveLength(140);
    expect(await ids({ pageNo: 1, pageSize: 20 })).toEqual(first140.slice(0, 20));
    expect(await ids({ pageNo: 2, pageSize: 10 })).toEqual(first140.slice(10, 20));
    // offset 133: past the depth where a page reads its ids first
    expect(await ids({ pageNo: 20, pageSize: 7 })).toEqual(first140.slice(133, 140));
    expect(await ids({ pageNo: 1, pageSize: 7 })).toEqual(first140.slice(0, 7));
  });
});
