/**
 * Every module that declares `upload` reaches the regulator: its regulatorEnqueue transition
 * queues a record (payload built from the schema's fields), the queue sends it to
 * `<baseUrl>/pub/<type>` of the stub regulator (generators/regulator-stub.ts), and the record
 * is 已上报. The /pub/* types the issue names are each declared by one module.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import type { ResourceSchema } from '../../src/core/schema/types.js';
import { apiPath } from '../../src/core/schema/naming.js';
import { loadSchemas } from '../../src/server/schemas.js';
import { startRegulatorStub, type RegulatorStub } from '../../generators/regulator-stub.js';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
const registry = loadSchemas();
const uploading = [...registry.resources.values()].filter((s) => s.upload);
let app: FastifyInstance;
let token: string;
let stub: RegulatorStub;

async function ok<T>(path: string, o: Parameters<typeof call>[2] = {}): Promise<T> {
  const r = await call<T>(app, path, { token, ...o });
  expect(r.body.success, `${path}: ${r.body.message}`).toBe(true);
  return r.body.result;
}

beforeAll(async () => {
  stub = await startRegulatorStub();
  app = await testApp({ seedRows: 4 });
  token = await login(app, 'admin');
  for (const o of (await ok<Page<Rec>>('/hisSuperviseOrg/list', { query: { pageSize: 100 } as never })).records) {
    if (o.uploadEnabled === true) await ok('/hisSuperviseOrg/edit', { method: 'PUT', body: { ...o, uploadEnabled: false } });
  }
  await ok('/hisSuperviseOrg/add', { body: {
    name: '宁夏互联网医院监管平台（测试桩）', regionCode: '640000', baseUrl: stub.url, orgCode: 'NX640000H0001', appKey: 'nx_hosp_01', appSecret: 'nx-secret-01',
    transferMode: '1', timeoutSeconds: 5, maxRetries: 0, uploadEnabled: true, status: '1',
  } });
}, 60_000);
afterAll(async () => {
  await app.close();
  await stub.close();
});

describe('regulator upload types', () => {
  it('the issue\'s /pub/* types are each declared by a module', () => {
    const types = uploading.map((s) => s.upload!.type).sort();
    expect(types).toEqual(['case', 'department', 'drug', 'evaluate', 'event', 'nurse', 'openOrgBusiness', 'orderBook', 'org', 'prescription', 'teleconsultation', 'userAgreement'].sort());
  });

  it.each(uploading.map((s) => [s.name, s] as [string, ResourceSchema]))('%s: 上报 sends the record to /pub/<type> and it is 已上报', async (_name, schema) => {
    const u = schema.upload!;
    const t = schema.states!.transitions.find((x) => x.effect === 'regulatorEnqueue')!;
    const rows = (await ok<Page<Rec>>(apiPath(schema, 'list'), { query: { pageSize: 100 } as never })).records;
    const row = rows.find((r) => Array.isArray(r._transitions) && (r._transitions as string[]).includes(t.action));
    expect(row, `${schema.title}: a listed record that may be uploaded`).toBeTruthy();
    await ok(apiPath(schema, t.action), { method: 'PUT', body: { id: row!.id } });
    expect((await ok<Rec>(apiPath(schema, 'queryById'), { query: { id: String(row!.id) } }))[u.status]).toBe('1');
    const before = stub.received.length;
    await app.uploadQueue.drain();
    const sent = stub.received.slice(before).map((r) => ({ url: r.url, body: JSON.parse(r.body) as Rec }));
    const bizNo = String(row![`${u.bizNo}_dictText`] ?? row![u.bizNo]);
    const mine = sent.find((r) => r.body.bizNo === bizNo);
    expect(mine, `${schema.title}: sent ${bizNo}`).toBeTruthy();
    expect(mine!.url).toBe(`/pub/${u.type}`);
    expect(mine!.body).toMatchObject({ orgCode: 'NX640000H0001', uploadType: u.type });
    expect((mine!.body.data as Rec)[u.bizNo]).toBe(row![u.bizNo]);
    const after = await ok<Rec>(apiPath(schema, 'queryById'), { query: { id: String(row!.id) } });
    expect(after[u.status]).toBe('2');
  });
});
