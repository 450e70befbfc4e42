/**
 * The regulator upload queue end to end against a stub regulator that accepts, refuses or
 * never answers on demand: 上报 queues a 挂号监管 record with a payload built from its fields;
 * drain() sends it signed to <baseUrl>/pub/orderBook; refusals and timeouts are retried with a
 * doubling backoff until 上报失败 with the reason; 重新上报 and 忽略 on the queue; the source
 * record follows; rows queued before a restart are sent after it.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { nowText } from '../../src/server/db/ids.js';
import { call, login, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;

// ---- the stub regulator
type Mode = 'accept' | 'reject' | 'timeout' | 'http500';
let mode: Mode = 'accept';
const received: Array<{ url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
const stub = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
  req.on('end', () => {
    received.push({ url: req.url ?? '', headers: req.headers, body });
    if (mode === 'timeout') return; // never answers
    res.setHeader('Content-Type', 'application/json');
    if (mode === 'http500') { res.statusCode = 500; res.end('{"message":"系统繁忙"}'); return; }
    res.end(JSON.stringify(mode === 'accept' ? { code: 0, message: '接收成功' } : { code: 'E1001', message: '机构监管编码不存在' }));
  });
});

// ---- the app, on a database file so that it can be restarted
const dataDir = tempDir('hosp-regulator-');
let app: FastifyInstance;
let admin: string;
let clock = new Date('2026-01-10T09:00:00');
const start = () => testApp({ memory: false, dataDir, uploadQueue: { intervalMs: 0, backoffMs: 1000, now: () => clock } });

beforeAll(async () => {
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  app = await start();
  admin = await login(app, 'admin');
}, 60_000);
afterAll(async () => {
  await app.close();
  stub.closeAllConnections();
  await new Promise((r) => stub.close(r));
});

async function ok<T = unknown>(p: string, o: Parameters<typeof call>[2]): Promise<T> {
  const r = await call<T>(app, p, { token: admin, ...o });
  expect(r.body.success, `${p}: ${r.body.message}`).toBe(true);
  return r.body.result;
}
const list = async (p: string, query: Rec = {}) => (await ok<Page<Rec>>(p, { query: { pageSize: 1000, ...query } as never })).records;
const byId = (p: string, id: string) => ok<Rec>(p, { query: { id } });

let configId = '';
/** A fresh 挂号监管 record (待上报) naming a real booking, department, doctor and patient. */
async function bookRecord(fee = 15): Promise<string> {
  const [booking] = await list('/hisBookOrder/list', { pageSize: 1 });
  const [dept] = await list('/hisDepartment/list', { pageSize: 1 });
  const [doctor] = await list('/hisDoctor/list', { pageSize: 1 });
  const [patient] = await list('/hisPatient/list', { pageSize: 1 });
  return ok<string>('/hisSuperviseBook/add', {
    body: {
      bookId: booking!.id, orgCode: '45560012964010011A1001', departmentId: dept!.id, doctorId: doctor!.id, doctorCertNo: '110640000012345',
      patientId: patient!.id, visitDate: '2026-01-12', timeSlot: '1', fee, bookStatus: '3',
    },
  });
}
async function upload(id: string): Promise<Rec> {
  await ok('/hisSuperviseBook/upload', { method: 'PUT', body: { id } });
  const rows = (await list('/hisSuperviseUpload/list')).filter((r) => r.sourceId === id);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}
const queued = (id: string) => byId('/hisSuperviseUpload/queryById', id);
const source = (id: string) => byId('/hisSuperviseBook/queryById', id);
const drain = () => app.uploadQueue.drain();
const later = (seconds: number) => { clock = new Date(clock.getTime() + seconds * 1000); };

