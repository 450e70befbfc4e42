/** Optimistic concurrency: every row carries `version`; a stale edit or transition gets 409 with the current record. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';
import { concurrentIncrements, onlineDoctorId } from './pipeline-rmw.js';

type Rec = Record<string, unknown>;

let app: FastifyInstance;
let hosp: string;

beforeAll(async () => {
  app = await testApp({ seedRows: 8 });
  hosp = await login(app, 'hospadmin');
});
afterAll(async () => {
  await app.close();
});

async function read(resource: string, id: string): Promise<Rec> {
  const r = await call<Rec>(app, `${resource}/queryById`, { token: hosp, query: { id } });
  expect(r.status, r.body.message).toBe(200);
  return r.body.result;
}

async function firstDoctor(): Promise<Rec> {
  const page = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { pageSize: 1 } });
  return read('/hisDoctor', String(page.body.result.records[0]!.id));
}

describe('version column', () => {
  it('is 1 on insert, returned by list and queryById, and +1 on every edit', async () => {
    const d = await firstDoctor();
    expect(d.version).toBe(1);
    const page = await call<Page<Rec>>(app, '/hisDoctor/list', { token: hosp, query: { pageSize: 1 } });
    expect(page.body.result.records[0]!.version).toBe(1);
    const e = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...d, pracScope: '内科一' } });
    expect(e.body, e.body.message).toMatchObject({ success: true });
    expect((await read('/hisDoctor', String(d.id))).version).toBe(2);
  });

  it('refuses an edit without version, naming the field, and changes nothing', async () => {
    const d = await firstDoctor();
    const { version: _omit, ...body } = d;
    const r = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...body, pracScope: '无版本' } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, code: 400, message: '版本号：不能为空' });
    expect((await read('/hisDoctor', String(d.id))).pracScope).toBe(d.pracScope);
  });
});

describe('two interleaved edits', () => {
  it('the second gets 409 with the stored record and the row holds the first edit', async () => {
    const d = await firstDoctor();
    // both operators read the same version
    const a = { ...d };
    const b = { ...d };
    const first = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...a, pracScope: '甲的修改' } });
    expect(first.body, first.body.message).toMatchObject({ success: true, message: '编辑成功！' });
    const second = await call<{ current: Rec }>(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...b, expertise: '乙的修改' } });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, code: 409, message: '数据已被他人修改' });
    const stored = await read('/hisDoctor', String(d.id));
    expect(stored.pracScope).toBe('甲的修改');
    expect(stored.expertise).toBe(d.expertise ?? null);
    expect(stored.version).toBe(Number(d.version) + 1);
    // `current` is exactly what queryById answers, dictionary texts included
    expect(second.body.result.current).toEqual(stored);
    expect(stored.title_dictText).toEqual(expect.any(String));
    // merging onto the current version succeeds
    const merged = await call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...second.body.result.current, expertise: '乙的修改' } });
    expect(merged.body, merged.body.message).toMatchObject({ success: true });
    const after = await read('/hisDoctor', String(d.id));
    expect(after).toMatchObject({ pracScope: '甲的修改', expertise: '乙的修改', version: Number(d.version) + 2 });
  });

  it('concurrent edits of one version: exactly one wins', async () => {
    const d = await firstDoctor();
    const results = await Promise.all(
      ['并发一', '并发二', '并发三', '并发四'].map((v) => call(app, '/hisDoctor/edit', { method: 'PUT', token: hosp, body: { ...d, pracScope: v } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
  });

  it('concurrent read-modify-write increments: none is lost', async () => {
    await concurrentIncrements(app, hosp, await onlineDoctorId(app, hosp), 12);
  });

  it('a transition carrying a stale version gets 409; without version the state guard applies', async () => {
    const list = await call<Page<Rec>>(app, '/hisPrescription/list', { token: hosp, query: { pageSize: 50 } });
    const row = list.body.result.records.find((r) => Array.isArray(r._transitions) && (r._transitions as string[]).length > 0);
    expect(row, 'a prescription with an allowed transition').toBeDefined();
    const action = (row!._transitions as string[])[0]!;
    const rec = await read('/hisPrescription', String(row!.id));
    // someone edits the prescription first
    const e = await call(app, '/hisPrescription/edit', { method: 'PUT', token: hosp, body: { ...rec, remark: '先改一下' } });
    expect(e.body, e.body.message).toMatchObject({ success: true });
    const stale = await call<{ current: Rec }>(app, `/hisPrescription/${action}`, { method: 'PUT', token: hosp, body: { id: rec.id, version: rec.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('数据已被他人修改');
    expect(stale.body.result.current.remark).toBe('先改一下');
  });
});
