/**
 * Bundle figures from dist/client/.vite/manifest.json: the static-import closure of the
 * entry plus the lazy chunks a route loads, gzip-sized (zlib default level) per route.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** A marker string only ProTable's code contains (its CSS-class prefix). */
export const PRO_TABLE_MARKER = 'pro-table';
/** A marker string only the chart library's code contains (Chart.js's own error message). */
export const CHART_MARKER = 'Canvas is already in use';
/** A marker string only antd Result's illustrations contain (the 404 picture's SVG title). */
export const RESULT_IMAGES_MARKER = 'No Found';
/** A style token of antd Image's preview (zoom, rotate, arrows): in the chunk that holds it. */
export const IMAGE_PREVIEW_MARKER = 'previewOperationColor';

export interface RouteBundle {
  route: string;
  /** Manifest keys of the lazy chunks this route loads on top of the entry. */
  lazy: string[];
  missing: string[];
  files: string[];
  /** Largest files of the closure, gz bytes, biggest first. */
  largest: Array<{ file: string; gzBytes: number }>;
  rawBytes: number;
  gzBytes: number;
  hasProTable: boolean;
  /** The chart library is part of the route's first load. */
  hasCharts: boolean;
  /** antd Result's 404/403/500 illustrations (~30 KB of SVG) are part of the route's first load. */
  hasResultImages: boolean;
  /** antd Image's preview (rc-image, ~50 KB) is part of the route's first load. */
  hasImagePreview: boolean;
}

export const gz = (buf: Buffer | string): number => gzipSync(buf).length;

export function readManifest(distDir: string): Manifest | null {
  const p = join(distDir, '.vite/manifest.json');
  return existsSync(p) ? (JSON.parse(readFileSync(p, 'utf8')) as Manifest) : null;
}

/** Static-import closure (manifest keys) of the given chunks. */
export function staticClosure(m: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const k = stack.pop()!;
    if (seen.has(k) || !m[k]) continue;
    seen.add(k);
    for (const i of m[k]!.imports ?? []) stack.push(i);
  }
  return seen;
}

/** Lazy chunk keys matching a pattern (first match per pattern). */
export function findLazy(m: Manifest, re: RegExp): string | undefined {
  const keys = Object.keys(m).filter((k) => m[k]!.isDynamicEntry && re.test(k));
  keys.sort((a, b) => a.length - b.length);
  return keys[0];
}

export interface RouteSpec {
  route: string;
  /** Patterns of manifest keys of the lazy chunks the route loads (optional: may not exist in a build). */
  lazy: Array<{ label: string; re: RegExp; optional?: boolean }>;
}

const SHELL = { label: 'shell', re: /(^|\/)shell\/[^/]*\.tsx?$/i, optional: true };
/** Loaded together with the shell when the build splits it out (dayjs + zh-cn locale). */
const SHELL_DAYJS = { label: 'dayjs locale', re: /(^|\/)app\/dayjs\.tsx?$/i, optional: true };

/** Routes measured, with the lazy chunks each is expected to load (by source path). */
export const ROUTES: RouteSpec[] = [
  {
    route: '/user/login',
    lazy: [
      { label: 'user layout', re: /pages\/user\/[^/]*Layout[^/]*\.tsx?$/i, optional: true },
      { label: 'login page', re: /pages\/.*login/i },
    ],
  },
  { route: '/dashboard/analysis', lazy: [SHELL, SHELL_DAYJS, { label: 'dashboard page', re: /pages\/.*(dashboard|analysis)/i }] },
  {
    route: '/app/doctor',
    lazy: [
      SHELL,
      SHELL_DAYJS,
      { label: 'engine', re: /engine\/(index|ResourcePage)[^/]*\.tsx?$/i },
      { label: 'hisDoctor schema', re: /schemas\/modules\/hisDoctor\.json$/ },
    ],
  },
];

