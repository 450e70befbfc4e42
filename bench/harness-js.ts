/**
 * `npx tsx bench/harness-js.ts`: the JS files one cold list load fetches until the network is
 * quiet, as the shared harness counts them (../shared/perf/harness.cjs runList: its
 * "list JS" figure), each with its gzip -6 size from dist/client, in the order fetched.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, startServer } from '../tests/e2e/harness.js';
import { peerHarnessDir } from './peer-harness.js';

const dir = peerHarnessDir();
if (!dir) throw new Error('../shared/perf/harness.cjs is not beside the checkout');
const server = await startServer();
try {
  process.env.BASE = server.url;
  const req = createRequire(join(ROOT, 'package.json'));
  const target = req(join(dir, 'target-us.cjs'));
  const harness = req(join(dir, 'harness.cjs')) as { runList(peer: unknown): Promise<{ jsList: Array<[string]>; rowsVisible: number; heapUsedAfterGC: number }> };
  const r = await harness.runList(target);
  let total = 0;
  for (const [path] of r.jsList) {
    const gz = gzipSync(readFileSync(join(ROOT, 'dist/client', path)), { level: 6 }).length;
    total += gz;
    console.log(`${(gz / 1024).toFixed(1).padStart(7)} KiB  ${path}`);
  }
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KiB in ${r.jsList.length} files; rows visible at ${r.rowsVisible.toFixed(0)} ms, heap after GC ${(r.heapUsedAfterGC / 1048576).toFixed(2)} MiB`);
} finally {
  await server.stop();
}
