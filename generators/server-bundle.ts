/**
 * The server as one ES module, `dist/server/main.mjs` (with its source map): node then loads one
 * file on start instead of compiling some three hundred TypeScript modules through tsx's loader
 * (about a second of a two-core machine's start, every start of every instance).
 *
 *   tsx generators/server-bundle.ts             build it
 *   tsx generators/server-bundle.ts --if-stale  build it only when a source is newer (npm start)
 *
 * Packages stay in node_modules (external): only src/server and the src/core it uses are bundled.
 * The bundle lives two levels below the root, as src/server/main.ts does, so the paths the server
 * derives from its own location (the schemas folder) are the same in both.
 */
import { build, type Plugin } from 'esbuild';
import { existsSync, renameSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newest } from '../scripts/newest.mjs';
import { metaValidatorsModule } from './meta-validators.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The bundle, relative to the root. */
export const SERVER_BUNDLE = 'dist/server/main.mjs';
/** What the bundle is made of: a change in any of them makes it stale. */
const SOURCES = ['src/server', 'src/core', 'schemas/meta', 'generators/server-bundle.ts', 'generators/meta-validators.ts', 'package-lock.json'];

/** The meta-schema validators go in precompiled (ajv standalone code) instead of the empty slot. */
export const precompiledMetaValidators: Plugin = {
  name: 'precompiled-meta-validators',
  setup(b) {
    b.onResolve({ filter: /\/meta-validators\.precompiled\.js$/ }, (args) => ({ path: args.path, namespace: 'meta-validators' }));
    b.onLoad({ filter: /.*/, namespace: 'meta-validators' }, () => ({ contents: metaValidatorsModule(), loader: 'js', resolveDir: ROOT }));
  },
};

/** Why the bundle must be built again, or null when it is up to date. */
export function serverBundleStale(root = ROOT): string | null {
  const out = join(root, SERVER_BUNDLE);
  if (!existsSync(out)) return `${SERVER_BUNDLE} is missing`;
  const built = statSync(out).mtimeMs;
  const changed = SOURCES.find((s) => newest(join(root, s)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

/**
 * Builds the bundle. Each file is written beside its final name and renamed into place, so a
 * server starting meanwhile (the browser tests start several) reads the old file or the new one,
 * never half of one.
 */
export async function buildServerBundle(root = ROOT): Promise<void> {
  const outfile = join(root, SERVER_BUNDLE);
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'src/server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [precompiledMetaValidators],
  });
  mkdirSync(dirname(outfile), { recursive: true });
  // the map first: the module names it
  const files = [...result.outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')));
  for (const f of files) {
    const tmp = `${f.path}.${process.pid}.tmp`;
    writeFileSync(tmp, f.contents);
    renameSync(tmp, f.path);
  }
}

/** Builds the bundle when it is stale; returns why it was built, or null. */
export async function ensureServerBundle(root = ROOT): Promise<string | null> {
  const reason = serverBundleStale(root);
  if (reason) await buildServerBundle(root);
  return reason;
}

/**
 * The node arguments that run the built server. Without source maps: node decodes the whole map
 * when the module loads (~0.3 s of a start). The bundle is not minified and keeps each module's
 * path as a comment; `NODE_OPTIONS=--enable-source-maps` makes stack traces name the TypeScript.
 */
export const SERVER_ARGS = [SERVER_BUNDLE];

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale')) {
    const reason = await ensureServerBundle();
    console.log(reason ? `[build] server bundle built (${reason}): ${SERVER_BUNDLE}` : `[build] ${SERVER_BUNDLE} is up to date`);
  } else {
    await buildServerBundle();
    console.log(`[build] server bundle: ${SERVER_BUNDLE}`);
  }
}
