/**
 * Start-up with a stored token on a module's address: the engine chunk, the module's schema
 * chunk, its first list request and its dictionaries start at once, beside the permission list
 * and the shell, instead of after them. With no query string the list call's parameters come
 * precomputed by the build (virtual:menu-starts, core projections/firstList.ts), so the call
 * leaves before any engine code has loaded; with one, they wait for the schema. The server's
 * answer stays the authority (a path the menu routes elsewhere, or a module the user may not
 * list, only costs one silent request).
 */
import menuStarts from 'virtual:menu-starts';
import { loadResourceSchema } from '../engine/schemas';
import { startDicts, startListCall } from '../engine/earlyList';
import { loadEngine } from './loaders';
import { expectFirstRows } from '../state/milestones';

const byPath = new Map(Object.entries(menuStarts));
const byName = new Map(Object.values(menuStarts).map((start) => [start.name, start]));

/** Start-up: the module at this address, its engine and schema chunks and its first calls. */
export function startModuleAt(pathname: string, search: string): void {
  if (!byPath.has(pathname.replace(/\/+$/, ''))) return;
  expectFirstRows();
  // the engine chunk too: the route would ask it only once the menu and the shell are in
  void loadEngine().catch(() => undefined);
  startCallsAt(pathname, search);
}

/**
 * The first calls of the module at this address (list and dictionaries), and its schema chunk;
 * nothing for an address that is no module's. Also used by a menu click, before the page renders.
 */
export function startCallsAt(pathname: string, search: string): void {
  const start = byPath.get(pathname.replace(/\/+$/, ''));
  if (!start) return;
  const schema = loadResourceSchema(start.name);
  if (!search || search === '?') {
    startDicts(start.dicts);
    if (start.list) startListCall(start.name, start.list.path, start.list.params);
    void schema.catch(() => undefined);
    return;
  }
  void Promise.all([schema, import('../engine/firstList')]).then(([s, m]) => {
    if (s) m.startFirstList(s, search);
  }, () => undefined);
}

/**
 * The dictionaries of these modules, in one call (those already asked are not asked again): a
 * menu group's modules as it opens, so that a click on one of them sends its list call alone
 * and its rows do not wait for a dictionary answer. Dictionaries are kept for the session.
 */
export function startDictsOf(names: readonly string[]): void {
  startDicts(names.flatMap((n) => byName.get(n)?.dicts ?? []));
}
