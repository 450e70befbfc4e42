/**
 * A contains-search with thousands of matches (between WINDOW_FROM and the count cap) first
 * reads the list order's first rows, then the n-gram index when they do not hold the page:
 * either way the page is the one a scan of every row in the list order gives, on every page.
 */
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/protocol/index.js';
import { WINDOW_FROM } from '../../src/server/resources/list.js';
import { call, login, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let token: string;
const dir = tempDir('hosp-like-window-');
const ROWS = 6000;
/** Every live doctor of tenant 1001 in the list order (createTime desc, id desc), read with SQL. */
let ordered: Array<{ id: string; realname: string; sex: string }> = [];

/** Row i (higher i is newer): 甲 in every other row, 乙 in the oldest 2,400 only. */
const nameOf = (i: number) => `${i % 2 === 0 ? '甲' : '丙'}${i < 2400 ? '乙' : '丁'}${i}`;

beforeAll(async () => {
  app = await testApp({ memory: false, dataDir: dir, seedRows: 3 });
  token = await login(app, 'hospadmin');
  const db = new BetterSqlite3(join(dir, 'hospital.db'));
  try {
    const one = db.prepare('select * from his_doctor where tenant_id = 1001 limit 1').get() as Rec;
    const cols = Object.keys(one);
    const ins = db.prepare(`insert into his_doctor (${cols.map((c) => `"${c}"`).join(',')}) values (${cols.map(() => '?').join(',')})`);
    const start = Date.parse('2021-01-01T00:00:00Z');
    db.transaction(() => {
      for (let i = 0; i < ROWS; i++) {
        const time = new Date(start + i * 60_000).toISOString().slice(0, 19).replace('T', ' ');
        const row: Rec = { ...one, id: `8${String(i).padStart(12, '0')}`, realname: nameOf(i), sex: i % 3 === 0 ? '2' : '1', create_time: time };
        for (const c of cols) if (/phone|mobile|id_card|idcard|email|work_no|license|cert_no|_no$/i.test(c)) row[c] = `8${String(i).padStart(10, '0')}`;
        ins.run(...cols.map((c) => row[c] ?? null));
      }
    })();
    ordered = db
      .prepare('select id, realname, sex from his_doctor where tenant_id = 1001 order by create_time desc, id desc')
      .all() as typeof ordered;
  } finally {
    db.close();
  }
}, 60_000);

afterAll(async () => {
  await app.close();
});

const list = async (query: Record<string, string | number>): Promise<Page<Rec>> => {
  const r = await call<Page<Rec>>(app, '/hisDoctor/list', { token, query: { pageSize: 10, column: 'createTime', order: 'desc', ...query } });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
};

/** The ids of page `pageNo` as a scan gives them. */
const scanPage = (match: (r: (typeof ordered)[number]) => boolean, pageNo: number) =>
  ordered.filter(match).slice((pageNo - 1) * 10, pageNo * 10).map((r) => r.id);

describe('a contains-search with thousands of matches', () => {
  it('the searches below fall between WINDOW_FROM and the cap', () => {
    expect(ordered.filter((r) => r.realname.includes('甲')).length).toBe(3000);
    expect(ordered.filter((r) => r.realname.includes('乙')).length).toBe(2400);
    expect(WINDOW_FROM).toBeLessThan(2400);
  });

  it('matches spread through the list: early pages come from the first rows, deep pages from the index', async () => {
    const has = (r: (typeof ordered)[number]) => r.realname.includes('甲');
    // the window is 750 rows holding 375 matches: pages 1-37 from it, 38 on from the index
    for (const pageNo of [1, 2, 37, 38, 150, 300]) {
      const page = await list({ realname: '*甲*', pageNo });
      expect({ pageNo, total: page.total, ids: page.records.map((r) => r.id) }).toEqual({ pageNo, total: 3000, ids: scanPage(has, pageNo) });
    }
  });

  it('matches only among the oldest rows: the first rows hold none and the index answers', async () => {
    const has = (r: (typeof ordered)[number]) => r.realname.includes('乙');
    for (const pageNo of [1, 2, 240]) {
      const page = await list({ realname: '*乙*', pageNo });
      expect({ pageNo, total: page.total, ids: page.records.map((r) => r.id) }).toEqual({ pageNo, total: 2400, ids: scanPage(has, pageNo) });
    }
  });

  it('with another filter and two characters', async () => {
    const has = (r: (typeof ordered)[number]) => r.realname.includes('甲丁') && r.sex === '1';
    const want = ordered.filter(has).length;
    expect(want).toBeGreaterThan(WINDOW_FROM);
    for (const pageNo of [1, 5, 100]) {
      const page = await list({ realname: '*甲丁*', sex: '1', pageNo });
      expect({ pageNo, total: page.total, ids: page.records.map((r) => r.id) }).toEqual({ pageNo, total: want, ids: scanPage(has, pageNo) });
    }
  });
});
