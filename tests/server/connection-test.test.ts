/**
 * 软件管理 and 多数据源: connection passwords are write-only (never in list or detail answers), and 测试连接 really tries the stored connection — an SQLite file, a PostgreSQL
 * URL — answering in Chinese why it failed.
 */
import BetterSqlite3 from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, tempDir, testApp } from './helpers.js';
import { PG_ADMIN_URL, probePostgres } from './pg-helpers.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }

let app: FastifyInstance;
let admin: string;
const dir = tempDir('hosp-conn-');
let sqliteFile: string;
beforeAll(async () => {
  sqliteFile = path.join(dir, 'lis.db');
  const db = new BetterSqlite3(sqliteFile);
  db.exec('create table report (id integer primary key)');
  db.close();
  fs.writeFileSync(path.join(dir, 'notes.txt'), '这不是数据库文件，只是一段说明文字。'.repeat(20));
  app = await testApp();
  admin = await login(app, 'admin');
});
afterAll(async () => {
  await app.close();
});

const base = { softwareName: '检验系统', softwareType: '2', vendor: '卫宁健康', softwareVersion: 'V3.8', dbType: '10', dbUsername: 'lis', status: '1' };
async function software(dbUrl: string, extra: Rec = {}): Promise<string> {
  const r = await call<string>(app, '/sys/software/add', { token: admin, body: { ...base, dbUrl, dbPassword: 'S3cret!pass', ...extra } });
  expect(r.body.message).toBe('添加成功！');
  return r.body.result;
}
const test = (resource: string, id: string) => call<Rec>(app, `/sys/${resource}/testConnection`, { token: admin, body: { id } });

describe('软件管理', () => {
  it('keeps the password write-only: never in list or detail answers', async () => {
    const id = await software(`jdbc:sqlite:${sqliteFile}`);
    const list = (await call<Page>(app, '/sys/software/list', { token: admin, query: { softwareName: '检验系统' } })).body.result.records;
    expect(list.length).toBeGreaterThan(0);
    for (const r of list) expect(r).not.toHaveProperty('dbPassword');
    const detail = (await call<Rec>(app, '/sys/software/queryById', { token: admin, query: { id } })).body.result;
    expect(detail).toMatchObject({ softwareName: '检验系统', dbUrl: `jdbc:sqlite:${sqliteFile}` });
    expect(detail).not.toHaveProperty('dbPassword');
  });

  it('测试连接 opens an existing SQLite database', async () => {
    const r = await test('software', await software(`jdbc:sqlite:${sqliteFile}`));
    expect([r.status, r.body.message, r.body.result]).toEqual([200, '测试连接成功！', { connected: true }]);
  });

  it('测试连接 says why an SQLite connection fails: missing file, not a database', async () => {
    const missing = path.join(dir, 'none.db');
    const a = await test('software', await software(`jdbc:sqlite:${missing}`));
    expect([a.status, a.body.message]).toEqual([400, `连接失败：数据库文件不存在：${missing}`]);
    expect(fs.existsSync(missing)).toBe(false);
    const notes = path.join(dir, 'notes.txt');
    const b = await test('software', await software(`jdbc:sqlite:${notes}`));
    expect([b.status, b.body.message]).toEqual([400, `连接失败：不是 SQLite 数据库文件：${notes}`]);
  });

  it('测试连接 says why a PostgreSQL connection fails: refused port; other kinds are not testable', async () => {
    const a = await test('software', await software('jdbc:postgresql://127.0.0.1:1/his', { dbType: '6' }));
    expect([a.status, a.body.message]).toEqual([400, '连接失败：无法连接到 127.0.0.1:1：连接被拒绝（服务未启动或端口不对）']);
    const b = await test('software', await software('jdbc:mysql://127.0.0.1:3306/his', { dbType: '4' }));
    expect([b.status, b.body.message]).toEqual([400, '连接失败：暂不支持测试该类型的连接（仅支持 SQLite 与 PostgreSQL）：jdbc:mysql']);
  });
});

describe('多数据源 测试连接', () => {
  it('tests the stored connection of a data source the same way', async () => {
    const add = await call<string>(app, '/sys/dataSource/add', { token: admin, body: {
      code: 'lis_local', name: '本地检验库', dbType: '10', dbDriver: 'org.sqlite.JDBC', dbUrl: `jdbc:sqlite:${sqliteFile}`, dbUsername: 'lis', dbPassword: 'x',
    } });
    expect(add.body.message).toBe('添加成功！');
    expect((await test('dataSource', add.body.result)).body.message).toBe('测试连接成功！');
    const detail = (await call<Rec>(app, '/sys/dataSource/queryById', { token: admin, query: { id: add.body.result } })).body.result;
    expect(detail).not.toHaveProperty('dbPassword');
  });
});

const pgProbe = await probePostgres();
describe.skipIf(!pgProbe.available)(`PostgreSQL 测试连接 (${pgProbe.reason || 'available'})`, () => {
  it('connects to a running server and names a missing database', async () => {
    const u = new URL(PG_ADMIN_URL);
    const url = `jdbc:postgresql://${u.hostname}:${u.port || 5432}`;
    const ok = await test('software', await software(`${url}${u.pathname}`, { dbType: '6', dbUsername: decodeURIComponent(u.username), dbPassword: decodeURIComponent(u.password) || 'x' }));
    expect([ok.status, ok.body.message]).toEqual([200, '测试连接成功！']);
    const none = await test('software', await software(`${url}/no_such_db_${Date.now()}`, { dbType: '6', dbUsername: decodeURIComponent(u.username), dbPassword: decodeURIComponent(u.password) || 'x' }));
    expect([none.status, none.body.message]).toEqual([400, '连接失败：数据库不存在']);
  });
});
