/**
 * `npx tsx bench/profile-react.ts [runs]`: what React renders during the shared harness's route
 * switch (dashboard, hard load with a cold cache and settled; open 医护管理, click 医生管理), one
 * line per commit from the click on: its time after the clock, its priority, how many fibers
 * rendered in it and their render time, then the costliest and the most numerous components of
 * each commit of at least MIN_FIBERS fibers (default 100). A component without a name (antd's
 * forwardRef renders) shows as its tag with the class of the first element it draws.
 * It builds the console with React's profiling build (unminified, so components keep their
 * names) into a temporary directory and serves it; times are the profiling build's, slower than
 * production, so read them as shares, not as the harness's figure.
 * A fiber counts as rendered in a commit as React DevTools decides it: it performed work, or is
 * new; a subtree whose child list is the one already committed was skipped whole.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { ROOT, startServer } from '../tests/e2e/harness.js';
import { peerHarnessDir } from './peer-harness.js';
import { eachSwitch } from './switch-session.js';

interface Commit { at: number; priority: number; fibers: number; ms: number; top: [string, number][]; most: [string, number][] }

const dir = peerHarnessDir();
if (!dir) throw new Error('../shared/perf is not beside the checkout');
const runs = Number(process.argv[2] ?? 3);
const out = mkdtempSync(join(tmpdir(), 'hosp-react-profile-'));
process.chdir(ROOT);
await build({
  configFile: join(ROOT, 'vite.config.ts'),
  logLevel: 'warn',
  build: { outDir: out, emptyOutDir: true, minify: false },
  resolve: { alias: [{ find: /^react-dom$/, replacement: join(ROOT, 'node_modules/react-dom/profiling.js') }] },
});

/**
 * Installed before React loads: React reports each commit to the DevTools hook. Commits before
 * window.__t0 (set just before the click) are ignored. Plain JavaScript: it runs in the page.
 */
const HOOK = `(() => {
  window.__t0 = Infinity; window.__commits = [];
  // an anonymous component (antd's forwardRef renders) is named by the first element it draws
  const host = (f) => { for (let c = f.child, n = 0; c && n < 30; c = c.child, n++) if (c.tag === 5) return String((c.stateNode && typeof c.stateNode.className === 'string' && c.stateNode.className) || c.type).split(' ')[0]; return ''; };
  const name = (f) => typeof f.type === 'string' ? f.type
    : (f.type && (f.type.displayName || f.type.name || (f.type.render && (f.type.render.displayName || f.type.render.name)))) || ('tag' + f.tag + (f.tag === 11 ? '<' + host(f) + '>' : ''));
  const own = (f) => { let d = f.actualDuration || 0; for (let c = f.child; c; c = c.sibling) d -= c.actualDuration || 0; return Math.max(0, d); };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = { supportsFiber: true, renderers: new Map(), inject() { return 1; }, checkDCE() {},
    onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(id, root, priority) {
      const at = performance.now() - window.__t0;
      if (!(at >= 0)) return;
      const by = new Map(), count = new Map(); let fibers = 0, ms = 0;
      const walk = (f) => { for (; f; f = f.sibling) {
        if ((f.flags & 1) === 1 || !f.alternate) { fibers++; const d = own(f); ms += d; by.set(name(f), (by.get(name(f)) || 0) + d); count.set(name(f), (count.get(name(f)) || 0) + 1); }
        if (!f.alternate || f.child !== f.alternate.child) walk(f.child);
      } };
      walk(root.current);
      window.__commits.push({ at, priority, fibers, ms, top: [...by].sort((a, b) => b[1] - a[1]).slice(0, 15), most: [...count].sort((a, b) => b[1] - a[1]).slice(0, 20) });
    } };
})()`;

const PRIORITY = ['', 'immediate', 'user-blocking', 'normal', 'low', 'idle'];
const server = await startServer({ env: { STATIC_DIR: out } });
try {
  await eachSwitch(dir, server.url, runs, async ({ page }, leaf, harness, i) => {
    const t = (await page.evaluate('window.__t0 = performance.now()')) as number;
    await leaf.click();
    const rows = await harness.waitMark(page, 'rows');
    await page.waitForTimeout(800);
    const commits = (await page.evaluate('window.__commits')) as Commit[];
    console.log(`run ${i + 1}: rows ${Math.round(rows - t)} ms after the clock`);
    for (const c of commits) {
      console.log(`  ${String(Math.round(c.at)).padStart(5)} ms  ${PRIORITY[c.priority] ?? c.priority}  ${c.fibers} fibers, ${c.ms.toFixed(1)} ms`);
      if (c.fibers >= (Number(process.env.MIN_FIBERS) || 100)) {
        console.log(`         ms: ${c.top.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ')}`);
        console.log(`         fibers: ${c.most.map(([k, v]) => `${k} ${v}`).join(', ')}`);
      }
    }
  }, async (s) => { await s.page.context().addInitScript(HOOK); });
} finally {
  await server.stop();
  rmSync(out, { recursive: true, force: true });
}
