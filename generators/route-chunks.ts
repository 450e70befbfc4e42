/**
 * Chunk grouping by route for the console build (vite.config.ts).
 *
 * The server speaks HTTP/1.1 (a browser keeps six connections per host), so a cold list page
 * that needs 75 small chunks waits on the connection queue more than on the bytes. Rolldown's
 * automatic splitting makes one chunk per set of dynamic entries reaching a module, and the
 * console has hundreds of dynamic entries (one per module schema, lazy widgets). This groups by
 * the few routes a user opens instead: a module goes to the chunk named after the set of routes
 * whose *static* chunk closure held it in the automatic build. Each route therefore loads the
 * same modules as before (no byte moves onto a route that did not load it), in a handful of
 * files. Modules no route loads statically (schemas, lazy widgets, the rich-text editor) keep
 * the automatic splitting.
 *
 * The plan is read from a first, unminified, unwritten automatic build (the module graph alone
 * cannot say which re-exports of a barrel such as `antd` a route really uses; the automatic
 * build's chunks can). `vite build` runs both passes.
 */
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Route name -> the source files that open it (the boot entry's route is always `boot`). */
export type RouteEntries = Record<string, readonly string[]>;

/** Set while the planning pass runs, so the config it loads does not plan again. */
export const PLANNING_ENV = 'ROUTE_CHUNKS_PLANNING';

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
}

const slash = (p: string) => p.replace(/\\/g, '/');

/** module id -> group name, from an automatic build's chunks. Pure: tested in tests/generators. */
export function planFromChunks(chunks: readonly Chunk[], root: string, routes: RouteEntries): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (starts: readonly Chunk[], stop: Set<string>): Set<string> => {
    const seen = new Set<string>();
    const todo = starts.map((c) => c.fileName).filter((f) => !stop.has(f));
    while (todo.length) {
      const f = todo.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      for (const next of byFile.get(f)?.imports ?? []) if (!stop.has(next)) todo.push(next);
    }
    return seen;
  };
  const boot = closure(chunks.filter((c) => c.isEntry), new Set());
  const routesOf = new Map<string, string[]>();
  for (const [route, files] of Object.entries(routes)) {
    const ids = new Set(files.map((f) => slash(resolve(root, f))));
    const starts = chunks.filter((c) => c.facadeModuleId && ids.has(slash(c.facadeModuleId)));
    if (starts.length !== ids.size) throw new Error(`route-chunks: ${route} names a file that is no chunk of its own (${[...ids].join(', ')})`);
    for (const f of closure(starts, boot)) routesOf.set(f, [...(routesOf.get(f) ?? []), route]);
  }
  // a route's own files stay chunks of their own, so the manifest still names them (budgets, preloads)
  const own = new Set(Object.values(routes).flat().map((f) => slash(resolve(root, f))));
  const plan = new Map<string, string>();
  const put = (f: string, group: string) => {
    for (const id of byFile.get(f)!.moduleIds) if (!own.has(slash(id))) plan.set(id, group);
  };
  // A module only imports modules every route of its own reaches too, so a group only imports
  // groups of as many routes or more: no cycle between groups, and nothing imports upwards
  // into boot (merging a small group into boot would: boot would then import route groups).
  for (const f of boot) put(f, 'route-boot');
  for (const [f, rs] of routesOf) put(f, `route-${rs.join('-')}`);
  return plan;
}

/** Runs the planning pass (an automatic build, not written) and returns the plan. */
export async function planRouteChunks(root: string, routes: RouteEntries): Promise<Map<string, string>> {
  const { build } = await import('vite');
  let plan = new Map<string, string>();
  const capture: Plugin = {
    name: 'route-chunks-plan',
    generateBundle(_opts, bundle) {
      const chunks = Object.values(bundle).filter((o): o is typeof o & Chunk => o.type === 'chunk') as unknown as Chunk[];
      plan = planFromChunks(chunks, root, routes);
    },
  };
  const before = process.env[PLANNING_ENV];
  process.env[PLANNING_ENV] = '1';
  try {
    await build({ root, configFile: resolve(root, 'vite.config.ts'), logLevel: 'silent', build: { write: false, minify: false }, plugins: [capture] });
  } finally {
    if (before === undefined) delete process.env[PLANNING_ENV];
    else process.env[PLANNING_ENV] = before;
  }
  return plan;
}
