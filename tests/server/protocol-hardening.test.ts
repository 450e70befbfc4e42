/**
 * The server trusts nothing it did not sign: nested values and types are signed, a key has
 * one place (query or body), a signed call is accepted once, body shape and size are bounded,
 * and oversized requests still get the Chinese envelope. Every case drives the HTTP API.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_ROOT, computeSign, decryptText, encryptJson, encryptText, type Envelope, type Page } from '../../src/core/protocol/index.js';
import { buildApp } from '../../src/server/app.js';
import { openDatabase } from '../../src/server/db/connection.js';
import { migrate } from '../../src/server/db/migrate.js';
import { SYSTEM_TABLES } from '../../src/server/db/system-tables.js';
import { DatabaseReplayGuard, REQUEST_NONCE_TABLE } from '../../src/server/protocol/replay.js';
import { call, cfg, login, PASSWORDS, signedHeaders, testApp } from './helpers.js';
import { createTestDatabase, PG_REQUIRED, probePostgres } from './pg-helpers.js';

const probe = await probePostgres();

type Rec = Record<string, unknown>;

let app: FastifyInstance;
let hosp: string;
let drugs: Rec[];
let pharmacyId: string;

beforeAll(async () => {
  app = await testApp();
  hosp = await login(app, 'hospadmin');
  drugs = (await call<Page<Rec>>(app, '/sysDrug/list', { token: hosp, query: { pageSize: 2 } })).body.result.records;
  pharmacyId = (await call<Page<{ value: string }>>(app, '/sys/ref/options', { token: hosp, query: { resource: 'drugStockIn', field: 'pharmacyId', pageSize: 1 } })).body.result.records[0]!.value;
});
afterAll(async () => {
  await app.close();
});

const line = (over: Rec = {}): Rec => ({ drugId: drugs[0]!.id, batchNo: 'B2601', expiryDate: '2028-12-31', quantity: 3, unit: '盒', purchasePrice: 1.5, ...over });
/** A bill told apart from the others by its supplier. */
const bill = (supplier: string, lines: Rec[]): Rec => ({ billType: '1', billDate: '2026-01-15', pharmacyId, supplier, handler: '王敏', lines });

async function billsOf(supplier: string): Promise<Rec[]> {
  const r = await call<Page<Rec>>(app, '/drugStockIn/list', { token: hosp, query: { supplier: `*${supplier}*` } });
  return r.body.result.records;
}

async function doctorIds(n: number): Promise<string[]> {
  const r = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { pageSize: n } });
  return r.body.result.records.map((d) => String(d.id));
}

const signOf = (p: string, query: Rec, body: unknown, ts: number) => computeSign(p, query, body, cfg.signSecret, String(ts));

/** One signed request as bytes (headers, URL, encrypted body), to be sent as often as a test likes. */
function signedRequest(p: string, o: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; token?: string; body?: unknown; query?: Record<string, string> }) {
  const headers = signedHeaders(p, o.query ?? {}, o.body, { token: o.token });
  const qs = new URLSearchParams(o.query ?? {}).toString();
  return {
    method: o.method,
    url: `${API_ROOT}${p}${qs ? `?${qs}` : ''}`,
    headers,
    ...(o.body !== undefined ? { payload: encryptJson(o.body, cfg) } : {}),
  };
}

async function send<T = unknown>(req: ReturnType<typeof signedRequest>): Promise<{ status: number; body: Envelope<T>; raw: string }> {
  const res = await app.inject(req);
  return { status: res.statusCode, body: JSON.parse(decryptText(res.body, cfg)) as Envelope<T>, raw: res.body };
}

