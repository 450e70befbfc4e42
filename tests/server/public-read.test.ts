/**
 * The schema word `publicRead`: GET /hospital/open/<resource>/list answers without login, sign
 * or token with only the declared fields (and their dict texts) of the rows matching the filter,
 * of the asked tenant (the platform's by default); a resource without the word answers 404.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, testApp } from './helpers.js';

let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  app = await testApp();
  admin = await login(app, 'admin');
});
afterAll(async () => app.close());

type Rec = Record<string, unknown>;
const open = async (resource: string, query = '') => {
  const r = await app.inject({ method: 'GET', url: `/hospital/open/${resource}/list${query}` });
  return { status: r.statusCode, body: JSON.parse(r.body) as { success: boolean; message: string; result: { records: Rec[]; total: number } | null } };
};

async function addVersion(tenantId: number, versionNo: string, publish: boolean): Promise<string> {
  const token = admin;
  const r = await call<string>(app, '/hisAppVersion/add', {
    token,
    tenantId,
    body: { client: '1', platform: '2', versionNo, buildNo: 901, releaseNotes: '公开接口测试版本', downloadUrl: `https://download.example.com/app/patient-${versionNo}.apk`, greyRatio: 100 },
  });
  expect(r.status, r.body.message).toBe(200);
  const list = await call<{ records: Rec[] }>(app, '/hisAppVersion/list', { token, tenantId, query: { versionNo } });
  const id = String(list.body.result.records[0]!.id);
  if (publish) {
    const p = await call(app, '/hisAppVersion/publish', { method: 'PUT', token, tenantId, body: { id } });
    expect(p.status, p.body.message).toBe(200);
  }
  return id;
}

describe('publicRead', () => {
  it('returns only the declared fields of published versions, with dict texts, without login', async () => {
    await addVersion(1000, '9.8.7', true);
    await addVersion(1000, '9.8.6', false);
    const r = await open('hisAppVersion');
    expect(r.status).toBe(200);
    const recs = r.body.result!.records;
    const mine = recs.find((x) => x.versionNo === '9.8.7')!;
    expect(mine).toBeDefined();
    expect(mine.downloadUrl).toBe('https://download.example.com/app/patient-9.8.7.apk');
    expect(mine.client_dictText).toBe('患者端');
    expect(recs.some((x) => x.versionNo === '9.8.6')).toBe(false);
    const allowed = new Set(['client', 'platform', 'versionNo', 'buildNo', 'releaseNotes', 'downloadUrl', 'storeUrl', 'forceUpdate', 'minVersion', 'publishTime', 'client_dictText', 'platform_dictText']);
    for (const x of recs) for (const k of Object.keys(x)) expect(allowed.has(k), k).toBe(true);
    for (const k of ['id', 'createBy', 'tenantId', 'status', 'publisher', 'greyRatio', 'withdrawReason']) expect(mine).not.toHaveProperty(k);
    expect(r.body.result!.total).toBe(recs.length);
    expect(recs.length).toBeLessThanOrEqual(50);
    // newest publication first
    expect(recs[0]!.versionNo).toBe('9.8.7');
  });

  it('reads the tenant of the query; other tenants\' rows stay out', async () => {
    await addVersion(1001, '9.9.1', true);
    const hospital = await open('hisAppVersion', '?tenantId=1001');
    expect(hospital.body.result!.records.some((x) => x.versionNo === '9.9.1')).toBe(true);
    expect(hospital.body.result!.records.some((x) => x.versionNo === '9.8.7')).toBe(false);
    const platform = await open('hisAppVersion');
    expect(platform.body.result!.records.some((x) => x.versionNo === '9.9.1')).toBe(false);
    const bad = await open('hisAppVersion', '?tenantId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('参数不正确：租户（tenantId）');
  });

  it('the current agreement: published ones only, with its title, type and content', async () => {
    const all = await call<{ records: Rec[] }>(app, '/hisAgreement/list', { token: admin, query: { pageSize: 100 } });
    const published = all.body.result.records.filter((x) => x.status === '2');
    const r = await open('hisAgreement');
    expect(r.status).toBe(200);
    const recs = r.body.result!.records;
    expect(recs.length).toBeGreaterThan(0);
    expect(recs.map((x) => x.name).sort()).toEqual(published.map((x) => x.name).sort());
    for (const x of recs) {
      expect(Object.keys(x).sort()).toEqual(['agreementType', 'agreementType_dictText', 'clients', 'clients_dictText', 'content', 'effectiveTime', 'name', 'publishTime', 'versionNo']);
    }
  });

  it('answers at most 50 rows, newest publication first', async () => {
    for (let i = 0; i < 52; i++) await addVersion(1001, `7.0.${i}`, true);
    const recs = (await open('hisAppVersion', '?tenantId=1001')).body.result!.records;
    expect(recs).toHaveLength(50);
    expect(recs[0]!.versionNo).toBe('7.0.51');
  });

  it('a resource without the word, or unknown, answers 404; nothing of the user table leaks', async () => {
    for (const res of ['sysUser', 'hisDoctor', 'nope']) {
      const r = await open(res);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('未公开的资源');
      expect(r.body.result).toBeNull();
    }
  });
});
