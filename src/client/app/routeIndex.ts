/**
 * react-router's useRoutes flattens, ranks and compiles (a RegExp each) every route of the
 * table on every navigation: with the catalogue's ~200 routes, 4-9 ms of a menu click before
 * the page renders. The routes whose whole path is static are indexed once per table: for
 * such a pathname useRoutes is given that route's branch alone (the same route objects along
 * it, so the same match, elements and outlets); any other pathname gets the whole table.
 */
import type { RouteObject } from 'react-router';

const DYNAMIC = /[:*?]/;

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  return path === '' ? parent : base + path;
}

/** The branch down to `chain`'s last route, each ancestor holding only the next one. */
function branchOf(chain: readonly RouteObject[]): RouteObject[] {
  let node: RouteObject | undefined;
  for (let i = chain.length - 1; i >= 0; i--) {
    const r = chain[i]!;
    node = node ? ({ ...r, children: [node] } as RouteObject) : r;
  }
  return node ? [node] : [];
}

/**
 * Static pathname -> the one-branch table useRoutes matches the same way as the whole table.
 * Where two routes give the same path, the one react-router ranks first is kept: an index route
 * (it scores above a route of the same path), else the first in the table's order.
 */
export function staticRouteIndex(routes: readonly RouteObject[]): Map<string, RouteObject[]> {
  const found = new Map<string, { chain: RouteObject[]; index: boolean }>();
  const walk = (list: readonly RouteObject[], parentPath: string, ancestors: RouteObject[]) => {
    for (const r of list) {
      if (r.path !== undefined && DYNAMIC.test(r.path)) continue; // neither it nor what is under it is static
      const own = r.index || r.path === undefined ? parentPath : joinPath(parentPath, r.path);
      const chain = [...ancestors, r];
      if (r.children?.length) {
        walk(r.children, own, chain);
        continue;
      }
      const prior = found.get(own);
      if (!prior || (r.index && !prior.index)) found.set(own, { chain, index: !!r.index });
    }
  };
  walk(routes, '/', []);
  return new Map([...found].map(([path, { chain }]) => [path, branchOf(chain)]));
}
