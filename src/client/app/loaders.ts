/**
 * Lazy chunk loaders shared by the route table and the prefetches, so a prefetch and the
 * later render fetch the same chunks (the browser and the module map dedupe them).
 *
 * - The shell starts loading while the guard still fetches the permission list.
 * - The engine chunk and the schema chunk of the module a path shows are requested side by
 *   side (not engine, then schema) as soon as the menu is known; after the shell is up, the
 *   engine is loaded in idle time, and a menu group's module schemas as the group opens, so a
 *   menu click only waits for its list request.
 */
import type { MenuItem } from '../state/types';
import { flattenRoutes, menuToRoutes } from './menuRoutes';

const swallow = () => undefined;

/** A lazily imported module: `load` imports it (the module map dedupes), `loaded` answers it once it is there. */
function chunk<M>(importer: () => Promise<M>): { load: () => Promise<M>; loaded: () => M | undefined } {
  let module: M | undefined;
  return { load: () => importer().then((m) => (module = m)), loaded: () => module };
}

/** The shell (it makes dayjs speak Chinese: every page with dates lives inside it); it starts loading with the permission request. */
export const { load: loadShell, loaded: loadedShell } = chunk(() => import('../shell/Shell'));
/** The engine (prefetched, or rendered before). */
export const { load: loadEngine, loaded: loadedEngine } = chunk(() => import('../engine/index'));
const loadSchemas = () => import('../engine/schemas');
/** The login page and the layout of the /user pages, the first thing a visitor without a token sees. */
export const { load: loadLogin, loaded: loadedLogin } = chunk(() => import('../pages/login/Login'));
export const { load: loadUserLayout, loaded: loadedUserLayout } = chunk(() => import('../pages/user/UserLayout'));

/** Resource modules the menu routes, in menu order (or only the one at `pathname`). */
export function menuResources(menu: readonly MenuItem[], can: (code: string) => boolean, pathname?: string): string[] {
  const out: string[] = [];
  for (const r of flattenRoutes(menuToRoutes(menu, { can }))) {
    if (r.component.kind !== 'resource') continue;
    if (pathname !== undefined && r.path !== pathname) continue;
    if (!out.includes(r.component.resource)) out.push(r.component.resource);
  }
  return out;
}

/** Warms the engine chunk and these modules' schema chunks, in parallel; errors are left to the real load. */
export function prefetchResources(names: readonly string[]): void {
  void loadEngine().catch(swallow);
  if (!names.length) return;
  void loadSchemas().then((m) => {
    for (const n of names) void m.loadResourceSchema(n).catch(swallow);
  }, swallow);
}

export function prefetchShell(): void {
  void loadShell().catch(swallow);
}

export { whenIdle } from './idle';
