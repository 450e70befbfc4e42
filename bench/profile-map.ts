/**
 * `npx tsx bench/profile-map.ts <profile> <assets dir> [fromMs] [toMs]`: a CPU profile written by
 * bench/profile-list.ts, read through the build's source maps (build them with
 * `npx vite build --sourcemap --outDir /tmp/x` and profile with `STATIC_DIR=/tmp/x`), so the
 * time between the list answer and the rows shows per package and per original function.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';

interface Frame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface Node { id: number; callFrame: Frame; children?: number[] }
interface Profile { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] }

const [file, dir, from = '0', to = '1e9'] = process.argv.slice(2);
if (!file || !dir) throw new Error('usage: profile-map.ts <profile> <assets dir> [fromMs] [toMs]');
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const maps = new Map<string, SourceMapConsumer | null>();
function mapFor(url: string): SourceMapConsumer | null {
  const f = url.split('/').pop() ?? '';
  if (!f) return null;
  if (!maps.has(f)) {
    const m = `${dir}/${f}.map`;
    maps.set(f, existsSync(m) ? new SourceMapConsumer(JSON.parse(readFileSync(m, 'utf8'))) : null);
  }
  return maps.get(f) ?? null;
}
function nameOf(cf: Frame): string {
  const c = cf.url && cf.lineNumber >= 0 ? mapFor(cf.url) : null;
  if (!c) return `${cf.functionName || '(anon)'} ${cf.url.split('/').pop()}`;
  const o = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
  const src = (o.source ?? '').replace(/.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
  return `${o.name || cf.functionName || '(anon)'} ${src}:${o.line}`;
}

const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<string, number>();
const total = new Map<string, number>();
const pkg = new Map<string, number>();
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
let t = p.startTime;
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i]!;
  const at = (t - p.startTime) / 1000;
  const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
  if (at < Number(from) || at > Number(to)) continue;
  const n = byId.get(p.samples[i]!)!;
  const k = nameOf(n.callFrame);
  add(self, k, dt);
  const where = k.split(' ')[1] ?? k;
  add(pkg, where.split('/').slice(0, where.startsWith('@') ? 2 : 1).join('/'), dt);
  const seen = new Set<string>();
  for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
    const kk = nameOf(byId.get(id)!.callFrame);
    if (!seen.has(kk)) add(total, kk, dt);
    seen.add(kk);
  }
}
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`).join('\n');
console.log(`self by package [${from}, ${to}] ms:\n${top(pkg, 25)}`);
console.log(`self by function:\n${top(self, 40)}`);
console.log(`total, the console's own code:\n${top(new Map([...total].filter(([k]) => k.includes('src/client') || k.includes('src/core'))), 40)}`);
console.log(`total, all:\n${top(total, 60)}`);
