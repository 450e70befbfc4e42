#!/usr/bin/env node
// `npm start`: build the console if dist/client is missing or stale, then run the server.
// The server reads PORT, DATA_DIR, ADMIN_PASSWORD, SEED_ROWS, ... from the environment,
// which is passed through unchanged.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newest } from './newest.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'dist/client/index.html');
// Everything the client bundle is built from (src/core is bundled into the client too).
const sources = ['src/client', 'src/core', 'schemas', 'index.html', 'vite.config.ts'];

function needsBuild() {
  if (!existsSync(builtIndex)) return 'dist/client/index.html is missing';
  const built = statSync(builtIndex).mtimeMs;
  for (const s of sources) {
    if (newest(join(root, s)) > built) return `${s} changed since the last build`;
  }
  return null;
}

const reason = needsBuild();
if (reason) {
  console.log(`[start] building the console (${reason}): npx vite build`);
  // A production bundle whatever NODE_ENV the shell has (NODE_ENV=development would ship dev React).
  const r = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) {
    console.error(`[start] vite build failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
} else {
  console.log('[start] dist/client is up to date');
}

// The server runs as one bundled module (generators/server-bundle.ts), built again when its sources changed.
const bundled = spawnSync(process.execPath, ['--import', 'tsx', 'generators/server-bundle.ts', '--if-stale'], { cwd: root, stdio: 'inherit' });
if (bundled.status !== 0) {
  console.error(`[start] the server bundle failed (exit ${bundled.status ?? bundled.signal})`);
  process.exit(bundled.status ?? 1);
}
// node itself, not a wrapper process, so signals reach the server directly.
console.log(`[start] starting the server: node dist/server/main.mjs (PORT=${process.env.PORT ?? '8080'})`);
const child = spawn(process.execPath, ['dist/server/main.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (child.exitCode === null) child.kill(sig);
  });
}
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + ({ SIGINT: 2, SIGTERM: 15, SIGHUP: 1 }[signal] ?? 1) : 1));
});
