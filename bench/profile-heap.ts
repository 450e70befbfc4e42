/**
 * `npx tsx bench/profile-heap.ts [path]`: one cold list page (token stored), settled as
 * bench/browser.ts listHeap settles it (rows painted, network idle, +500 ms, forced GC), then a
 * V8 heap snapshot. Prints JSHeapUsedSize, self size per node type, code/closures/contexts per
 * script URL, objects per constructor, the largest strings, and the nodes with the largest
 * retained size (dominator tree) with one retaining path each, so what holds the heap shows.
 * ROUNDS=n measures n fresh loads first (the snapshot is of the last; SNAPSHOT=0: none).
 * Writes the raw snapshot to $SNAPSHOT_OUT (default /tmp/list.heapsnapshot) for DevTools;
 * SNAPSHOT_IN=file analyses a saved snapshot instead (no browser).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { launchBrowser, startServer } from '../tests/e2e/harness.js';
import { loginState } from './browser.js';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] }; node_count: number };
  nodes: number[];
  edges: number[];
  strings: string[];
}

const path = process.argv[2] ?? '/app/doctor';
const TOP = Number(process.env.TOP ?? 25);
if (process.env.SNAPSHOT_IN) {
  analyse(JSON.parse(readFileSync(process.env.SNAPSHOT_IN, 'utf8')) as Snapshot);
  process.exit(0);
}
let raw = '';
const server = await startServer();
const browser = await launchBrowser();
try {
  const state = await loginState(browser, server.url);

  const rounds = Number(process.env.ROUNDS ?? 1);
  const afterGc: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', storageState: state });
    const page = await ctx.newPage();
    await page.goto(`${server.url}${path}`);
    await page.locator('[data-testid="resource-table"] tbody tr.ant-table-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable');
    const used = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 2 ** 20;
    const before = await used();
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const after = await used();
    afterGc.push(after);
    console.log(`JSHeapUsedSize on ${path}: ${before.toFixed(2)} MiB, after GC ${after.toFixed(2)} MiB`);
    if (round < rounds - 1 || process.env.SNAPSHOT === '0') {
      await ctx.close();
      continue;
    }
    const chunks: string[] = [];
    cdp.on('HeapProfiler.addHeapSnapshotChunk', (e) => chunks.push(e.chunk));
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    raw = chunks.join('');
    writeFileSync(process.env.SNAPSHOT_OUT ?? '/tmp/list.heapsnapshot', raw);
    await ctx.close();
  }
  const sortedGc = [...afterGc].sort((a, b) => a - b);
  if (rounds > 1) console.log(`after GC over ${rounds} rounds: median ${sortedGc[Math.floor((rounds - 1) / 2)]!.toFixed(2)} MiB, min ${sortedGc[0]!.toFixed(2)} MiB`);
  if (raw)   analyse(JSON.parse(raw) as Snapshot);
} finally {
  await browser.close();
  await server.stop();
}

function analyse(s: Snapshot) {
  const nf = s.snapshot.meta.node_fields;
  const ef = s.snapshot.meta.edge_fields;
  const NT = s.snapshot.meta.node_types[0];
  const ET = s.snapshot.meta.edge_types[0];
  const NW = nf.length;
  const EW = ef.length;
  const [iType, iName, iSelf, iEdges] = ['type', 'name', 'self_size', 'edge_count'].map((f) => nf.indexOf(f)) as [number, number, number, number];
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f)) as [number, number, number];
  const n = s.nodes.length / NW;
  const type = (i: number) => NT[s.nodes[i * NW + iType]!]!;
  const name = (i: number) => s.strings[s.nodes[i * NW + iName]!]!;
  const self = (i: number) => s.nodes[i * NW + iSelf]!;
  const firstEdge = new Uint32Array(n + 1);
  for (let i = 0, e = 0; i < n; i++) {
    firstEdge[i] = e;
    e += s.nodes[i * NW + iEdges]! * EW;
  }
  firstEdge[n] = s.edges.length;
  const edgeType = (e: number) => ET[s.edges[e + eType]!]!;
  const edgeName = (e: number) => {
    const t = edgeType(e);
    const v = s.edges[e + eName]!;
    return t === 'element' || t === 'hidden' ? String(v) : s.strings[v]!;
  };
  const to = (e: number) => s.edges[e + eTo]! / NW;
  const child = (i: number, edge: string) => {
    for (let e = firstEdge[i]!; e < firstEdge[i + 1]!; e += EW) if (edgeName(e) === edge) return to(e);
    return -1;
  };
  const MiB = (b: number) => `${(b / 2 ** 20).toFixed(2)} MiB`;
  const KiB = (b: number) => `${(b / 1024).toFixed(1).padStart(8)} KiB`;
  const top = (m: Map<string, number>, k = TOP) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([key, v]) => `   ${KiB(v)}  ${key}`).join('\n');
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);

  let total = 0;
  const byType = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    total += self(i);
    add(byType, type(i), self(i));
  }
  console.log(`snapshot: ${n} nodes, self total ${MiB(total)}\nby node type:\n${top(byType)}`);

  // code, closures, contexts, shared function infos -> the script they come from
  const scriptOf = new Map<number, string>(); // SharedFunctionInfo index -> script url
  const sfiScript = (sfi: number): string => {
    if (sfi < 0) return '(none)';
    let u = scriptOf.get(sfi);
    if (u !== undefined) return u;
    const script = child(sfi, 'script');
    const nameNode = script >= 0 ? child(script, 'name') : -1;
    u = nameNode >= 0 && type(nameNode) === 'string' ? name(nameNode).replace(/^https?:\/\/[^/]+/, '') || '(anonymous script)' : '(no script)';
    scriptOf.set(sfi, u);
    return u;
  };
  const owner = new Int32Array(n).fill(-1); // node -> SFI it belongs to (closure, code, context)
  for (let i = 0; i < n; i++) {
    if (type(i) !== 'closure') continue;
    const sfi = child(i, 'shared');
    owner[i] = sfi;
    const ctxNode = child(i, 'context');
    if (ctxNode >= 0 && owner[ctxNode]! < 0) owner[ctxNode] = sfi;
    const code = child(i, 'code');
    if (code >= 0 && owner[code]! < 0) owner[code] = sfi;
  }
  for (let i = 0; i < n; i++) {
    if (name(i) !== 'system / SharedFunctionInfo' && !(type(i) === 'code' && name(i).startsWith('(shared function info)'))) continue;
    if (owner[i]! < 0) owner[i] = i;
    for (let e = firstEdge[i]!; e < firstEdge[i + 1]!; e += EW) {
      const c = to(e);
      if (type(c) === 'code' && owner[c]! < 0) owner[c] = i;
    }
  }
  // machine code (InstructionStream), feedback and constants hang off the code objects above
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < n; i++) {
      if (owner[i]! < 0 || type(i) !== 'code') continue;
      for (let e = firstEdge[i]!; e < firstEdge[i + 1]!; e += EW) {
        const c = to(e);
        if (type(c) === 'code' && owner[c]! < 0) owner[c] = owner[i]!;
      }
    }
  }
  const byScript = new Map<string, number>();
  const closureByScript = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    if (owner[i]! < 0) continue;
    const url = sfiScript(owner[i]!);
    add(byScript, url, self(i));
    if (type(i) === 'closure') add(closureByScript, url, self(i));
  }
  console.log(`code + closures + contexts + function infos by script (self):\n${top(byScript)}`);
  console.log(`closures only, by script:\n${top(closureByScript, 12)}`);
  const closureByName = new Map<string, number>();
  const closureCount = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    if (type(i) !== 'closure') continue;
    const k = `${sfiScript(owner[i]!).split('/').pop()} ${name(i) || '(anon)'}`;
    add(closureByName, k, self(i));
    add(closureCount, k, 1);
  }
  console.log(`closures by script and function (self; count):\n${[...closureByName].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([k, v]) => `   ${KiB(v)}  ${String(closureCount.get(k)).padStart(6)}  ${k}`).join('\n')}`);
  const codeNames = new Map<string, number>();
  for (let i = 0; i < n; i++) if (type(i) === 'code' && owner[i]! < 0) add(codeNames, name(i).replace(/\(.*$/, '').slice(0, 60) || '(code)', self(i));
  console.log(`code not attributed to a script, by name:\n${top(codeNames, 12)}`);

  const byCtor = new Map<string, number>();
  const countCtor = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const t = type(i);
    if (t !== 'object' && t !== 'array' && t !== 'native') continue;
    const k = `${t === 'object' ? '' : `(${t}) `}${name(i).slice(0, 60)}`;
    add(byCtor, k, self(i));
    add(countCtor, k, 1);
  }
  console.log(`objects/arrays/native by constructor (self; count):\n${[...byCtor].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([k, v]) => `   ${KiB(v)}  ${String(countCtor.get(k)).padStart(6)}  ${k}`).join('\n')}`);

  const strs: number[] = [];
  for (let i = 0; i < n; i++) if (type(i) === 'string' || type(i) === 'concatenated string' || type(i) === 'sliced string') strs.push(i);
  strs.sort((a, b) => self(b) - self(a));
  console.log(`largest strings:\n${strs.slice(0, 15).map((i) => `   ${KiB(self(i))}  ${JSON.stringify(name(i).slice(0, 90))}`).join('\n')}`);

  // dominator tree (Cooper, Harvey, Kennedy) over the graph from the root (node 0), weak edges ignored
  const order = new Int32Array(n).fill(-1); // node -> post-order number
  const post: number[] = [];
  const preds: number[][] = Array.from({ length: n }, () => []);
  const stack: Array<[number, number]> = [[0, firstEdge[0]!]];
  order[0] = -2;
  while (stack.length) {
    const top2 = stack[stack.length - 1]!;
    const [v, e] = top2;
    if (e >= firstEdge[v + 1]!) {
      stack.pop();
      order[v] = post.length;
      post.push(v);
      continue;
    }
    top2[1] = e + EW;
    if (edgeType(e) === 'weak' || edgeType(e) === 'shortcut') continue;
    const c = to(e);
    preds[c]!.push(v);
    if (order[c] === -1) {
      order[c] = -2;
      stack.push([c, firstEdge[c]!]);
    }
  }
  const idom = new Int32Array(n).fill(-1);
  idom[0] = 0;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (order[a]! < order[b]!) a = idom[a]!;
      while (order[b]! < order[a]!) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let k = post.length - 2; k >= 0; k--) {
      const v = post[k]!;
      let d = -1;
      for (const p of preds[v]!) if (idom[p] !== -1) d = d === -1 ? p : intersect(p, d);
      if (d !== -1 && idom[v] !== d) {
        idom[v] = d;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(n);
  for (const v of post) retained[v]! += self(v);
  for (const v of post) if (v !== 0 && idom[v]! >= 0) retained[idom[v]!]! += retained[v]!;
  const label = (i: number) => `${type(i)} ${JSON.stringify(name(i).slice(0, 70))}${owner[i]! >= 0 ? ` [${sfiScript(owner[i]!)}]` : ''}`;
  const edgeTo = (p: number, c: number) => {
    for (let e = firstEdge[p]!; e < firstEdge[p + 1]!; e += EW) if (to(e) === c) return edgeName(e);
    return '?';
  };
  const chain = (i: number) => {
    const parts: string[] = [];
    for (let v = i, guard = 0; v !== 0 && guard < 8; guard++) {
      const d = idom[v]!;
      parts.push(`${edgeTo(d, v)}`);
      v = d;
      if (type(v) !== 'hidden' && type(v) !== 'synthetic' && guard > 1) {
        parts.push(`<${name(v).slice(0, 30)}>`);
        break;
      }
    }
    return parts.reverse().join('.');
  };
  const candidates = post.filter((v) => v !== 0 && type(v) !== 'synthetic' && type(v) !== 'hidden' && retained[v]! > 64 * 1024);
  candidates.sort((a, b) => retained[b]! - retained[a]!);
  // show nodes whose retained size is mostly not one child's (skip pure wrappers)
  const shown: number[] = [];
  for (const v of candidates) {
    if (shown.length >= TOP * 2) break;
    shown.push(v);
  }
  // plain data (objects, arrays, strings, closures) by its nearest dominator that is something else
  const plain = (i: number) => {
    const t = type(i);
    if (t === 'array' || t === 'string' || t === 'concatenated string' || t === 'sliced string' || t === 'number' || t === 'closure') return true;
    return t === 'object' && (name(i) === 'Object' || name(i) === 'Array' || name(i) === 'Map' || name(i) === 'Set' || name(i).startsWith('system /') && !name(i).startsWith('system / Context'));
  };
  const holder = new Int32Array(n).fill(-1);
  const holderOf = (v: number): number => {
    if (holder[v] !== -1) return holder[v]!;
    const d = idom[v]!;
    const h = v === 0 || d < 0 ? v : plain(d) ? holderOf(d) : d;
    holder[v] = h;
    return h;
  };
  const heldBy = new Map<string, number>();
  for (const v of post) {
    if (v === 0 || !plain(v)) continue;
    const h = holderOf(v);
    add(heldBy, `${label(h)} .${edgeTo(idom[v] === h ? h : h, v) === '?' ? '' : edgeTo(h, v)}`, self(v));
  }
  console.log(`plain data (objects, arrays, strings, closures) by the nearest other dominator (self):\n${top(heldBy, TOP * 2)}`);
  // plain data: what it holds (edge names, the first element's keys) tells which data it is
  const peek = (v: number) => {
    if (type(v) !== 'object' || (name(v) !== 'Array' && name(v) !== 'Object' && name(v) !== 'Map')) return '';
    const edges: string[] = [];
    for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e += EW) if (edgeType(e) !== 'internal' && edgeType(e) !== 'hidden') edges.push(edgeName(e));
    const first = edges.length && name(v) === 'Array' ? child(v, edges[0]!) : -1;
    const keys: string[] = [];
    if (first >= 0) for (let e = firstEdge[first]!; e < firstEdge[first + 1]! && keys.length < 8; e += EW) if (edgeType(e) === 'property') keys.push(edgeName(e));
    return `  {${edges.length} refs: ${edges.slice(0, 6).join(', ')}${keys.length ? `; [0]: ${keys.join(', ')}` : ''}}`;
  };
  console.log(`largest retained (dominator tree; self / retained; path from the dominator chain):\n${shown.map((v) => `   ${KiB(self(v))} ${KiB(retained[v]!)}  ${label(v)}  via ${chain(v)}${peek(v)}`).join('\n')}`);
}
