/** Menu entries and button-permission codes of the resources (JeecgBoot shapes are built by the server). */
import type { ResourceSchema } from '../schema/types.js';
import { permissionCode, WRITE_ACTIONS } from '../schema/naming.js';

export { permissionCode };

/** Who a hand-written menu page is for: every logged-in user (its calls check the caller, as 首页's do), or the platform super administrator only. */
export type MenuPageAudience = 'everyone' | 'superAdmin';

/** A hand-written page (a registered page component, schemas/registry.json "pages") placed in a menu group. */
export interface MenuPage {
  /** Identity of its menu row for the schema sync: perm:page:<key>. */
  key: string;
  title: string;
  path: string;
  component: string;
  /** Menu group key (schemas/menu-groups.json); the page is left out when the group is not declared. */
  group: string;
  icon: string;
  openTo: MenuPageAudience;
  /** An every-user page shows its directory to every user too (工作台 holds such pages only). */
  withGroup?: boolean;
}

/**
 * 下载中心: a hand-written page (the caller's own export files) in the 系统设置 group, open to
 * every logged-in user as 首页 is (its calls check the owner, not a code).
 */
export const DOWNLOAD_CENTER_PAGE = { key: 'downloadCenter', title: '下载中心', path: '/settings/downloadCenter', component: 'settings/DownloadCenter', group: 'settings', icon: 'cloud-download', openTo: 'everyone' } as const satisfies MenuPage;

/**
 * The hand-written pages of the menu, in their groups' order. JeecgBoot's dashboard indexes
 * (图表, 任务, 监控) sit in 工作台 beside 首页: 图表 and 任务 draw on the home page's answers, which
 * every user may read (scoped to what the caller may list); 监控 is the platform super
 * administrator's (its data call refuses everyone else).
 */
export const MENU_PAGES: readonly MenuPage[] = [
  { key: 'dashboardChart', title: '图表', path: '/dashboard/chart', component: 'dashboard/Chart', group: 'workbench', icon: 'bar-chart', openTo: 'everyone', withGroup: true },
  { key: 'dashboardTask', title: '任务', path: '/dashboard/task', component: 'dashboard/Task', group: 'workbench', icon: 'schedule', openTo: 'everyone', withGroup: true },
  { key: 'dashboardMonitor', title: '监控', path: '/dashboard/monitor', component: 'dashboard/Monitor', group: 'workbench', icon: 'monitor', openTo: 'superAdmin' },
  DOWNLOAD_CENTER_PAGE,
];

export interface PermissionEntry { code: string; title: string }

const CRUD_TITLES = [
  ['list', '查看'],
  ['add', '新增'],
  ['edit', '编辑'],
  ['delete', '删除'],
  ['deleteBatch', '批量删除'],
] as const;

/**
 * Every permission code of a resource, once each: CRUD (queryById is covered by list),
 * export/import when enabled, then transitions and actions (their own `permission` if set).
 */
export function permissionCodes(schema: ResourceSchema): PermissionEntry[] {
  const out: PermissionEntry[] = CRUD_TITLES.filter(([a]) => !(schema.readOnly && WRITE_ACTIONS.has(a))).map(([a, t]) => ({ code: permissionCode(schema, a), title: `${t}${schema.entity}` }));
  if (schema.list?.export) out.push({ code: permissionCode(schema, 'exportXls'), title: `导出${schema.entity}` });
  if (schema.list?.import && !schema.readOnly) out.push({ code: permissionCode(schema, 'importExcel'), title: `导入${schema.entity}` });
  for (const t of schema.states?.transitions ?? []) out.push({ code: t.permission ?? permissionCode(schema, t.action), title: t.title });
  for (const a of schema.actions ?? []) if (a.permission !== false) out.push({ code: a.permission ?? permissionCode(schema, a.action), title: a.title });
  for (const f of schema.fields) {
    if (f.permission?.view) out.push({ code: f.permission.view, title: `查看字段：${f.title}` });
    if (f.permission?.edit) out.push({ code: f.permission.edit, title: `修改字段：${f.title}` });
  }
  const seen = new Set<string>();
  return out.filter((p) => (seen.has(p.code) ? false : (seen.add(p.code), true)));
}

/**
 * Permission code needed for one API action (`queryById` and the tree's `childList` are
 * checked as `list`); '' for an action declared `permission: false`.
 */
export function requiredPermission(schema: ResourceSchema, action: string): string {
  if (action === 'queryById' || action === 'childList') return permissionCode(schema, 'list');
  const t = schema.states?.transitions.find((x) => x.action === action);
  if (t) return t.permission ?? permissionCode(schema, action);
  const a = schema.actions?.find((x) => x.action === action);
  if (a?.permission === false) return '';
  if (a?.permission) return a.permission;
  return permissionCode(schema, action);
}

export interface MenuItem {
  resource: string;
  title: string;
  path: string;
  /** Route name: path without the leading slash, '/' -> '-' (JeecgBoot). */
  name: string;
  /** `resource/<name>`: resolved by the client to the generic ResourcePage. */
  component: string;
  icon?: string;
  order: number;
  keepAlive: boolean;
  permissions: PermissionEntry[];
}

export interface MenuGroup { title: string; order: number; items: MenuItem[] }

export function routeName(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '-');
}

/** Groups by `menu.group`; group order = min item order; items by order then title. Resources without `menu` are skipped. */
export function toMenuEntries(schemas: Iterable<ResourceSchema>): MenuGroup[] {
  const groups = new Map<string, MenuGroup>();
  for (const s of schemas) {
    if (!s.menu) continue;
    const item: MenuItem = {
      resource: s.name,
      title: s.title,
      path: s.menu.path,
      name: routeName(s.menu.path),
      component: `resource/${s.name}`,
      order: s.menu.order ?? 0,
      // Off by default as in JeecgBoot: a kept-alive page stays mounted (memory) while its tab is open.
      keepAlive: s.menu.keepAlive ?? false,
      permissions: permissionCodes(s),
    };
    if (s.menu.icon) item.icon = s.menu.icon;
    const g = groups.get(s.menu.group) ?? { title: s.menu.group, order: Infinity, items: [] };
    g.items.push(item);
    g.order = Math.min(g.order, item.order);
    groups.set(s.menu.group, g);
  }
  const byOrder = <T extends { order: number; title: string }>(a: T, b: T) => a.order - b.order || a.title.localeCompare(b.title, 'zh');
  return [...groups.values()].map((g) => ({ ...g, items: g.items.sort(byOrder) })).sort(byOrder);
}