describe('the signature covers nested values and types', () => {
  it('stores a signed stock-in bill with its lines as sent', async () => {
    const r = await call<string>(app, '/drugStockIn/add', { token: hosp, body: bill('签名明细药房', [line(), line({ quantity: 2, purchasePrice: 7.1 })]) });
    expect(r.status, r.body.message).toBe(200);
    const stored = (await call<Rec>(app, '/drugStockIn/queryById', { token: hosp, query: { id: r.body.result } })).body.result;
    expect((stored.lines as Rec[]).map((l) => [l.quantity, l.purchasePrice]).sort()).toEqual([[2, 7.1], [3, 1.5]]);
  });

  it('refuses a bill whose child row quantity was changed after signing, and stores nothing', async () => {
    const signed = bill('篡改明细药房', [line({ quantity: 3 })]);
    const tampered = bill('篡改明细药房', [line({ quantity: 300 })]);
    const ts = Date.now();
    const r = await call(app, '/drugStockIn/add', {
      token: hosp,
      body: tampered,
      timestamp: ts,
      headers: { 'X-Sign': signOf('/drugStockIn/add', {}, signed, ts) },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('签名验证失败：签名不正确');
    expect(await billsOf('篡改明细药房')).toHaveLength(0);
  });

  it('refuses a body whose number 7 was turned into the string "7" after signing', async () => {
    const ts = Date.now();
    const r = await call(app, '/drugStockIn/add', {
      token: hosp,
      body: { ...bill('类型药房', [line()]), totalAmount: '7' },
      timestamp: ts,
      headers: { 'X-Sign': signOf('/drugStockIn/add', {}, { ...bill('类型药房', [line()]), totalAmount: 7 }, ts) },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('签名验证失败：签名不正确');
    expect(await billsOf('类型药房')).toHaveLength(0);
  });
});

describe('a parameter has one place: query or body', () => {
  it('refuses deleteBatch signed with {ids: A} in the body and ?ids=B appended; B survives', async () => {
    const [a, b] = await doctorIds(2);
    const ts = Date.now();
    const r = await call(app, '/hisDoctor/deleteBatch', {
      method: 'DELETE',
      token: hosp,
      body: { ids: a },
      query: { ids: b! },
      timestamp: ts,
      headers: { 'X-Sign': signOf('/hisDoctor/deleteBatch', {}, { ids: a }, ts) },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请求参数重复：ids（同一参数不能同时出现在地址和请求体中）');
    expect(await doctorIds(50)).toEqual(expect.arrayContaining([a, b]));
  });

  it('refuses the collision even when both places were signed honestly', async () => {
    const [a, b] = await doctorIds(2);
    const r = await call(app, '/hisDoctor/deleteBatch', { method: 'DELETE', token: hosp, body: { ids: a }, query: { ids: b! } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请求参数重复：ids（同一参数不能同时出现在地址和请求体中）');
    const arrayBody = await call(app, '/hisDoctor/deleteBatch', { method: 'DELETE', token: hosp, body: [a], query: { ids: b! } });
    expect(arrayBody.status).toBe(400);
    expect(arrayBody.body.message).toBe('请求参数位置不正确：ids（有请求体时参数必须全部放在请求体中）');
    expect(await doctorIds(50)).toEqual(expect.arrayContaining([a, b]));
  });

  it('refuses a key moved from the body to the query of a body request, even when signed', async () => {
    const [d] = await doctorIds(1);
    const current = (await call<Rec>(app, '/hisDoctor/queryById', { token: hosp, query: { id: d! } })).body.result;
    const { realname, ...rest } = current;
    const r = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: rest, query: { realname: '挪到地址栏' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请求参数位置不正确：realname（有请求体时参数必须全部放在请求体中）');
    expect((await call<Rec>(app, '/hisDoctor/queryById', { token: hosp, query: { id: d! } })).body.result.realname).toBe(realname);
  });
});

describe('a signed call is accepted once', () => {
  it('a replayed add writes no second row', async () => {
    const req = signedRequest('/drugStockIn/add', { method: 'POST', token: hosp, body: bill('重放药房', [line()]) });
    const first = await send(req);
    expect(first.status, first.body.message).toBe(200);
    const again = await send(req);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, code: 400, message: '请求重复，请刷新后重试' });
    expect(await billsOf('重放药房')).toHaveLength(1);
  });

  it('a replayed login issues no token; a freshly signed login does', async () => {
    const req = signedRequest('/sys/login', { method: 'POST', body: { username: 'zhuli', password: PASSWORDS.zhuli } });
    const first = await send<{ token: string }>(req);
    expect(first.body.success).toBe(true);
    expect(first.body.result.token).toBeTruthy();
    const again = await send<{ token: string } | null>(req);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('请求重复，请刷新后重试');
    expect(again.body.result).toBeNull();
    expect(await login(app, 'zhuli')).toBeTruthy();
  });

  it('a repeated read is answered again (browsers re-send idempotent GETs on a new connection; a read changes nothing)', async () => {
    const req = signedRequest('/hisDoctor/list', { method: 'GET', token: hosp, query: { pageNo: '1' } });
    expect((await send(req)).status).toBe(200);
    const again = await send(req);
    expect(again.status).toBe(200);
    expect(again.body.success).toBe(true);
  });

  it('instances on one database share the record: a call accepted by one is refused by the other', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-replay-'));
    const one = await testApp({ memory: false, dataDir: root });
    const two = await testApp({ memory: false, dataDir: root });
    try {
      const req = signedRequest('/sys/login', { method: 'POST', body: { username: 'admin', password: PASSWORDS.admin } });
      const a = await one.inject(req);
      expect(JSON.parse(decryptText(a.body, cfg)).success).toBe(true);
      const b = await two.inject(req);
      expect(b.statusCode).toBe(400);
      expect(JSON.parse(decryptText(b.body, cfg)).message).toBe('请求重复，请刷新后重试');
    } finally {
      await one.close();
      await two.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the replay record', () => {
  it('keeps a triple until its timestamp leaves the skew window, then purges it', async () => {
    const database = openDatabase({ memory: true });
    await migrate(database, SYSTEM_TABLES);
    let now = 1_763_788_800_000;
    const guard = new DatabaseReplayGuard(database, () => now);
    const ts = String(now);
    expect(await guard.claim('S', ts, 'r1')).toBe(true);
    expect(await guard.claim('S', ts, 'r1')).toBe(false);
    expect(await guard.claim('S', ts, 'r2')).toBe(true);
    now += 5 * 60_000;
    await guard.purge();
    expect(await guard.claim('S', ts, 'r1')).toBe(false);
    now += 2 * 60_000 + 1;
    await guard.purge();
    expect(await database.db.selectFrom(REQUEST_NONCE_TABLE.name).selectAll().execute()).toHaveLength(0);
    await database.close();
  });

  describe.skipIf(!probe.available && !PG_REQUIRED)('on PostgreSQL', () => {
    it('two instances on one database: a login accepted by one is refused by the other', async () => {
      if (!probe.available) throw new Error(`PG_TEST_URL is set but ${probe.reason}`);
      const tdb = await createTestDatabase();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosp-replay-pg-'));
      const opts = { databaseUrl: tdb.url, seedRows: 2, staticDir: '/nonexistent', dataDir };
      const one = await buildApp(opts);
      const two = await buildApp(opts);
      try {
        const req = signedRequest('/sys/login', { method: 'POST', body: { username: 'admin', password: PASSWORDS.admin } });
        expect(JSON.parse(decryptText((await one.inject(req)).body, cfg)).success).toBe(true);
        const b = await two.inject(req);
        expect(b.statusCode).toBe(400);
        expect(JSON.parse(decryptText(b.body, cfg)).message).toBe('请求重复，请刷新后重试');
        const rows = await tdb.query<{ n: number }>(`select count(*)::int as n from ${REQUEST_NONCE_TABLE.name}`);
        expect(rows[0]!.n).toBeGreaterThanOrEqual(1);
      } finally {
        await one.close();
        await two.close();
        await tdb.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  });
});

describe('body shape limits', () => {
  const unsigned = { 'X-Sign': 'A'.repeat(32) };

  it('a 10,000-deep array body is a 400 envelope before any login or signing, not a 500', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const r = await call(app, '/sys/login', { rawBody: encryptText(deep, cfg), headers: unsigned });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, message: '请求体嵌套层级过深（最多32层）' });
  });

  it('a 10,000-deep object body is refused the same way', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const r = await call(app, '/hisDoctor/add', { token: hosp, rawBody: encryptText(deep, cfg), headers: unsigned });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请求体嵌套层级过深（最多32层）');
  });

  it('32 levels still pass the parser (and then the signature decides)', async () => {
    let body: unknown = 'x';
    for (let i = 0; i < 31; i++) body = { a: body };
    const r = await call(app, '/hisDoctor/add', { token: hosp, body });
    expect(r.status).toBe(400);
    expect(r.body.message).not.toMatch(/嵌套|签名/);
  });

  it('brackets, colons and escaped quotes inside strings count for nothing', async () => {
    const text = `\\"${'[{'.repeat(100)}${':'.repeat(20_000)}`;
    const r = await call(app, '/hisDoctor/add', { token: hosp, body: { realname: text } });
    expect(r.status).toBe(400);
    expect(r.body.message).not.toMatch(/嵌套|字段过多|签名/);
  });

  it('200,000 unknown keys get a small 400 answer', async () => {
    const body = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, 1]));
    const r = await call(app, '/hisDoctor/add', { token: hosp, rawBody: encryptJson(body, cfg), headers: unsigned });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('请求体字段过多（最多10000个）');
    expect(r.raw.length).toBeLessThan(1000);
  });

  it('a validation answer lists the first 50 errors and how many there were', async () => {
    const body = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, 1]));
    const r = await call<{ errors: Array<{ field: string; message: string }>; errorCount: number }>(app, '/hisDoctor/add', { token: hosp, body });
    expect(r.status).toBe(400);
    expect(r.body.result.errors).toHaveLength(50);
    expect(r.body.result.errorCount).toBeGreaterThanOrEqual(5_000);
    expect(r.raw.length).toBeLessThan(20_000);
  });
});

describe('oversized requests get the Chinese envelope', () => {
  it('deleteBatch takes a long id list in a POST body', async () => {
    const ids = await doctorIds(3);
    const fake = Array.from({ length: 700 }, (_, i) => `missing-doctor-${String(i).padStart(6, '0')}`);
    const r = await call<number>(app, '/hisDoctor/deleteBatch', { method: 'POST', token: hosp, body: { ids: [...ids, ...fake] } });
    expect(r.status, r.body.message).toBe(200);
    const left = await doctorIds(50);
    for (const id of ids) expect(left).not.toContain(id);
  });

  it('deleteBatch with more ids than one batch holds is a 400 envelope', async () => {
    const ids = Array.from({ length: 1001 }, (_, i) => `id${i}`);
    const r = await call(app, '/hisDoctor/deleteBatch', { method: 'DELETE', token: hosp, body: { ids } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('一次最多删除1000条数据');
  });

  it('a deleteBatch URL over the header limit is answered 431 in the encrypted envelope', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const ids = Array.from({ length: 2000 }, (_, i) => `doctor-id-${String(i).padStart(8, '0')}`).join(',');
    const req = signedRequest('/hisDoctor/deleteBatch', { method: 'DELETE', token: hosp, query: { ids } });
    expect(req.url.length).toBeGreaterThan(16 * 1024);
    const res = await new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
      const r = http.request({ host: '127.0.0.1', port, method: 'DELETE', path: req.url, headers: req.headers }, (m) => {
        let text = '';
        m.setEncoding('utf8');
        m.on('data', (c: string) => (text += c));
        m.on('end', () => resolve({ status: m.statusCode ?? 0, type: String(m.headers['content-type']), text }));
      });
      r.on('error', reject);
      r.end();
    });
    expect(res.status).toBe(431);
    expect(res.type).toContain('text/plain');
    expect(JSON.parse(decryptText(res.text, cfg))).toMatchObject({
      success: false,
      code: 431,
      message: '请求地址过长，请减少查询条件或改用请求体提交',
    });
  });
});
