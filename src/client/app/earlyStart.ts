/**
 * Start-up with a stored token on a module's address: the engine chunk, the module's schema
 * chunk and its first list request start at once, beside the permission list and the shell,
 * instead of after them. The module is found by the schemas' own menu paths (only their `menu`
 * blocks are bundled here); the server's answer stays the authority (a path the menu routes
 * elsewhere, or a module the user may not list, only costs one silent request). The path map is
 * built from schemas/modules by vite.config.ts (menuPaths).
 */
import menuPaths from 'virtual:menu-paths';
import { loadResourceSchema } from '../engine/schemas';
import { startFirstList } from '../engine/earlyList';
import { loadEngine } from './loaders';
import { expectFirstRows } from '../state/milestones';

const byPath = new Map<string, string>(Object.entries(menuPaths));

export function startModuleAt(pathname: string, search: string): void {
  const name = byPath.get(pathname.replace(/\/+$/, ''));
  if (!name) return;
  expectFirstRows();
  // the engine chunk too: the route would ask it only once the menu and the shell are in
  void loadEngine().catch(() => undefined);
  void loadResourceSchema(name).then((schema) => {
    if (schema) startFirstList(schema, search);
  }, () => undefined);
}
