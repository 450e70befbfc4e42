/**
 * sys_permission rows of the seeded menu: 首页, one directory per menu group
 * (component layouts/RouteView; url, icon and order from menu-groups.json), one page per
 * module (component resource/<name>) and one button (menu_type 2) per permission code of the module;
 * the hand-written pages of MENU_PAGES follow the modules of their group (下载中心 in 系统设置; 图表,
 * 任务 and 监控 in 工作台, a declared group that gets its directory for them alone).
 */
import { MENU_PAGES, toMenuEntries, type MenuGroup, type MenuPage } from '../../core/projections/menu.js';
import type { MenuGroupSpec } from '../../core/schema/access-data.js';
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
  /** Identity of the entry for the schema sync (not a column): perm:home, perm:group:<key>, perm:page:<resource>, perm:button:<resource>:<code>. */
  key?: string;
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

/**
 * The menu groups that have items, in menu-groups.json order, each with its declared key, icon
 * and order (its sort number); groups a root does not declare (fixtures without menu-groups.json) follow, with a key
 * made from their first item's path and that item's icon.
 */
export function orderedGroups(schemas: ResourceSchema[], declared: MenuGroupSpec[]): Array<MenuGroup & { key: string; icon: string; sortNo: number }> {
  const entries = toMenuEntries(schemas);
  const spec = new Map(declared.map((g) => [g.title, g]));
  const known = entries.filter((g) => spec.has(g.title)).sort((a, b) => spec.get(a.title)!.order - spec.get(b.title)!.order);
  const usedKeys = new Set(declared.map((g) => g.key));
  const rest = entries.filter((g) => !spec.has(g.title)).map((g) => {
    const first = g.items[0]!;
    const seg = first.path.split('/').filter(Boolean)[0] ?? 'app';
    let key = seg;
    for (let n = 2; usedKeys.has(key); n++) key = `${seg}-${n}`;
    usedKeys.add(key);
    return { ...g, key, icon: first.icon ?? 'appstore' };
  });
  const last = Math.max(0, ...declared.map((g) => g.order));
  return [
    ...known.map((g) => ({ ...g, key: spec.get(g.title)!.key, icon: spec.get(g.title)!.icon, sortNo: spec.get(g.title)!.order })),
    ...rest.map((g, i) => ({ ...g, sortNo: last + i + 1 })),
  ];
}

export function menuSeed(schemas: ResourceSchema[], newId: () => string, groups: MenuGroupSpec[] = [], pages: readonly MenuPage[] = MENU_PAGES): PermissionSeed[] {
  const rows: PermissionSeed[] = [
    base({ id: HOME_PERMISSION_ID, key: 'perm:home', name: '首页', menu_type: 0, url: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home', sort_no: 0 }),
  ];
  const withItems = orderedGroups(schemas, groups);
  // declared groups holding only hand-written pages, in their declared order among the rest
  const pageOnly = groups
    .filter((g) => !withItems.some((w) => w.key === g.key) && pages.some((p) => p.group === g.key))
    .map((g) => ({ title: g.title, order: g.order, items: [], key: g.key, icon: g.icon, sortNo: g.order }));
  [...withItems, ...pageOnly].sort((a, b) => a.sortNo - b.sortNo).forEach((g) => {
    const own = pages.filter((p) => p.group === g.key);
    const firstPath = g.items[0]?.path ?? own[0]!.path;
    const dirId = newId();
    rows.push(base({ id: dirId, key: `perm:group:${g.key}`, name: g.title, menu_type: 0, url: `/${g.key}`, component: 'layouts/RouteView', redirect: firstPath, is_leaf: 0, sort_no: g.sortNo, icon: g.icon }));
    g.items.forEach((item, i) => {
      const itemId = newId();
      rows.push(
        base({
          id: itemId,
          key: `perm:page:${item.resource}`,
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
        rows.push(base({ id: newId(), key: `perm:button:${item.resource}:${b.code}`, parent_id: itemId, name: b.title, menu_type: 2, perms: b.code, sort_no: bi + 1, resource: item.resource })),
      );
    });
    own.forEach((p, i) => {
      rows.push(base({ id: newId(), key: `perm:page:${p.key}`, parent_id: dirId, name: p.title, menu_type: 1, url: p.path, component: p.component, icon: p.icon, sort_no: g.items.length + i + 1 }));
    });
  });
  return rows;
}
