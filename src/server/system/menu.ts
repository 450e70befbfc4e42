/**
 * GET /sys/permission/getUserPermissionByToken: JeecgBoot's {menu, auth, allAuth}
 * built from the sys_permission rows the caller's roles grant
 * (SysPermissionController#getPermissionJsonObject).
 */
import { departRolePermissionIds } from '../auth/depart-role-grants.js';
import type { Kysely } from 'kysely';
import { tableSettingsOf, uiSettingsOf } from '../settings/index.js';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import type { SessionUser } from '../auth/session.js';
import { MENU_PAGES } from '../../core/projections/menu.js';
import { TableSnapshot } from '../db/table-snapshot.js';

export interface PermissionRow {
  id: string;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: number;
  perms: string | null;
  perms_type: string | null;
  sort_no: number;
  always_show: number;
  icon: string | null;
  is_route: number;
  keep_alive: number;
  hidden: number;
  status: string | null;
  internal_or_external: number;
}

export interface MenuNode {
  id: string;
  route: '0' | '1';
  path: string;
  name: string;
  component: string | null;
  redirect?: string | null;
  hidden?: true;
  alwaysShow?: true;
  meta: {
    keepAlive: boolean;
    internalOrExternal: boolean;
    title: string;
    componentName: string;
    icon?: string | null;
    url?: string;
    permissionList?: Array<{ action: string; type: string; describe: string }>;
  };
  children?: MenuNode[];
}

