/**
 * The layering docs/architecture.md states, checked on every import under src/: core imports
 * only core, the schemas' JSON and packages (no node: built-ins, it runs in the browser too);
 * the client and the server never import each other; nothing under src/ imports generators/
 * (the generators import the server's schema reading and demo data, not the reverse).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

/** Every import specifier of a file (static, re-export and dynamic). */
function specifiers(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:^|\s)(?:import|export)\s[^'";]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gm)) out.push((m[1] ?? m[2] ?? m[3])!);
  return out;
}

/** Top-level area of a resolved path: src/core, src/client, src/server, generators, schemas, ... */
function area(abs: string): string {
  const rel = path.relative(ROOT, abs).split(path.sep);
  return rel[0] === 'src' ? `src/${rel[1]}` : rel[0]!;
}

interface Edge { from: string; spec: string; to: string }
function edges(folder: string): Edge[] {
  return files(path.join(ROOT, folder)).flatMap((f) =>
    specifiers(f).map((spec) => ({
      from: path.relative(ROOT, f),
      spec,
      to: spec.startsWith('.') ? area(path.resolve(path.dirname(f), spec)) : spec.startsWith('node:') ? 'node' : 'package',
    })),
  );
}

describe('layering of src/', () => {
  it('finds the imports it checks', () => {
    const server = edges('src/server');
    expect(server.some((e) => e.to === 'src/core')).toBe(true);
    expect(server.some((e) => e.to === 'node')).toBe(true);
  });

  it('core imports only core, the schemas and packages', () => {
    const bad = edges('src/core').filter((e) => !['src/core', 'schemas', 'package'].includes(e.to));
    expect(bad.map((e) => `${e.from} -> ${e.spec}`)).toEqual([]);
  });

  it('the client and the server do not import each other, and nothing imports generators/', () => {
    const bad = [
      ...edges('src/client').filter((e) => e.to === 'src/server' || e.to === 'generators'),
      ...edges('src/server').filter((e) => e.to === 'src/client' || e.to === 'generators'),
    ];
    expect(bad.map((e) => `${e.from} -> ${e.spec}`)).toEqual([]);
  });
});

/** Module names (schemas/modules) quoted in code, comments left out. */
function namedModules(file: string, modules: ReadonlySet<string>): string[] {
  const code = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(/['"`]([A-Za-z][A-Za-z0-9]*)['"`]/g)].map((m) => m[1]!).filter((s) => modules.has(s));
}

describe('the engine names no module', () => {
  const modules = new Set(fs.readdirSync(path.join(ROOT, 'schemas/modules')).map((f) => f.replace(/\.json$/, '')));
  // the generic parts: schema language and projections, the engine's React, the shell, the
  // server's list, write and option routes, tables, tenancy. Effects, demo data, the system
  // pages' own routes and hand-written pages (decoration) know their modules.
  const engine = ['src/core', 'src/client/engine', 'src/client/app', 'src/client/shell', 'src/server/resources', 'src/server/db', 'src/server/tenancy', 'src/server/protocol', 'src/server/system/ref-options.ts']
    .flatMap((d) => (d.endsWith('.ts') ? [path.join(ROOT, d)] : files(path.join(ROOT, d))))
    .filter((f) => !f.includes(`${path.sep}decoration${path.sep}`) && !path.basename(f).startsWith('seed'));

  it('finds module names where they are quoted', () => {
    const probe = path.join(ROOT, 'src/server/db/seed-lang.ts');
    expect(namedModules(probe, modules)).toContain('sysRegion');
    expect(engine.length).toBeGreaterThan(100);
  });

  it('no module name is quoted in the engine (a module is found by what it declares, e.g. `serves`)', () => {
    const bad = engine.flatMap((f) => namedModules(f, modules).map((n) => `${path.relative(ROOT, f)}: ${n}`));
    expect(bad).toEqual([]);
  });
});
