/**
 * The server bundle checks schema files with the meta-schema validators precompiled at build
 * time (ajv standalone code): it compiles none at start, and each says of every document —
 * the catalogue's own files, the linter's broken fixtures, and broken variants of them — what
 * the validators compiled from the same meta-schemas say, error for error (the Chinese
 * messages are made from those errors).
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, expect, test } from 'vitest';
import { precompiledMetaValidators } from '../../generators/server-bundle.js';
import { compileMetaValidators, type MetaName, type MetaValidators } from '../../src/core/schema/meta-validators.js';
import { ROOT } from '../e2e/harness.js';

const json = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;
const jsonFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => json(join(dir, f))) : []);

/** The documents each meta-schema judges: the catalogue's and every lint fixture's. */
function documents(): Record<MetaName, unknown[]> {
  const roots = [join(ROOT, 'schemas'), ...readdirSync(join(ROOT, 'tests/fixtures/lint')).map((d) => join(ROOT, 'tests/fixtures/lint', d))];
  const docs: Record<MetaName, unknown[]> = { resource: [], dict: [], registry: [], dashboard: [], roles: [], menuGroups: [] };
  for (const r of roots) {
    docs.resource.push(...jsonFiles(join(r, 'modules')));
    docs.dict.push(...jsonFiles(join(r, 'dicts')));
    for (const [name, file] of [['registry', 'registry.json'], ['dashboard', 'dashboard.json'], ['roles', 'roles.json'], ['menuGroups', 'menu-groups.json']] as const) {
      if (existsSync(join(r, file))) docs[name].push(json(join(r, file)));
    }
  }
  return docs;
}

/** Broken variants of a document: an unknown key, each top-level key missing, wrong types, long and empty strings, a bad first item. */
function variants(doc: unknown): unknown[] {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return [doc, 7, null];
  const o = doc as Record<string, unknown>;
  const out: unknown[] = [doc, { ...o, zzUnknown: 1 }];
  for (const k of Object.keys(o)) {
    const { [k]: _, ...rest } = o;
    out.push(rest, { ...o, [k]: 12345 }, { ...o, [k]: '' }, { ...o, [k]: '长'.repeat(300) }, { ...o, [k]: [] }, { ...o, [k]: {} });
    const v = o[k];
    if (Array.isArray(v) && v.length && v[0] && typeof v[0] === 'object') {
      const first = v[0] as Record<string, unknown>;
      for (const fk of Object.keys(first)) out.push({ ...o, [k]: [{ ...first, [fk]: 'zz-bad' }, ...v.slice(1)] }, { ...o, [k]: [{ ...first, [fk]: -1 }, ...v.slice(1)] });
    }
  }
  return out;
}

const cache = join(ROOT, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'meta-validators-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the bundled meta-schema validators are precompiled and judge every document as the compiled ones do', async () => {
  const out = await build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, 'src/core/schema/meta-validators.ts')],
    bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', write: false, logLevel: 'error',
    plugins: [precompiledMetaValidators],
  });
  const file = join(dir, 'bundle.mjs');
  writeFileSync(file, out.outputFiles[0]!.text);
  const bundled = (await import(pathToFileURL(file).href)) as { metaValidator: (n: MetaName) => MetaValidators[MetaName] };
  const compiled = compileMetaValidators();

  let judged = 0;
  let refused = 0;
  for (const [name, docs] of Object.entries(documents()) as Array<[MetaName, unknown[]]>) {
    const pre = bundled.metaValidator(name);
    // ajv attaches the compiled schema's environment to what it compiles; standalone code has none
    expect((pre as { schemaEnv?: unknown }).schemaEnv, name).toBeUndefined();
    expect((compiled[name] as { schemaEnv?: unknown }).schemaEnv, name).toBeDefined();
    expect(docs.length, name).toBeGreaterThan(0);
    for (const doc of docs.flatMap(variants)) {
      const ok = compiled[name](doc);
      expect(pre(doc), name).toBe(ok);
      expect(pre.errors ?? null, name).toEqual(compiled[name].errors ?? null);
      judged++;
      if (!ok) refused++;
    }
  }
  // the comparison covered refusals, not only valid documents
  expect(refused).toBeGreaterThan(judged / 2);
}, 120_000);
