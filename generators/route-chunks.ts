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
  /** the chunk's code, where the build gives it (its length sizes a group) */
  code?: string;
}

/** How planFromChunks may fold groups into the entry's (boot) group. */
export interface FoldRules {
  /** Routes of which every page opens one (the login route or the shell). */
  everyPage?: readonly string[];
  /** A group this small (code length) that imports only boot goes to boot: a request saved. */
  smallLeafBytes?: number;
}

const slash = (p: string) => p.replace(/\\/g, '/');

function chunkGraph(chunks: readonly Chunk[], root: string, routes: RouteEntries) {
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
  /** route -> the chunk files it loads at once beyond the boot closure */
  const routeFiles = new Map<string, Set<string>>();
  for (const [route, files] of Object.entries(routes)) {
    const ids = new Set(files.map((f) => slash(resolve(root, f))));
    const starts = chunks.filter((c) => c.facadeModuleId && ids.has(slash(c.facadeModuleId)));
    if (starts.length !== ids.size) throw new Error(`route-chunks: ${route} names a file that is no chunk of its own (${[...ids].join(', ')})`);
    routeFiles.set(route, closure(starts, boot));
  }
  return { byFile, boot, routeFiles };
}

/**
 * module id -> group name, from an automatic build's chunks. Pure: tested in tests/generators.
 * `fold` moves groups into boot where that costs (almost) no bytes: one request fewer on each
 * page that loaded them (the six connections of HTTP/1.1 queue a page's files).
 */
export function planFromChunks(chunks: readonly Chunk[], root: string, routes: RouteEntries, fold: FoldRules = {}): Map<string, string> {
  const { byFile, boot, routeFiles } = chunkGraph(chunks, root, routes);
  const routesOf = new Map<string, string[]>();
  for (const [route, files] of routeFiles) for (const f of files) routesOf.set(f, [...(routesOf.get(f) ?? []), route]);
  // a route's own files stay chunks of their own, so the manifest still names them (budgets, preloads)
  const own = new Set(Object.values(routes).flat().map((f) => slash(resolve(root, f))));
  const plan = new Map<string, string>();
  const put = (f: string, group: string) => {
    for (const id of byFile.get(f)!.moduleIds) if (!own.has(slash(id))) plan.set(id, group);
  };
  // A module only imports modules every route of its own reaches too, so a group only imports
  // groups of as many routes or more: no cycle between groups, and nothing imports upwards
  // into boot. A group folded into boot must keep that true: a group every page loads imports
  // only groups every page loads (folded too), and a small group is folded only when it
  // imports nothing but boot.
  const everyPage = fold.everyPage ?? [];
  const onEveryPage = (rs: string[]) => everyPage.length > 0 && everyPage.every((r) => rs.includes(r));
  const groupOf = new Map<string, string>();
  for (const [f, rs] of routesOf) groupOf.set(f, onEveryPage(rs) ? 'route-boot' : `route-${rs.join('-')}`);
  // A small group whose files import nothing outside boot and itself: every route that loads
  // it saves a request, for a few hundred bytes on the routes that did not load it.
  const members = new Map<string, string[]>();
  for (const [f, g] of groupOf) members.set(g, [...(members.get(g) ?? []), f]);
  for (const [g, groupFiles] of members) {
    if (g === 'route-boot' || !fold.smallLeafBytes) continue;
    // a route's own chunk stays where it is: only the rest of the group would move
    const moving = groupFiles.filter((f) => !own.has(slash(byFile.get(f)!.facadeModuleId ?? '')));
    const size = moving.reduce((n, f) => n + (byFile.get(f)!.code?.length ?? Infinity), 0);
    const leaf = groupFiles.every((f) => byFile.get(f)!.imports.every((i) => boot.has(i) || groupOf.get(i) === 'route-boot' || groupOf.get(i) === g));
    if (leaf && size <= fold.smallLeafBytes) for (const f of groupFiles) groupOf.set(f, 'route-boot');
  }
  for (const f of boot) put(f, 'route-boot');
  for (const [f, g] of groupOf) put(f, g);
  return plan;
}

/** route -> the chunk files (beyond the entry's) it loads at once, from the final build's chunks. */
export function routeFilesOf(chunks: readonly Chunk[], root: string, routes: RouteEntries): Record<string, string[]> {
  const { routeFiles } = chunkGraph(chunks, root, routes);
  return Object.fromEntries([...routeFiles].map(([r, files]) => [r, [...files].sort()]));
}

/** When a route's files are preloaded from index.html, before the entry has run. */
export interface PreloadRules {
  /** localStorage key whose presence means a stored login */
  tokenKey: string;
  /** path prefix of the pages shown without the shell (login, register) */
  userPrefix: string;
  /** routes for a visitor without a stored login, or on a userPrefix page */
  anonymous: string[];
  /** routes for a stored login on any other page */
  loggedIn: string[];
  /** more routes for a stored login on exactly these paths */
  byPath: Array<{ paths: string[]; routes: string[] }>;
}

/**
 * An inline script for index.html that adds `<link rel="modulepreload">` for the chunk files of
 * the routes the address will open, so they download beside the entry instead of after it ran.
 * A wrong guess (an expired token, a path the menu does not offer) only costs the download.
 */
export function preloadScript(files: Record<string, string[]>, rules: PreloadRules, base = '/'): string {
  const index: string[] = [];
  const ids = (routes: string[]) => [...new Set(routes.flatMap((r) => files[r] ?? []))].map((f) => {
    const i = index.indexOf(f);
    return i >= 0 ? i : index.push(f) - 1;
  });
  const anonymous = ids(rules.anonymous);
  const loggedIn = ids(rules.loggedIn);
  const byPath = rules.byPath.map((b) => [ids(b.routes), b.paths]);
  const data = JSON.stringify({ f: index.map((f) => base + f), a: anonymous, l: loggedIn, p: byPath, t: rules.tokenKey, u: rules.userPrefix });
  return `(function(d){try{var p=location.pathname.replace(/\\/+$/,'')||'/',w=[],t=localStorage.getItem(d.t);`
    + `if(!t||p.indexOf(d.u)===0)w=d.a;else{w=d.l;d.p.forEach(function(b){if(b[1].indexOf(p)>=0)w=w.concat(b[0]);});}`
    + `var s={};w.forEach(function(i){if(s[i])return;s[i]=1;var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=d.f[i];document.head.appendChild(l);});`
    + `}catch(e){}})(${data});`;
}

/** Runs the planning pass (an automatic build, not written) and returns the plan. */
export async function planRouteChunks(root: string, routes: RouteEntries, fold: FoldRules = {}): Promise<Map<string, string>> {
  const { build } = await import('vite');
  let plan = new Map<string, string>();
  const capture: Plugin = {
    name: 'route-chunks-plan',
    generateBundle(_opts, bundle) {
      const chunks = Object.values(bundle).filter((o): o is typeof o & Chunk => o.type === 'chunk') as unknown as Chunk[];
      plan = planFromChunks(chunks, root, routes, fold);
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
