/**
 * Organisation selection narrows a super-tenant user's lists (org-id header, src/server/tenancy/
 * org-scope.ts): every resource referring to the organisation resource shows that hospital's rows;
 * org-id 0, an unknown hospital, or a hospital user's header narrow nothing. Demo dates follow the
 * seed's start day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Page } from '../../src/core/protocol/index.js';
import { demoToday } from '../../src/server/demo/index.js';
import { call, login, testApp } from './helpers.js';

type Rec = Record<string, unknown>;
let app: FastifyInstance;
let admin: string;
let hosp: string;

beforeAll(async () => {
  app = await testApp({ seedRows: 12 });
  admin = await login(app, 'admin');
  hosp = await login(app, 'hospadmin');
});
afterAll(() => app?.close());

const list = (token: string, path: string, orgId?: string, tenantId?: number) =>
  call<Page<Rec>>(app, path, { token, tenantId, query: { pageSize: 100 }, headers: orgId === undefined ? {} : { 'org-id': orgId } });

describe('org-id narrows the super tenant\'s lists', () => {
  it('a hospital of the platform tenant: only its doctors, and the hospital list is that one row', async () => {
    const all = (await list(admin, '/hisDoctor/list')).body.result.records;
    const counts = new Map<string, number>();
    for (const d of all) counts.set(String(d.hospitalId), (counts.get(String(d.hospitalId)) ?? 0) + 1);
    const [hospitalId, n] = [...counts.entries()].find(([, c]) => c < all.length)!;
    expect(n).toBeGreaterThan(0);
    const scoped = (await list(admin, '/hisDoctor/list', hospitalId)).body.result;
    expect(scoped.total).toBe(n);
    expect(scoped.records.every((d) => String(d.hospitalId) === hospitalId)).toBe(true);
    const hospitals = (await list(admin, '/hisHospital/list', hospitalId)).body.result.records;
    expect(hospitals.map((h) => String(h.id))).toEqual([hospitalId]);
  });

  it('org-id 0, an unknown organisation or a hospital user\'s header narrow nothing', async () => {
    const all = (await list(admin, '/hisDoctor/list')).body.result.total;
    expect((await list(admin, '/hisDoctor/list', '0')).body.result.total).toBe(all);
    expect((await list(admin, '/hisDoctor/list', '999999999')).body.result.total).toBe(all);
    const own = (await list(hosp, '/hisDoctor/list')).body.result;
    const someHospital = String(own.records[0]!.hospitalId);
    const other = own.records.find((d) => String(d.hospitalId) !== someHospital);
    const withHeader = (await list(hosp, '/hisDoctor/list', other ? String(other.hospitalId) : someHospital)).body.result;
    expect(withHeader.total).toBe(own.total);
  });
});

describe('demo "today"', () => {
  it('is the seed\'s start day unless DEMO_NOW pins it', () => {
    expect(demoToday('2026-11-26 05:40:00', {})).toBe('2026-11-26T00:00:00Z');
    expect(demoToday('2026-11-26 05:40:00', { DEMO_NOW: '2025-12-31T00:00:00Z' })).toBe('2025-12-31T00:00:00Z');
  });
});