export function measureRoutes(distDir: string): { entry: string; routes: RouteBundle[]; lazyKeys: string[] } | null {
  const m = readManifest(distDir);
  if (!m) return null;
  const entry = Object.keys(m).find((k) => m[k]!.isEntry) ?? 'index.html';
  // code a route's first load must not hold, by the RouteBundle flag that reports it
  const markers = { hasProTable: PRO_TABLE_MARKER, hasCharts: CHART_MARKER, hasResultImages: RESULT_IMAGES_MARKER, hasImagePreview: IMAGE_PREVIEW_MARKER };
  type Flags = Record<keyof typeof markers, boolean>;
  const sizes = new Map<string, { raw: number; gz: number; holds: Flags }>();
  const size = (file: string) => {
    let s = sizes.get(file);
    if (!s) {
      const buf = readFileSync(join(distDir, file));
      const holds = Object.fromEntries(Object.entries(markers).map(([flag, marker]) => [flag, buf.includes(marker)])) as Flags;
      s = { raw: buf.length, gz: gz(buf), holds };
      sizes.set(file, s);
    }
    return s;
  };
  const routes = ROUTES.map((r): RouteBundle => {
    const lazy: string[] = [];
    const missing: string[] = [];
    for (const l of r.lazy) {
      const k = findLazy(m, l.re);
      if (k) lazy.push(k);
      else if (!l.optional) missing.push(l.label);
    }
    const files = [...staticClosure(m, [entry, ...lazy])].map((k) => m[k]!.file).filter((f) => f.endsWith('.js'));
    let rawBytes = 0;
    let gzBytes = 0;
    const flags: Flags = { hasProTable: false, hasCharts: false, hasResultImages: false, hasImagePreview: false };
    for (const f of files) {
      const s = size(f);
      rawBytes += s.raw;
      gzBytes += s.gz;
      for (const k of Object.keys(flags) as Array<keyof Flags>) flags[k] ||= s.holds[k];
    }
    const largest = files
      .map((f) => ({ file: f, gzBytes: size(f).gz }))
      .sort((a, b) => b.gzBytes - a.gzBytes)
      .slice(0, 3);
    return { route: r.route, lazy, missing, files, largest, rawBytes, gzBytes, ...flags };
  });
  const lazyKeys = Object.keys(m).filter((k) => m[k]!.isDynamicEntry);
  return { entry, routes, lazyKeys };
}

/**
 * What the generic engine adds on top of the shell: the static closure of the engine's lazy
 * chunk minus everything the entry and the shell already load (gz bytes).
 */
export function measureEngine(distDir: string): { files: string[]; gzBytes: number } | null {
  const m = readManifest(distDir);
  if (!m) return null;
  const entry = Object.keys(m).find((k) => m[k]!.isEntry) ?? 'index.html';
  const engine = findLazy(m, /engine\/(index|ResourcePage)[^/]*\.tsx?$/i);
  if (!engine) return null;
  const shellKeys = [SHELL, SHELL_DAYJS].map((l) => findLazy(m, l.re)).filter((k): k is string => !!k);
  const before = staticClosure(m, [entry, ...shellKeys]);
  const files = [...staticClosure(m, [engine])].filter((k) => !before.has(k)).map((k) => m[k]!.file).filter((f) => f.endsWith('.js'));
  const gzBytes = files.reduce((n, f) => n + gz(readFileSync(join(distDir, f))), 0);
  return { files, gzBytes };
}

/**
 * The chart chunk (a page's charts/ChartView, loaded lazily by pages that draw charts): its
 * static closure minus what the entry and the shell already load (gz bytes), and whether it is
 * what holds the chart library.
 */
export function measureCharts(distDir: string): { files: string[]; gzBytes: number; holdsLibrary: boolean } | null {
  const m = readManifest(distDir);
  if (!m) return null;
  const entry = Object.keys(m).find((k) => m[k]!.isEntry) ?? 'index.html';
  const charts = findLazy(m, /pages\/.*\/charts\/ChartView\.tsx?$/i);
  if (!charts) return null;
  const shellKeys = [SHELL, SHELL_DAYJS].map((l) => findLazy(m, l.re)).filter((k): k is string => !!k);
  const before = staticClosure(m, [entry, ...shellKeys]);
  const files = [...staticClosure(m, [charts])].filter((k) => !before.has(k)).map((k) => m[k]!.file).filter((f) => f.endsWith('.js'));
  const bufs = files.map((f) => readFileSync(join(distDir, f)));
  return { files, gzBytes: bufs.reduce((n, b) => n + gz(b), 0), holdsLibrary: bufs.some((b) => b.includes(CHART_MARKER)) };
}