describe('regulator upload queue', () => {
  beforeAll(async () => {
    // the platform uploads to the stub only
    for (const c of await list('/hisSuperviseOrg/list')) await ok('/hisSuperviseOrg/delete', { method: 'DELETE', query: { id: String(c.id) } });
    configId = await ok<string>('/hisSuperviseOrg/add', {
      body: {
        name: '测试监管平台', regionCode: '640000', baseUrl: `http://127.0.0.1:${(stub.address() as AddressInfo).port}/api/`, orgCode: 'TEST000001',
        appKey: 'test-key', appSecret: 'test-secret', transferMode: '1', timeoutSeconds: 1, maxRetries: 2, uploadEnabled: true, status: '1',
      },
    });
  });

  it('上报 queues the record with its fields and labels; the regulator accepts: 已上报 on both sides', async () => {
    mode = 'accept';
    const id = await bookRecord(18.5);
    const before = await source(id);
    const q = await upload(id);
    expect(q).toMatchObject({ uploadType: 'orderBook', orgId: configId, sourceResource: 'hisSuperviseBook', status: '0', retryCount: 0 });
    expect(q.bizNo).toBe(before.bookId_dictText);
    expect((await source(id)).uploadStatus).toBe('1');

    received.length = 0;
    expect(await drain()).toBe(1);
    expect(received).toHaveLength(1);
    const req = received[0]!;
    expect(req.url).toBe('/api/pub/orderBook');
    expect(req.headers['x-app-key']).toBe('test-key');
    const sign = createHmac('sha256', 'test-secret').update(`test-key${String(req.headers['x-timestamp'])}${req.body}`).digest('hex');
    expect(req.headers['x-sign']).toBe(sign);
    const body = JSON.parse(req.body) as { orgCode: string; uploadType: string; bizNo: string; data: Rec };
    expect(body).toMatchObject({ orgCode: 'TEST000001', uploadType: 'orderBook', bizNo: before.bookId_dictText });
    // the operator who queued the upload: the admin's id and account
    const me = (await call<{ records: Rec[] }>(app, '/sys/user/list', { token: admin, query: { username: 'admin' } })).body.result.records[0]!;
    expect(body).toMatchObject({ userId: me.id, username: 'admin' });
    expect(body.data).toMatchObject({
      bookId: before.bookId, fee: 18.5, visitDate: '2026-01-12', timeSlot: '1', timeSlot_dictText: '上午',
      departmentId_dictText: before.departmentId_dictText, doctorId_dictText: before.doctorId_dictText, patientId_dictText: before.patientId_dictText,
    });
    expect(body.data).not.toHaveProperty('uploadStatus');

    expect(await queued(String(q.id))).toMatchObject({ status: '2', respCode: '0', respMsg: '接收成功', retryCount: 0, failReason: null, lastTime: nowText(clock), firstTime: nowText(clock) });
    const after = await source(id);
    expect(after).toMatchObject({ uploadStatus: '2', uploadTime: nowText(clock), failReason: null });
    expect(Number(after.version)).toBeGreaterThan(Number(before.version));
    expect(await drain()).toBe(0); // nothing left
  });

  it('refusals are retried after 1 s and 2 s, then 上报失败 with the reason; 重新上报 sends it again', async () => {
    mode = 'reject';
    const id = await bookRecord();
    const q = await upload(id);
    const qid = String(q.id);

    expect(await drain()).toBe(1);
    expect(await queued(qid)).toMatchObject({ status: '4', retryCount: 1, respCode: 'E1001', failReason: '监管平台拒绝：机构监管编码不存在', nextTime: nowText(new Date(clock.getTime() + 1000)) });
    expect((await source(id)).uploadStatus).toBe('1'); // still 上报中 while retrying
    expect(await drain()).toBe(0); // not due yet

    later(1);
    expect(await drain()).toBe(1);
    expect(await queued(qid)).toMatchObject({ status: '4', retryCount: 2, nextTime: nowText(new Date(clock.getTime() + 2000)) });

    later(2);
    expect(await drain()).toBe(1);
    expect(await queued(qid)).toMatchObject({ status: '3', retryCount: 3, nextTime: null, failReason: '监管平台拒绝：机构监管编码不存在' });
    expect(await source(id)).toMatchObject({ uploadStatus: '3', failReason: '监管平台拒绝：机构监管编码不存在', uploadTime: nowText(clock) });
    later(60);
    expect(await drain()).toBe(0); // 上报失败 is final until someone retries

    mode = 'accept';
    await ok('/hisSuperviseUpload/retry', { method: 'PUT', body: { id: qid } });
    expect(await queued(qid)).toMatchObject({ status: '0', retryCount: 0, failReason: null });
    expect((await source(id)).uploadStatus).toBe('1');
    const again = await call(app, '/hisSuperviseUpload/retry', { method: 'PUT', token: admin, body: { id: qid } });
    expect(again.body.message).toBe('当前状态「待上报」不允许执行「重新上报」');
    expect(await drain()).toBe(1);
    expect(await queued(qid)).toMatchObject({ status: '2', retryCount: 0 });
    expect(await source(id)).toMatchObject({ uploadStatus: '2', failReason: null });
  });

  it('a regulator that does not answer times out (the configured seconds); HTTP errors count as failures; 忽略 stops it', async () => {
    mode = 'timeout';
    const id = await bookRecord();
    const qid = String((await upload(id)).id);
    const t0 = Date.now();
    expect(await drain()).toBe(1);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    expect(await queued(qid)).toMatchObject({ status: '4', retryCount: 1, failReason: '请求超时（1秒）' });

    mode = 'http500';
    later(1);
    expect(await drain()).toBe(1);
    expect(await queued(qid)).toMatchObject({ status: '4', retryCount: 2, respCode: '500', failReason: '监管平台返回 HTTP 500：系统繁忙' });

    await ok('/hisSuperviseUpload/ignore', { method: 'PUT', body: { id: qid, ignoreReason: '线下已补报' } });
    expect(await queued(qid)).toMatchObject({ status: '5', ignoreReason: '线下已补报', nextTime: null });
    expect((await source(id)).uploadStatus).toBe('5');
    later(60);
    expect(await drain()).toBe(0);
    const again = await call(app, '/hisSuperviseUpload/ignore', { method: 'PUT', token: admin, body: { id: qid, ignoreReason: '重复' } });
    expect(again.body.message).toBe('当前状态「已忽略」不允许执行「忽略」');
  });

  it('rows queued before a restart are sent after it', async () => {
    mode = 'accept';
    const id = await bookRecord();
    const qid = String((await upload(id)).id);
    await app.close();
    app = await start();
    admin = await login(app, 'admin');
    expect(await queued(qid)).toMatchObject({ status: '0' });
    expect(await drain()).toBe(1);
    expect(await queued(qid)).toMatchObject({ status: '2' });
    expect((await source(id)).uploadStatus).toBe('2');
  }, 60_000);

  it('without an enabled regulator 上报 is refused and nothing is queued', async () => {
    await ok('/hisSuperviseOrg/delete', { method: 'DELETE', query: { id: configId } });
    const id = await bookRecord();
    const before = (await list('/hisSuperviseUpload/list')).length;
    const r = await call(app, '/hisSuperviseBook/upload', { method: 'PUT', token: admin, body: { id } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('未配置启用上报的监管平台，请先在“监管机构配置”中启用上报');
    expect((await source(id)).uploadStatus).toBe('0');
    expect((await list('/hisSuperviseUpload/list')).length).toBe(before);
  });
});
