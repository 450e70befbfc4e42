/**
 * `npx tsx bench/profile-timeline.ts <profile> <assets dir> [stepMs] [untilMs]`: a CPU profile
 * written by bench/profile-click.ts or profile-list.ts, read as a timeline: per step (default
 * 5 ms) from the first JavaScript sample, the three costliest frames, each named by the
 * console's own function nearest to it (through the build's source maps, as profile-map.ts),
 * so the order of events shows — e.g. whether a click's calls leave before the route renders.
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
const [file, dir, step = '5', upto = '200'] = process.argv.slice(2);
if (!file || !dir) throw new Error('usage: profile-timeline.ts <profile> <assets dir> [stepMs] [untilMs]');
const p = JSON.parse(readFileSync(file!, 'utf8'));
const maps = new Map<string, SourceMapConsumer | null>();
const mapFor = (url: string) => { const f = url.split('/').pop() ?? ''; if (!f) return null; if (!maps.has(f)) { const m = `${dir}/${f}.map`; maps.set(f, existsSync(m) ? new SourceMapConsumer(JSON.parse(readFileSync(m, 'utf8'))) : null); } return maps.get(f) ?? null; };
const nameOf = (cf: any) => { const c = cf.url && cf.lineNumber >= 0 ? mapFor(cf.url) : null; if (!c) return cf.functionName || '(' + (cf.url.split('/').pop() || 'native') + ')'; const o = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber }); return `${o.name || cf.functionName || 'anon'}@${(o.source ?? '').replace(/.*node_modules\//, '').replace(/^.*\/src\//, 'src/')}:${o.line}`; };
const byId = new Map<number, any>(p.nodes.map((n: any) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = p.startTime; let first = -1;
const buckets = new Map<number, Map<string, number>>();
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i];
  const n = byId.get(p.samples[i]);
  if (['(idle)', '(program)', '(garbage collector)'].includes(n.callFrame.functionName)) continue;
  const at = (t - p.startTime) / 1000;
  if (first < 0) first = at;
  const rel = at - first; if (rel > Number(upto)) break;
  // the console's own frame nearest the leaf, else the leaf
  let k = nameOf(n.callFrame); const leaf = k;
  for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) { const kk = nameOf(byId.get(id).callFrame); if (kk.includes('src/client') || kk.includes('src/core')) { k = kk + ' < ' + leaf; break; } }
  const b = Math.floor(rel / Number(step)) * Number(step);
  const m = buckets.get(b) ?? new Map(); buckets.set(b, m); m.set(k, (m.get(k) ?? 0) + (p.timeDeltas[i + 1] ?? 0) / 1000);
}
console.log('first JS sample at', first.toFixed(1), 'ms of profile');
for (const [b, m] of buckets) console.log(String(b).padStart(4), [...m].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, v]) => `${v.toFixed(1)} ${k}`).join(' | '));
