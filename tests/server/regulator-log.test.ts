/**
 * 监管日志 (系统管理 › 日志管理): the regulator upload queue listed read-only — what was sent to
 * <baseUrl>/pub/<上报类型>, when, the result, the error and the retries — scoped to the tenant,
 * with no add, edit or delete routes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, login, tempDir, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
interface Page { records: Rec[]; total: number }

const received: string[] = [];
const stub = http.createServer((req, res) => {
  received.push(req.url ?? '');
  req.resume();
  req.on('end', () => { res.setHeader('Content-Type', 'application/json'); res.end(JSON.stringify({ code: 'E1001', message: '机构监管编码不存在' })); });
});

const dataDir = tempDir('hosp-reglog-');
let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  app = await testApp({ memory: false, dataDir, uploadQueue: { intervalMs: 0, backoffMs: 1000 } });
  admin = await login(app, 'admin');
}, 60_000);
afterAll(async () => {
  await app.close();
  stub.closeAllConnections();
  await new Promise((r) => stub.close(r));
});

async function ok<T = unknown>(token: string, p: string, o: Parameters<typeof call>[2] = {}): Promise<T> {
  const r = await call<T>(app, p, { token, ...o });
  expect(r.body.success, `${p}: ${r.body.message}`).toBe(true);
  return r.body.result;
}
const first = async (p: string) => (await ok<Page>(admin, p, { query: { pageSize: 1 } })).records[0]!;

it('lists an upload the queue sent: interface, platform, business number, result, error, retries', async () => {
  for (const c of (await ok<Page>(admin, '/hisSuperviseOrg/list', { query: { pageSize: 100 } })).records) await ok(admin, '/hisSuperviseOrg/delete', { method: 'DELETE', query: { id: String(c.id) } });
  const orgId = await ok<string>(admin, '/hisSuperviseOrg/add', { body: {
    name: '日志测试监管平台', regionCode: '640000', baseUrl: `http://127.0.0.1:${(stub.address() as AddressInfo).port}/api/`, orgCode: 'LOG0001',
    appKey: 'k', appSecret: 's', transferMode: '1', timeoutSeconds: 1, maxRetries: 2, uploadEnabled: true, status: '1',
  } });
  const [booking, dept, doctor, patient] = await Promise.all(['/hisBookOrder/list', '/hisDepartment/list', '/hisDoctor/list', '/hisPatient/list'].map(first));
  const id = await ok<string>(admin, '/hisSuperviseBook/add', { body: {
    bookId: booking!.id, orgCode: 'LOG0001', departmentId: dept!.id, doctorId: doctor!.id, doctorCertNo: '110640000012345',
    patientId: patient!.id, visitDate: '2026-01-12', timeSlot: '1', fee: 12, bookStatus: '3',
  } });
  await ok(admin, '/hisSuperviseBook/upload', { method: 'PUT', body: { id } });
  expect(await app.uploadQueue.drain()).toBe(1);
  expect(received).toEqual(['/api/pub/orderBook']);

  const page = await ok<Page>(admin, '/sys/regulatorLog/list', { query: { orgId, pageSize: 100 } });
  expect(page.total).toBe(1);
  expect(page.records[0]).toMatchObject({
    uploadType: 'orderBook', orgId, orgId_dictText: '日志测试监管平台', status: '4', status_dictText: '重试中',
    respCode: 'E1001', respMsg: '机构监管编码不存在', retryCount: 1,
  });
  expect(String(page.records[0]!.failReason)).toContain('机构监管编码不存在');
  expect(String(page.records[0]!.lastTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  const detail = await ok<Rec>(admin, '/sys/regulatorLog/queryById', { query: { id: String(page.records[0]!.id) } });
  const payload = typeof detail.payload === 'string' ? JSON.parse(detail.payload) as Rec : detail.payload;
  expect(payload).toMatchObject({ fee: 12, visitDate: '2026-01-12', username: 'admin' });
});

it('is read-only: no add, edit or delete', async () => {
  const [row] = (await ok<Page>(admin, '/sys/regulatorLog/list')).records;
  for (const [method, url] of [['POST', '/sys/regulatorLog/add'], ['PUT', '/sys/regulatorLog/edit'], ['DELETE', '/sys/regulatorLog/delete']] as const) {
    const r = await call(app, url, { method, token: admin, body: method === 'DELETE' ? undefined : { ...row }, query: method === 'DELETE' ? { id: String(row!.id) } : undefined });
    expect(r.status, url).toBe(404);
  }
});

it('is scoped to the tenant: a hospital administrator sees only its own uploads', async () => {
  const hosp = await login(app, 'hospadmin');
  const mine = (await ok<Page>(hosp, '/sys/regulatorLog/list', { query: { pageSize: 1000 } })).records.map((r) => r.id).sort();
  const queue = (await ok<Page>(hosp, '/hisSuperviseUpload/list', { query: { pageSize: 1000 } })).records.map((r) => r.id).sort();
  expect(mine).toEqual(queue);
  const adminRows = (await ok<Page>(admin, '/sys/regulatorLog/list', { query: { pageSize: 1000 } })).records.map((r) => r.id);
  expect(adminRows.length).toBeGreaterThan(0);
  expect(mine.filter((x) => adminRows.includes(x))).toEqual([]);
});
