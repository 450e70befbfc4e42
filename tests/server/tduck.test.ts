/**
 * The seed's tduck calls (问卷): `/tduck/token` answers the caller's own token, the templates are
 * 问卷管理's list and detail under `/tduck/template/*` with the same permission and tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  app = await testApp({ seedRows: 3 });
  admin = await login(app, 'admin');
}, 120_000);
afterAll(async () => { await app?.close(); });

describe('tduck template/token', () => {
  it('GET /tduck/token answers the signed-in user\'s token; without one it is refused', async () => {
    const r = await call<Rec>(app, '/tduck/token', { token: admin });
    expect(r.body.success).toBe(true);
    expect(r.body.result).toMatchObject({ token: admin, username: 'admin', tenantId: 1000 });
    const anon = await call(app, '/tduck/token');
    expect(anon.status).toBe(401);
  });

  it('/tduck/template/list and queryById answer the surveys as 问卷管理 does', async () => {
    const own = (await call<Page<Rec>>(app, '/hisSurvey/list', { token: admin, query: { pageSize: 5 } })).body.result;
    const viaTduck = await call<Page<Rec>>(app, '/tduck/template/list', { token: admin, query: { pageSize: 5 } });
    expect(viaTduck.body.success).toBe(true);
    expect(own.total).toBeGreaterThan(0);
    expect(viaTduck.body.result.records.map((x) => x.id)).toEqual(own.records.map((x) => x.id));
    const one = await call<Rec>(app, '/tduck/template/queryById', { token: admin, query: { id: String(own.records[0]!.id) } });
    expect(one.body.result).toMatchObject({ id: own.records[0]!.id, title: own.records[0]!.title });
    // another tenant's caller sees that tenant's surveys only, on both paths alike
    const hosp = await login(app, 'hospadmin');
    const hospOwn = await call<Page<Rec>>(app, '/hisSurvey/list', { token: hosp, query: { pageSize: 50 } });
    const hospTduck = await call<Page<Rec>>(app, '/tduck/template/list', { token: hosp, query: { pageSize: 50 } });
    expect(hospTduck.status).toBe(hospOwn.status);
    expect(hospTduck.body.result?.records.map((x) => x.id)).toEqual(hospOwn.body.result?.records.map((x) => x.id));
    expect((await call(app, '/tduck/template/queryById', { token: admin, query: { id: 'no-such-survey' } })).body.success).toBe(false);
  });
});
