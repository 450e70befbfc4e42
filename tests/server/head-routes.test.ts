/**
 * HEAD: the unsigned root-level reads a balancer or a cache may probe (/health, /ready, uploaded
 * files, the public home page, public lists) answer it as their GET does, without a body; the
 * signed API has no HEAD twins (it is never probed so, and they were a fifth of its routes).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, testApp } from './helpers.js';

let app: FastifyInstance;
let token: string;
beforeAll(async () => {
  app = await testApp();
  token = await login(app, 'admin');
});
afterAll(() => app.close());

describe('HEAD requests', () => {
  it('the probes answer HEAD like GET, with no body', async () => {
    for (const url of ['/health', '/ready']) {
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(get.statusCode, url).toBe(200);
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.body, url).toBe('');
    }
  });

  it('the public reads answer HEAD with their GET status', async () => {
    for (const url of ['/hospital/open/homePage/1000/1', '/hospital/open/homePage/abc/1']) {
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.body, url).toBe('');
    }
  });

  it('a signed list answers GET, and a HEAD of it finds no route (a client error, not a 5xx)', async () => {
    const list = await call(app, '/hisDoctor/list', { token });
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    const head = await app.inject({ method: 'HEAD', url: '/hospital/hisDoctor/list' });
    expect(head.statusCode).toBeGreaterThanOrEqual(400);
    expect(head.statusCode).toBeLessThan(500);
    // the route table: the list's path has GET alone, and no API path has a HEAD
    const routes = app.printRoutes({ commonPrefix: false });
    expect(routes.match(/\/hospital\/hisDoctor\/list \(([^)]*)\)/)?.[1]).toBe('GET');
    const apiWithHead = routes.split('\n').filter((l) => /\/hospital\/(?!open\/|sys\/common\/static\/).*\(.*HEAD/.test(l));
    expect(apiWithHead).toEqual([]);
  });
});
