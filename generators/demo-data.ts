/**
 * Demo rows from the module schemas on disk.
 *
 *   tsx generators/demo-data.ts <resource> [count] [--seed N] [--tenant N] [--start N] [--deps N] [--ndjson]
 *
 * Prints a JSON array (or one JSON object per line with --ndjson, streamed, for big counts).
 * Resources the requested one refers to are generated first (--deps rows each, default 10)
 * with synthetic ids, so refs and ref filters hold; only the requested resource is printed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DictSchema, ResourceSchema } from '../src/core/schema/types.js';
import { generateRows, generateRowsIter, seedOrder, type Row } from '../src/server/demo/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function readJsonDir<T>(dir: string): T[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as T);
}

function usage(msg?: string): never {
  if (msg) process.stderr.write(`${msg}\n`);
  process.stderr.write('usage: tsx generators/demo-data.ts <resource> [count] [--seed N] [--tenant N] [--start N] [--deps N] [--ndjson]\n');
  process.exit(2);
}

function main(argv: string[]): void {
  const flags: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--ndjson' || a === '-h' || a === '--help') flags[a.replace(/^-+/, '')] = true;
    else if (a.startsWith('--')) {
      const [k, v] = a.includes('=') ? a.slice(2).split('=', 2) : [a.slice(2), argv[++i]];
      if (v === undefined) usage(`missing value for --${k}`);
      flags[k!] = v;
    } else positional.push(a);
  }
  if (flags.help || flags.h) usage();
  const int = (name: string, def: number): number => {
    const v = flags[name];
    if (v === undefined) return def;
    const n = Number(v);
    if (!Number.isInteger(n)) usage(`--${name} must be an integer`);
    return n;
  };
  const resource = positional[0];
  if (!resource) usage();
  const count = positional[1] === undefined ? 10 : Number(positional[1]);
  if (!Number.isInteger(count) || count < 0) usage('count must be a non-negative integer');
  const seed = int('seed', 1);
  const tenantId = int('tenant', 1000);
  const startIndex = int('start', 0);
  const deps = int('deps', 10);

  const schemas = readJsonDir<ResourceSchema>(path.join(ROOT, 'schemas/modules'));
  const dicts = new Map(readJsonDir<DictSchema>(path.join(ROOT, 'schemas/dicts')).map((d) => [d.code, d]));
  const target = schemas.find((s) => s.name === resource);
  if (!target) usage(`unknown resource "${resource}"; known: ${schemas.map((s) => s.name).join(', ')}`);

  // the target's transitive ref targets, generated in dependency order with synthetic ids
  const byName = new Map(schemas.map((s) => [s.name, s]));
  const needed = new Set<string>();
  const collect = (s: ResourceSchema) => {
    for (const f of s.fields) {
      const t = f.ref?.resource;
      if (t && t !== s.name && !needed.has(t) && byName.has(t)) {
        needed.add(t);
        collect(byName.get(t)!);
      }
    }
  };
  collect(target);
  const refRows: Record<string, Row[]> = {};
  seedOrder(schemas.filter((s) => needed.has(s.name))).forEach((s, si) => {
    refRows[s.name] = generateRows(s, deps, { seed, tenantId, dicts, refRows })
      .map((r, i) => ({ id: `1${String(si + 1).padStart(3, '0')}${String(i + 1).padStart(15, '0')}`, ...r }));
  });

  const opts = { seed, tenantId, dicts, refRows, startIndex };
  if (flags.ndjson) {
    let buf = '';
    for (const row of generateRowsIter(target, count, opts)) {
      buf += JSON.stringify(row) + '\n';
      if (buf.length > 1 << 16) {
        process.stdout.write(buf);
        buf = '';
      }
    }
    process.stdout.write(buf);
  } else {
    process.stdout.write(JSON.stringify(generateRows(target, count, opts), null, 2) + '\n');
  }
}

main(process.argv.slice(2));
