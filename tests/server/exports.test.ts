/**
 * Background exports (下载中心, src/server/exports): an export above the threshold is a job
 * answered 已加入下载中心; the job writes its progress, finishes into a file the caller (and
 * only the caller) downloads; a job left running by a stopped instance is run again at the next
 * start; expired files are purged; of two instances sharing the database only one runs a job.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { buildApp, type BuildOptions } from '../../src/server/app.js';
import { call, login, tempDir } from './helpers.js';
import { envelope, raw } from './files.multipart.js';
import { fillRows } from './bulk-rows.js';

type Rec = Record<string, unknown>;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ROWS = 2500;

const dataDir = tempDir('hosp-exports-');
const apps: FastifyInstance[] = [];

function start(opts: BuildOptions = {}): Promise<FastifyInstance> {
  return buildApp({ dataDir, seedRows: 8, staticDir: '/nonexistent', ...opts, exports: { asyncRows: 1000, intervalMs: 0, ...opts.exports } }).then((a) => {
    apps.push(a);
    return a;
  });
}

function sqlite() {
  return new BetterSqlite3(path.join(dataDir, 'hospital.db'));
}

async function rowCount(buf: Buffer): Promise<number> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb.worksheets[0]!.actualRowCount - 1;
}

async function jobs(app: FastifyInstance, token: string) {
  return (await call<Page<Rec>>(app, '/sys/exportJob/list', { token })).body.result.records;
}

beforeAll(async () => {
  const first = await start();
  await first.close();
  fillRows(dataDir, 'his_pay_log', 1001, ROWS, { serial_no: 'ZFEXPORT' });
});
afterAll(async () => {
  for (const a of apps) await a.close().catch(() => undefined);
});

describe('background exports', () => {
  let app: FastifyInstance;
  let hosp: string;
  let zhuli: string;
  let admin: string;
  let jobId: string;

  it('queues an export above the threshold: 已加入下载中心, then the job shows 排队中 in the caller\'s 下载中心', async () => {
    app = await start();
    hosp = await login(app, 'hospadmin');
    zhuli = await login(app, 'zhuli');
    admin = await login(app, 'admin');
    const r = await call<Rec>(app, '/hisPayLog/exportXls', { token: hosp, query: { field: 'serialNo,payWay,paidAmount' } });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('已加入下载中心');
    expect(r.body.result).toMatchObject({ queued: true, total: ROWS });
    jobId = String(r.body.result.jobId);
    const list = await jobs(app, hosp);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: jobId, status: 'queued', status_dictText: '排队中', total: ROWS, done: 0, percent: 0, resourceTitle: '支付流水' });
    expect(String(list[0]!.fileName)).toMatch(/^支付流水_\d{14}\.xlsx$/);
    // not ready yet
    const early = await raw(app, '/sys/exportJob/download', { token: hosp, query: { id: jobId } });
    expect(early.statusCode).toBe(400);
    expect(envelope(early.body).message).toBe('文件尚未生成完成，请稍后再下载');
  });

  it('a small export is still streamed at once', async () => {
    const r = await raw(app, '/hisPayLog/exportXls', { token: hosp, query: { field: 'serialNo', selections: 'x1,x2' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe(XLSX);
  });

  it('a job left running by a stopped instance is run again at start and finishes with its progress and file', async () => {
    // the job was claimed by an instance that went away mid-way (no live lease any more)
    const db = sqlite();
    db.prepare("update sys_export_job set status = 'running', claimed_by = 'gone-instance', done = 1000, heartbeat = '2026-01-01 00:00:00' where id = ?").run(jobId);
    db.close();
    await app.close();
    app = await start();
    hosp = await login(app, 'hospadmin');
    zhuli = await login(app, 'zhuli');
    expect((await jobs(app, hosp))[0]).toMatchObject({ status: 'running', status_dictText: '导出中', done: 1000, percent: 40 });
    expect(await app.exportQueue.drain()).toBe(1);
    const [job] = await jobs(app, hosp);
    expect(job).toMatchObject({ status: 'done', status_dictText: '已完成', done: ROWS, total: ROWS, percent: 100 });
    expect(Number(job!.size)).toBeGreaterThan(10_000);
    const created = new Date(String(job!.finishTime).replace(' ', 'T')).getTime();
    expect(new Date(String(job!.expireTime).replace(' ', 'T')).getTime() - created).toBe(7 * 86_400_000);

    const file = await raw(app, '/sys/exportJob/download', { token: hosp, query: { id: jobId } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(XLSX);
    expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent(String(job!.fileName)));
    expect(await rowCount(file.rawPayload)).toBe(ROWS);
  });

  it('only the owner lists and downloads the file; the static route never serves it', async () => {
    expect(await jobs(app, zhuli)).toEqual([]);
    const other = await raw(app, '/sys/exportJob/download', { token: zhuli, query: { id: jobId } });
    expect(other.statusCode).toBe(404);
    expect(envelope(other.body).message).toBe('未找到对应数据');
    const db = sqlite();
    const key = String((db.prepare('select file_key from sys_export_job where id = ?').get(jobId) as Rec).file_key);
    db.close();
    expect(key.startsWith('export-jobs/')).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'upload', ...key.split('/')))).toBe(true);
    const direct = await app.inject({ method: 'GET', url: `/hospital/sys/common/static/${key}` });
    expect(direct.statusCode).toBe(404);
    const noId = await raw(app, '/sys/exportJob/download', { token: hosp });
    expect(envelope(noId.body).message).toBe('id：不能为空');
    const anon = await raw(app, '/sys/exportJob/download', { query: { id: jobId } });
    expect(anon.statusCode).toBe(401);
    // another tenant's view of the same user id space: admin (platform) sees none of it
    expect(await jobs(app, admin)).toEqual([]);
  });

  it('purges the file and the row once the 7 days are over', async () => {
    const db = sqlite();
    const key = String((db.prepare('select file_key from sys_export_job where id = ?').get(jobId) as Rec).file_key);
    db.prepare("update sys_export_job set expire_time = '2026-01-01 00:00:00' where id = ?").run(jobId);
    db.close();
    expect(await app.exportQueue.purge()).toBe(1);
    expect(fs.existsSync(path.join(dataDir, 'upload', ...key.split('/')))).toBe(false);
    expect(await jobs(app, hosp)).toEqual([]);
    const gone = await raw(app, '/sys/exportJob/download', { token: hosp, query: { id: jobId } });
    expect(gone.statusCode).toBe(404);
  });

  it('of two instances sharing the database exactly one runs a job', async () => {
    const second = await start();
    const r = await call<Rec>(app, '/hisPayLog/exportXls', { token: hosp, query: { field: 'serialNo' } });
    expect(r.body.message).toBe('已加入下载中心');
    const [a, b] = await Promise.all([app.exportQueue.drain(), second.exportQueue.drain()]);
    expect(a + b).toBe(1);
    const [job] = await jobs(app, hosp);
    expect(job).toMatchObject({ status: 'done', done: ROWS });
    await second.close();
  });

  it('refuses bad input with the field named and queues nothing', async () => {
    const before = (await jobs(app, hosp)).length;
    const bad = await call(app, '/hisPayLog/exportXls', { token: hosp, query: { nope: '1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('不支持的查询条件：nope');
    const page = await call(app, '/sys/exportJob/list', { token: hosp, query: { pageSize: 'x' } });
    expect(page.status).toBe(400);
    expect(page.body.message).toBe('每页条数：必须是正整数');
    expect((await jobs(app, hosp)).length).toBe(before);
  });
});
