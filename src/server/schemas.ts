/** Reads and checks schemas/modules + schemas/dicts into a Registry (fails on any schema error). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSchemaFiles } from './schemas-fs.js';
import { loadRegistry } from '../core/schema/load.js';
import type { Registry } from '../core/schema/registry.js';

export const DEFAULT_SCHEMAS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas');

export function loadSchemas(root = DEFAULT_SCHEMAS_DIR): Registry {
  const { modules, dicts } = readSchemaFiles(root);
  const broken = [...modules, ...dicts].filter((f) => f.parseError);
  if (broken.length > 0) throw new Error(`模块定义不是合法的 JSON：\n${broken.map((f) => `${f.file}: ${f.parseError}`).join('\n')}`);
  const { registry, problems } = loadRegistry(modules, dicts);
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    throw new Error(`模块定义有误：\n${errors.map((p) => `${p.file}${p.path ? ` ${p.path}` : ''}: ${p.message}`).join('\n')}`);
  }
  return registry;
}