const HOME_URL = '/dashboard/analysis';
const isExternal = (url: string) => /^(https?:\/\/|\{\{)/.test(url);

function routeName(p: PermissionRow): string {
  if (p.component_name) return p.component_name;
  const url = p.url ?? '';
  if (isExternal(url)) return createHash('md5').update(url).digest('hex');
  return url.replace(/^\//, '').replace(/\//g, '-').replace(/:/g, '@');
}

function node(p: PermissionRow, topLevel: boolean): MenuNode {
  const url = p.url ?? '';
  const external = isExternal(url);
  const comp = p.component ?? '';
  const n: MenuNode = {
    id: p.id,
    route: p.is_route ? '1' : '0',
    path: external ? createHash('md5').update(url).digest('hex') : url,
    name: routeName(p),
    component: p.component,
    meta: {
      keepAlive: !!p.keep_alive,
      internalOrExternal: !!p.internal_or_external,
      title: p.name,
      componentName: p.component_name || comp.slice(comp.lastIndexOf('/') + 1),
      icon: p.icon,
    },
  };
  if (external) n.meta.url = url;
  if (p.hidden) n.hidden = true;
  if (p.always_show) n.alwaysShow = true;
  if (topLevel) n.redirect = p.redirect;
  return n;
}

export function buildMenu(rows: readonly PermissionRow[], owned: Set<string>, home: PermissionRow | undefined, superAdmin = false) {
  const sorted = [...rows].sort((a, b) => a.sort_no - b.sort_no);
  // the hand-written pages open to everyone (下载中心, 图表, 任务) are every user's, as 首页 is, with
  // their directory when the page says so (工作台); a super-administrator-only page (监控) is left
  // out for anyone else even when a role grants its row
  const pageOf = new Map(MENU_PAGES.map((p) => [p.path, p]));
  const page = (r: PermissionRow) => (r.menu_type === 1 && r.url ? pageOf.get(r.url) : undefined);
  const mine = new Set<string>();
  for (const r of rows) {
    const p = page(r);
    if (p?.openTo === 'superAdmin' && !superAdmin) continue;
    if (owned.has(r.id) || p?.openTo === 'everyone') mine.add(r.id);
    if (p?.openTo === 'everyone' && p.withGroup && r.parent_id) mine.add(r.parent_id);
  }
  const ownedRows = sorted.filter((r) => mine.has(r.id));
  if (home && !ownedRows.some((r) => r.url === HOME_URL)) ownedRows.unshift(home);
  else {
    // 首页 first, whatever its sort number.
    const i = ownedRows.findIndex((r) => r.url === HOME_URL && r.menu_type !== 2);
    if (i > 0) ownedRows.unshift(...ownedRows.splice(i, 1));
  }
  const menus = ownedRows.filter((r) => r.menu_type !== 2);
  const ids = new Set(menus.map((r) => r.id));
  const nodes = new Map<string, MenuNode>();
  const roots: MenuNode[] = [];
  for (const r of menus) {
    const top = !r.parent_id || !ids.has(r.parent_id);
    nodes.set(r.id, node(r, top));
  }
  for (const r of menus) {
    const n = nodes.get(r.id)!;
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    if (parent) (parent.children ??= []).push(n);
    else roots.push(n);
  }
  const auth: Array<{ action: string; type: string; describe: string }> = [];
  for (const b of ownedRows) {
    if (b.menu_type !== 2 || !b.perms) continue;
    const entry = { action: b.perms, type: String(b.perms_type ?? '1'), describe: b.name };
    const parent = b.parent_id ? nodes.get(b.parent_id) : undefined;
    if (parent) (parent.meta.permissionList ??= []).push(entry);
    if (String(b.status ?? '1') === '1') auth.push(entry);
  }
  // JEECG-63: a top-level item whose children are all hidden is hidden itself.
  for (const r of roots) {
    if (r.children && r.children.length > 0 && r.children.every((c) => c.hidden)) r.hidden = true;
  }
  const allAuth = sorted
    .filter((b) => b.menu_type === 2 && b.perms)
    .map((b) => ({ action: b.perms!, status: String(b.status ?? '1'), type: String(b.perms_type ?? '1'), describe: b.name }));
  return { menu: roots, auth, allAuth };
}

/**
 * Permission ids granted to the user: through the roles of the user's own tenant (as the
 * session's codes) and through the department roles the user holds.
 */
export async function grantedPermissionIds(db: Kysely<any>, user: SessionUser): Promise<Set<string>> {
  const granted = await db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .innerJoin('sys_role as r', (j) => j.onRef('r.id', '=', 'ur.role_id').on('r.tenant_id', '=', user.tenantId))
    .select('rp.permission_id')
    .where('ur.user_id', '=', user.id)
    .execute();
  const owned = new Set(granted.map((g) => String(g.permission_id)));
  for (const id of await departRolePermissionIds(db, user.id)) owned.add(id);
  return owned;
}

/** The columns a menu is built from. */
const MENU_COLUMNS = ['id', 'parent_id', 'name', 'url', 'component', 'component_name', 'redirect', 'menu_type', 'perms', 'perms_type', 'sort_no', 'always_show', 'icon', 'is_route', 'keep_alive', 'hidden', 'status', 'internal_or_external'] as const satisfies ReadonlyArray<keyof PermissionRow>;

/** Every live sys_permission row, kept per app while no write changes the table. */
const permissionRows = new WeakMap<AppContext, TableSnapshot<PermissionRow>>();
function livePermissions(ctx: AppContext): Promise<readonly PermissionRow[]> {
  let s = permissionRows.get(ctx);
  if (!s) {
    s = new TableSnapshot('sys_permission', (t) => ctx.counts.version(t), async () =>
      (await ctx.database.db.selectFrom('sys_permission').select([...MENU_COLUMNS]).where('del_flag', '=', 0).execute()) as PermissionRow[]);
    permissionRows.set(ctx, s);
  }
  return s.rows();
}

export async function userMenu(ctx: AppContext, user: SessionUser) {
  const { db } = ctx.database;
  const rows = await livePermissions(ctx);
  const owned = user.isSuperAdmin ? new Set(rows.map((r) => r.id)) : await grantedPermissionIds(db, user);
  const home = rows.find((r) => r.url === HOME_URL && r.menu_type !== 2);
  return buildMenu(rows, owned, home, user.isSuperAdmin);
}

export function registerMenuRoutes(app: FastifyInstance, ctx: AppContext): void {
  // the list pages' column settings and the console preferences come along (settings/index.ts):
  // no round trip per page opened, none for the preferences before the first rows
  app.get('/sys/permission/getUserPermissionByToken', async (req) => {
    const { id } = req.session!;
    const [menu, tableSettings, uiSettings] = await Promise.all([
      userMenu(ctx, req.session!),
      tableSettingsOf(ctx, id, req.tenantId),
      uiSettingsOf(ctx, id, req.tenantId),
    ]);
    return ok({ ...menu, tableSettings, uiSettings });
  });
}
