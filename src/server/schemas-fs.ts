/**
 * Node-side reading of schema files (core has no fs). `readSchemaFiles(root)` returns the
 * parsed module and dictionary files with their source text; `pointerToLine` maps a JSON
 * pointer back to a line for editor-style `file:line` output.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SchemaFile } from '../core/schema/load.js';

export interface SourceFile extends SchemaFile {
  /** Path relative to the working directory, forward slashes (as shown to the user). */
  file: string;
  source: string;
  /** JSON.parse failure message, if any (data is then undefined). */
  parseError?: string;
}

function readOne(full: string): SourceFile {
  const source = readFileSync(full, 'utf8');
  const file = relative(process.cwd(), full).split('\\').join('/');
  try {
    return { file, source, data: JSON.parse(source) as unknown };
  } catch (e) {
    return { file, source, data: undefined, parseError: (e as Error).message };
  }
}

function readDir(dir: string): SourceFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => readOne(join(dir, n)));
}

const readIf = (full: string): SourceFile | undefined => (existsSync(full) ? readOne(full) : undefined);

/**
 * Module and dictionary files under `root`, plus, when present, `root/registry.json`
 * (registered widgets, pages, server effects and rule checks), `root/roles.json` (seeded roles
 * and their grants), `root/menu-groups.json` (top-level menu directories) and
 * `root/dashboard.json` (what the home page and the workplace count).
 */
export function readSchemaFiles(root = 'schemas'): { modules: SourceFile[]; dicts: SourceFile[]; extensions?: SourceFile; roles?: SourceFile; menuGroups?: SourceFile; dashboard?: SourceFile } {
  const extensions = readIf(join(root, 'registry.json'));
  const roles = readIf(join(root, 'roles.json'));
  const menuGroups = readIf(join(root, 'menu-groups.json'));
  const dashboard = readIf(join(root, 'dashboard.json'));
  return {
    modules: readDir(join(root, 'modules')),
    dicts: readDir(join(root, 'dicts')),
    ...(extensions ? { extensions } : {}),
    ...(roles ? { roles } : {}),
    ...(menuGroups ? { menuGroups } : {}),
    ...(dashboard ? { dashboard } : {}),
  };
}

/** Same as readSchemaFiles, under the name docs/architecture.md uses. */
export const readSchemasFromDisk = readSchemaFiles;

/**
 * 1-based line of the value (or, for a missing last segment, of the nearest existing parent)
 * a JSON pointer designates, found by scanning the source text token by token.
 */
export function pointerToLine(source: string, pointer: string): number {
  const target = pointer === '' ? [] : pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let i = 0;
  let line = 1;
  const ws = () => {
    while (i < source.length && /\s/.test(source[i]!)) { if (source[i] === '\n') line++; i++; }
  };
  const str = (): string => {
    const start = i;
    i++;
    while (i < source.length && source[i] !== '"') { if (source[i] === '\\') i++; i++; }
    i++;
    try { return JSON.parse(source.slice(start, i)) as string; } catch { return ''; }
  };
  const skip = (): void => {
    ws();
    const c = source[i];
    if (c === '"') { str(); return; }
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      ws();
      if (source[i] === close) { i++; return; }
      for (;;) {
        ws();
        if (c === '{') { str(); ws(); i++; /* : */ }
        skip();
        ws();
        if (source[i] === ',') { i++; continue; }
        i++; // close
        return;
      }
    }
    while (i < source.length && !/[\s,\]}]/.test(source[i]!)) i++;
  };
  // descend: at each level find the member/element and stop at its value
  let found = line;
  ws();
  for (const seg of target) {
    found = line;
    const c = source[i];
    if (c !== '{' && c !== '[') return found;
    i++;
    let hit = false;
    let idx = 0;
    for (;;) {
      ws();
      if (source[i] === '}' || source[i] === ']' || i >= source.length) break;
      let key: string;
      const keyLine = line;
      if (c === '{') { key = str(); ws(); i++; ws(); } else { key = String(idx++); }
      ws();
      if (key === seg) { hit = true; found = c === '{' ? keyLine : line; break; }
      skip();
      ws();
      if (source[i] === ',') i++;
    }
    if (!hit) return found;
  }
  return found;
}
