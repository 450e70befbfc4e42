/**
 * app/routeIndex.ts: a static pathname is matched against its own branch only, and that match
 * is the one the whole route table gives (same route objects' elements, same params); paths that
 * are not static, or not routed, are left to the whole table.
 */
import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { buildRoutes } from '../../src/client/app/routes';
import { staticRouteIndex } from '../../src/client/app/routeIndex';
import type { MenuItem } from '../../src/client/state/types';

const item = (path: string, component: string, title: string, children?: MenuItem[]): MenuItem => ({
  path, name: path.slice(1).replace(/\//g, '-'), component, route: '1', meta: { title }, ...(children ? { children } : {}),
});

const menu: MenuItem[] = [
  item('/dashboard/analysis', 'dashboard/Analysis', '首页'),
  item('/app', 'layouts/RouteView', '医护管理', [
    item('/app/doctor', 'resource/hisDoctor', '医生管理'),
    item('/app/nurse', 'resource/hisNurseStaff', '护士管理'),
    item('/app/doctor', 'resource/hisPharmacist', '重复的路径'),
  ]),
];

const elementsOf = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.map((m) => [m.route.element, m.params, m.pathname]);

describe('static route index', () => {
  const routes = buildRoutes(menu, () => true);
  const index = staticRouteIndex(routes);

  it('every indexed path matches its branch as the whole table matches it', () => {
    expect(index.size).toBeGreaterThan(20);
    for (const [path, branch] of index) {
      expect(elementsOf(branch, path), path).toEqual(elementsOf(routes, path));
      expect(elementsOf(branch, path), path).not.toBeUndefined();
    }
  });

  it('menu pages, the shell pages, the login page and an index route are indexed; dynamic and unknown paths are not', () => {
    for (const path of ['/app/doctor', '/app/nurse', '/dashboard/analysis', '/account/settings/base', '/user/login', '/user', '/']) {
      expect(index.has(path), path).toBe(true);
    }
    // the index route of /user (a redirect to the login page) ranks above the layout itself
    expect(index.get('/user')![0]!.children).toHaveLength(1);
    expect(index.get('/user')![0]!.children![0]!.index).toBe(true);
    for (const path of ['/nowhere', '/APP/DOCTOR', '/app/doctor/']) expect(index.has(path), path).toBe(false);
  });

  it('of two routes with one path the one react-router ranks first is kept; a dynamic route is left to the whole table', () => {
    const table: RouteObject[] = [
      { path: '/', element: 'layout', children: [
        { path: '/x', element: 'first' },
        { path: '/x', element: 'second' },
        { path: 'y/:id', element: 'dynamic' },
        { index: true, element: 'index' },
      ] },
    ];
    const own = staticRouteIndex(table);
    expect([...own.keys()].sort()).toEqual(['/', '/x']);
    for (const path of ['/', '/x']) expect(elementsOf(own.get(path)!, path)).toEqual(elementsOf(table, path));
    expect(elementsOf(own.get('/x')!, '/x')!.at(-1)![0]).toBe('first');
    expect(elementsOf(own.get('/')!, '/')!.at(-1)![0]).toBe('index');
  });
});
