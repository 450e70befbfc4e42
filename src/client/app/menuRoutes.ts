/**
 * Server menu -> route descriptors.
 * Pure (no React): app/router.tsx turns descriptors into react-router route objects.
 *
 * - `route === '0'`: the item and its subtree are not routed (the menu still links by path).
 * - `hidden`: routed, only not shown in the menu.
 * - `meta.permissionList`: a route requiring permissions is kept when any of them passes `can`.
 * - components: `layouts/*` -> layout; `resource/<name>` -> engine ResourcePage;
 *   otherwise the page registry; unknown -> a 'missing' placeholder.
 */
import type { AuthEntry, MenuItem, MenuMeta } from '../state/types';
import { findPage, pageRegistry, type PageLoader } from '../pages/registry';

export type ComponentRef =
  | { kind: 'layout'; name: string }
  | { kind: 'resource'; resource: string }
  | { kind: 'page'; key: string }
  | { kind: 'missing'; component: string }
  | { kind: 'none' };

export interface RouteDescriptor {
  path: string;
  name?: string;
  title?: string;
  redirect?: string;
  hidden: boolean;
  alwaysShow: boolean;
  meta: MenuMeta;
  component: ComponentRef;
  children: RouteDescriptor[];
}

export interface MenuRouteOptions {
  can: (code: string) => boolean;
  registry?: Record<string, PageLoader>;
}

export function resolveComponent(component: string | undefined | null, registry: Record<string, PageLoader> = pageRegistry): ComponentRef {
  if (!component || !component.trim()) return { kind: 'none' };
  const c = component.trim().replace(/^\/+/, '');
  const layout = /(?:^|\/)layouts\/([^/]+?)(?:\.\w+)?$/.exec(c);
  if (layout) return { kind: 'layout', name: layout[1]! };
  const res = /^(?:views\/)?resource\/([^/]+)$/.exec(c);
  if (res) return { kind: 'resource', resource: res[1]! };
  const key = findPage(c, registry);
  if (key) return { kind: 'page', key };
  return { kind: 'missing', component: c };
}

export function permissionCodes(list: MenuMeta['permissionList']): string[] {
  return (list ?? [])
    .map((p: AuthEntry | string) => (typeof p === 'string' ? p : p?.action))
    .filter((a): a is string => typeof a === 'string' && a !== '');
}

/** Client filter of: routes requiring none are kept, others need any one. */
export function routeAllowed(item: MenuItem, can: (code: string) => boolean): boolean {
  const codes = permissionCodes(item.meta?.permissionList);
  return codes.length === 0 || codes.some((c) => can(c));
}

export function isRouted(item: MenuItem): boolean {
  return String(item.route ?? '1') !== '0';
}

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/') || /^https?:/i.test(path)) return path;
  return `${parent.replace(/\/+$/, '')}/${path}`;
}

export function menuToRoutes(menu: readonly MenuItem[], opts: MenuRouteOptions, parentPath = ''): RouteDescriptor[] {
  const out: RouteDescriptor[] = [];
  for (const item of menu) {
    if (!item || !isRouted(item)) continue;
    if (!routeAllowed(item, opts.can)) continue;
    const path = joinPath(parentPath || '/', item.path ?? '');
    const meta = { ...(item.meta ?? {}) };
    out.push({
      path,
      name: item.name,
      title: meta.title,
      redirect: item.redirect || undefined,
      hidden: !!item.hidden,
      alwaysShow: !!item.alwaysShow,
      meta,
      component: resolveComponent(item.component, opts.registry),
      children: menuToRoutes(item.children ?? [], opts, path),
    });
  }
  return out;
}

/** Depth-first list of every descriptor. */
export function flattenRoutes(routes: readonly RouteDescriptor[]): RouteDescriptor[] {
  return routes.flatMap((r) => [r, ...flattenRoutes(r.children)]);
}

/** Where a container route (layout with children, or redirect) should go. */
export function containerTarget(r: RouteDescriptor): string | undefined {
  if (r.redirect && r.redirect !== r.path) return r.redirect;
  if (r.component.kind === 'layout' && r.component.name !== 'IframePageView') {
    const first = r.children.find((c) => !c.hidden) ?? r.children[0];
    return first?.path;
  }
  return undefined;
}
