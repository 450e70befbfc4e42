/**
 * `virtual:menu-starts`: menu path -> the module's first calls (core firstListStart: its name,
 * default list call and dictionaries) for every schema with a menu block, computed at build time
 * from schemas/modules, so the console can start a module's requests from the address alone
 * (app/earlyStart.ts) without bundling the schemas themselves. The console's build and the unit
 * tests (vitest.config.ts) both resolve it here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { firstListStart, type FirstListStart } from '../src/core/projections/firstList';
import type { ResourceSchema } from '../src/core/schema/types';

const MODULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../schemas/modules');

export function menuStarts(): Plugin {
  const id = 'virtual:menu-starts';
  return {
    name: 'menu-starts',
    resolveId: (s) => (s === id ? `\0${id}` : undefined),
    load(s) {
      if (s !== `\0${id}`) return undefined;
      const map: Record<string, FirstListStart> = {};
      for (const { file, schema } of menuSchemas()) {
        this.addWatchFile(file);
        map[schema.menu!.path] = firstListStart(schema);
      }
      return `export default ${JSON.stringify(map)};`;
    },
  };
}

/** The module schemas with a menu block (the engine's list pages), read from schemas/modules. */
export function menuSchemas(): Array<{ file: string; schema: ResourceSchema }> {
  return readdirSync(MODULES_DIR).filter((n) => n.endsWith('.json')).sort()
    .map((n) => ({ file: join(MODULES_DIR, n), schema: JSON.parse(readFileSync(join(MODULES_DIR, n), 'utf8')) as ResourceSchema }))
    .filter((m) => m.schema.menu?.path);
}
