/**
 * 定时任务: a job is a row with a registered job class and a cron expression. A bad expression
 * is refused on save; a started job fires on its schedule and writes its run log; pausing
 * stops it; 立即执行 runs it once; two servers on one database run each fire once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import Database from 'better-sqlite3';
import { nowText } from '../../src/server/db/ids.js';
import { JOB_CLASSES } from '../../src/server/jobs/classes.js';
import { nextFireTimes } from '../../src/server/jobs/scheduler.js';
import { call, login, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dir = tempDir('hosp-jobs-');
let a: FastifyInstance;
let b: FastifyInstance;
let bClosed = false;
let admin: string;

beforeAll(async () => {
  a = await testApp({ memory: false, dataDir: dir, seedRows: 2 });
  admin = await login(a, 'admin');
});
afterAll(async () => {
  await a?.close();
  if (b && !bClosed) await b.close();
});

async function addJob(body: Rec): Promise<{ status: number; body: { success: boolean; message: string; result: unknown } }> {
  return call(a, '/sys/quartzJob/add', { token: admin, body: { jobClassName: 'heartbeatJob', status: '-1', ...body } });
}

async function jobRow(description: string): Promise<Rec> {
  const page = await call<Page<Rec>>(a, '/sys/quartzJob/list', { token: admin, query: { pageSize: 100 } });
  const row = page.body.result.records.find((r) => r.description === description);
  expect(row, description).toBeDefined();
  return row!;
}

async function logsOf(jobId: string): Promise<Rec[]> {
  const page = await call<Page<Rec>>(a, '/sys/quartzJobLog/list', { token: admin, query: { jobId, pageSize: 1000 } });
  expect(page.status, page.body.message).toBe(200);
  return page.body.result.records;
}

describe('定时任务', () => {
  it('the job-class dictionary lists exactly the registered job classes', () => {
    const dict = JSON.parse(fs.readFileSync(path.join('schemas', 'dicts', 'job_class.json'), 'utf8')) as { items: Array<{ value: string }> };
    expect(dict.items.map((i) => i.value).sort()).toEqual(Object.keys(JOB_CLASSES).sort());
  });

  it('shows the next fire times of an expression with seconds and Quartz ?', () => {
    const next = nextFireTimes('0 0/30 * * * ?', 2);
    expect(next).toHaveLength(2);
    for (const t of next) expect(t).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:(00|30):00$/);
  });

  it('refuses a cron expression that does not parse, naming the field, and stores nothing', async () => {
    const r = await addJob({ cronExpression: '0 0 25 * * ?', description: '坏表达式' });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/^Cron表达式：格式不正确/);
    const page = await call<Page<Rec>>(a, '/sys/quartzJob/list', { token: admin, query: { pageSize: 100 } });
    expect(page.body.result.records.some((x) => x.description === '坏表达式')).toBe(false);
  });

  it('a started job fires every second, each fire runs once across two servers, and 停止 stops it', async () => {
    const add = await addJob({ cronExpression: '* * * * * *', description: '每秒心跳', status: '0' });
    expect(add.body.success, add.body.message).toBe(true);
    const job = await jobRow('每秒心跳');
    // a second server on the same database file schedules the same job at its start
    b = await testApp({ memory: false, dataDir: dir, seedRows: 2 });
    await sleep(3500);
    const logs = await logsOf(String(job.id));
    expect(logs.length).toBeGreaterThanOrEqual(2);
    expect(logs.every((l) => l.result === '1' && l.trigger === 'cron' && l.message === '心跳正常')).toBe(true);
    // both servers scheduled it, yet every scheduled second ran once
    const fires = logs.map((l) => l.fireTime);
    expect(new Set(fires).size).toBe(fires.length);
    await b.close();
    bClosed = true; // on SQLite the bus is in-process: the other server would not hear the pause

    const pause = await call(a, '/sys/quartzJob/pause', { method: 'PUT', token: admin, body: { id: job.id, version: job.version } });
    expect(pause.body.success, pause.body.message).toBe(true);
    await sleep(300); // the reload reaches both schedules
    const stopped = (await logsOf(String(job.id))).length;
    await sleep(2200);
    expect((await logsOf(String(job.id))).length).toBe(stopped);
  });

  it('立即执行 runs a paused job once and logs it; a failing job logs 失败 with the reason', async () => {
    await addJob({ cronExpression: '0 0 3 * * ?', description: '手动心跳' });
    const job = await jobRow('手动心跳');
    const r = await call(a, '/sys/quartzJob/execute', { token: admin, body: { id: job.id } });
    expect(r.body.success, r.body.message).toBe(true);
    await sleep(300);
    const logs = await logsOf(String(job.id));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ trigger: 'manual', result: '1', message: '心跳正常' });

    await addJob({ jobClassName: 'closeStaleRecordsJob', cronExpression: '0 0 3 * * ?', description: '缺参数', parameter: '{"resource": "hisDoctor"}' });
    const bad = await jobRow('缺参数');
    await call(a, '/sys/quartzJob/execute', { token: admin, body: { id: bad.id } });
    await sleep(300);
    const failed = await logsOf(String(bad.id));
    expect(failed[0]).toMatchObject({ result: "0", message: "缺少参数 action" });
  });

  it('超时关闭 runs a transition through the pipeline on rows waiting too long, in the job\'s tenant only', async () => {
    const hosp = await login(a, 'hospadmin');
    const pending = async (tenantToken: string) =>
      (await call<Page<Rec>>(a, '/hisPrescription/list', { token: tenantToken, query: { status: '1', pageSize: 1 } })).body.result.total;
    // seeded prescriptions are recent: make three of 1001 pending (待审核) since two hours ago
    const file = new Database(path.join(dir, 'hospital.db'));
    file.prepare("update his_prescription set status = '1', create_time = ? where id in (select id from his_prescription where tenant_id = 1001 order by id limit 3)").run(nowText(new Date(Date.now() - 7_200_000)));
    file.prepare("update his_prescription set status = '5' where tenant_id = 1001 and status = '1' and create_time > ?").run(nowText(new Date(Date.now() - 3_600_000)));
    file.close();
    const before = await pending(hosp);
    expect(before).toBeGreaterThan(0);
    const platformBefore = await pending(admin);
    // the job belongs to tenant 1001 (written by its administrator's platform admin through tenant-id)
    const add = await call(a, '/sys/quartzJob/add', {
      token: admin,
      tenantId: 1001,
      body: { jobClassName: 'closeStaleRecordsJob', cronExpression: '0 0 3 * * ?', status: '-1', description: '作废超时处方', parameter: '{"resource": "hisPrescription", "action": "void", "minutes": 60}' },
    });
    expect(add.body.success, add.body.message).toBe(true);
    const page = await call<Page<Rec>>(a, '/sys/quartzJob/list', { token: admin, tenantId: 1001, query: { pageSize: 100 } });
    const job = page.body.result.records.find((r) => r.description === '作废超时处方')!;
    await call(a, '/sys/quartzJob/execute', { token: admin, tenantId: 1001, body: { id: job.id } });
    await sleep(800);
    expect(await pending(hosp)).toBe(0);
    expect(await pending(admin)).toBe(platformBefore); // the platform tenant's rows are untouched
    const logs = await call<Page<Rec>>(a, '/sys/quartzJobLog/list', { token: admin, tenantId: 1001, query: { jobId: String(job.id) } });
    expect(logs.body.result.records[0]).toMatchObject({ result: '1', message: `已处理 ${before} 条` });
    // each row was written by the pipeline: state, version and the data log
    const voided = await call<Page<Rec>>(a, '/hisPrescription/list', { token: hosp, query: { status: '4', pageSize: 1, column: 'updateTime', order: 'desc' } });
    expect(voided.body.result.records[0]).toMatchObject({ updateBy: 'system' });
    expect(Number(voided.body.result.records[0]!.version)).toBeGreaterThan(1);
  });
});
