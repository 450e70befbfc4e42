import { describe, expect, it } from 'vitest';
import {
  containerTarget,
  flattenRoutes,
  menuToRoutes,
  resolveComponent,
  routeAllowed,
} from '../../src/client/app/menuRoutes';
import { hideEmptyGroups } from '../../src/client/state/session';
import { toMenuItems } from '../../src/client/shell/menu';
import type { MenuItem } from '../../src/client/state/types';

const menu: MenuItem[] = [
  {
    path: '/dashboard/analysis',
    name: 'dashboard-analysis',
    component: 'dashboard/Analysis',
    route: '1',
    meta: { title: '首页', icon: 'home' },
  },
  {
    path: '/app',
    name: 'app',
    component: 'layouts/RouteView',
    redirect: '/app/doctor',
    route: '1',
    meta: { title: '医院管理', icon: 'medicine-box' },
    children: [
      {
        path: '/app/doctor',
        name: 'app-doctor',
        component: 'resource/hisDoctor',
        route: '1',
        meta: { title: '医生管理', permissionList: [{ action: 'hisDoctor:list', type: '1' }] },
      },
      {
        path: '/app/drug',
        name: 'app-drug',
        component: 'resource/hisDrug',
        route: '1',
        meta: { title: '药品管理', permissionList: ['hisDrug:list'] },
      },
      { path: '/app/doctor/detail', name: 'app-doctor-detail', component: 'resource/hisDoctor', hidden: true, meta: { title: '医生详情' } },
      { path: '/app/external', name: 'app-external', component: 'app/External', route: '0', meta: { title: '外部' } },
      { path: '/app/unknown', name: 'app-unknown', component: 'app/NotThere', meta: { title: '未知' } },
    ],
  },
  {
    path: '/nolink',
    name: 'nolink',
    component: 'layouts/RouteView',
    route: 0,
    meta: { title: '不路由' },
    children: [{ path: '/nolink/child', component: 'dashboard/Workplace', meta: { title: '子' } }],
  },
];

const can = (code: string) => code === 'hisDoctor:list';

describe('menu -> routes', () => {
  const routes = menuToRoutes(menu, { can });
  const flat = flattenRoutes(routes);
  const paths = flat.map((r) => r.path);

  it('skips route 0 items and their subtree', () => {
    expect(paths).not.toContain('/app/external');
    expect(paths).not.toContain('/nolink');
    expect(paths).not.toContain('/nolink/child');
  });

  it('routes hidden items', () => {
    const detail = flat.find((r) => r.path === '/app/doctor/detail');
    expect(detail?.hidden).toBe(true);
    expect(detail?.component).toEqual({ kind: 'resource', resource: 'hisDoctor' });
  });

  it('filters by meta.permissionList (any match; none required keeps)', () => {
    expect(paths).toContain('/app/doctor');
    expect(paths).not.toContain('/app/drug');
    expect(routeAllowed({ path: '/x', meta: { permissionList: [] } }, () => false)).toBe(true);
    expect(routeAllowed({ path: '/x', meta: { permissionList: ['a', 'b'] } }, (c) => c === 'b')).toBe(true);
  });

  it('resolves components', () => {
    expect(resolveComponent('layouts/RouteView')).toEqual({ kind: 'layout', name: 'RouteView' });
    expect(resolveComponent('layouts/IframePageView')).toEqual({ kind: 'layout', name: 'IframePageView' });
    expect(resolveComponent('resource/hisDoctor')).toEqual({ kind: 'resource', resource: 'hisDoctor' });
    expect(resolveComponent('dashboard/Analysis')).toEqual({ kind: 'page', key: 'dashboard/Analysis' });
    expect(resolveComponent('/views/dashboard/Analysis.vue')).toEqual({ kind: 'page', key: 'dashboard/Analysis' });
    expect(resolveComponent('exception/404')).toEqual({ kind: 'page', key: 'exception/404' });
    expect(resolveComponent('app/NotThere')).toEqual({ kind: 'missing', component: 'app/NotThere' });
    expect(resolveComponent(undefined)).toEqual({ kind: 'none' });
  });

  it('keeps titles, names, redirects and container targets', () => {
    const app = routes.find((r) => r.path === '/app')!;
    expect(app.title).toBe('医院管理');
    expect(app.redirect).toBe('/app/doctor');
    expect(containerTarget(app)).toBe('/app/doctor');
    const noRedirect = menuToRoutes([{ ...menu[1]!, redirect: undefined }], { can })[0]!;
    expect(containerTarget(noRedirect)).toBe('/app/doctor');
    const doctor = flat.find((r) => r.path === '/app/doctor')!;
    expect(doctor.name).toBe('app-doctor');
    expect(containerTarget(doctor)).toBeUndefined();
  });

  it('joins relative child paths to the parent', () => {
    const r = menuToRoutes([{ path: '/sys', component: 'layouts/RouteView', children: [{ path: 'user', component: 'resource/sysUser' }] }], { can })[0]!;
    expect(r.children[0]!.path).toBe('/sys/user');
  });
});

describe('side menu', () => {
  it('hides hidden items, links route 0 items by path, hides empty groups', () => {
    const items = toMenuItems(hideEmptyGroups(menu)) as Array<{ key: string; children?: Array<{ key: string }> }>;
    expect(items.map((i) => i.key)).toEqual(['/dashboard/analysis', '/app', '/nolink']);
    const app = items[1]!;
    expect(app.children!.map((c) => c.key)).toEqual(['/app/doctor', '/app/drug', '/app/external', '/app/unknown']);
    const groups = hideEmptyGroups([{ path: '/g', children: [{ path: '/g/a', hidden: true }] }]);
    expect(groups[0]!.hidden).toBe(true);
  });
});
