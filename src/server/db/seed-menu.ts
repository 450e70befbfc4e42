/**
 * sys_permission rows of the seeded menu: 首页, one directory per menu group
 * (component layouts/RouteView), one page per module (component resource/<name>)
 * and one button (menu_type 2) per permission code of the module.
 */
import { toMenuEntries } from '../../core/projections/menu.js';
import type { ResourceSchema } from '../../core/schema/types.js';

export interface PermissionSeed {
  id: string;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: 0 | 1 | 2;
  perms: string | null;
  perms_type: string;
  sort_no: number;
  always_show: number;
  icon: string | null;
  is_route: number;
  is_leaf: number;
  keep_alive: number;
  hidden: number;
  status: string;
  internal_or_external: number;
  del_flag: number;
  /** Resource the row belongs to (not a column). */
  resource?: string;
}

function base(partial: Partial<PermissionSeed> & Pick<PermissionSeed, 'id' | 'name' | 'menu_type'>): PermissionSeed {
  return {
    parent_id: null,
    url: null,
    component: null,
    component_name: null,
    redirect: null,
    perms: null,
    perms_type: '1',
    sort_no: 0,
    always_show: 0,
    icon: null,
    is_route: 1,
    is_leaf: 1,
    keep_alive: 0,
    hidden: 0,
    status: '1',
    internal_or_external: 0,
    del_flag: 0,
    ...partial,
  };
}

export const HOME_PERMISSION_ID = '1000000000000000001';

export function menuSeed(schemas: ResourceSchema[], newId: () => string): PermissionSeed[] {
  const rows: PermissionSeed[] = [
    base({ id: HOME_PERMISSION_ID, name: '首页', menu_type: 0, url: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home', sort_no: 0 }),
  ];
  const usedUrls = new Set<string>();
  toMenuEntries(schemas).forEach((g, gi) => {
    const first = g.items[0]!;
    const seg = `/${first.path.split('/').filter(Boolean)[0] ?? 'app'}`;
    let url = seg;
    for (let n = 2; usedUrls.has(url); n++) url = `${seg}-${n}`;
    usedUrls.add(url);
    const dirId = newId();
    rows.push(base({ id: dirId, name: g.title, menu_type: 0, url, component: 'layouts/RouteView', redirect: first.path, is_leaf: 0, sort_no: gi + 1, icon: first.icon ?? 'appstore' }));
    g.items.forEach((item, i) => {
      const itemId = newId();
      rows.push(
        base({
          id: itemId,
          parent_id: dirId,
          name: item.title,
          menu_type: 1,
          url: item.path,
          component: item.component,
          icon: item.icon ?? null,
          keep_alive: item.keepAlive ? 1 : 0,
          sort_no: i + 1,
          resource: item.resource,
        }),
      );
      item.permissions.forEach((b, bi) =>
        rows.push(base({ id: newId(), parent_id: itemId, name: b.title, menu_type: 2, perms: b.code, sort_no: bi + 1, resource: item.resource })),
      );
    });
  });
  return rows;
}
