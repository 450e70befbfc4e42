/** Loads the project's schemas from disk into a Registry (generators that need all modules). */
import { loadRegistry, type Problem } from '../src/core/schema/load.js';
import type { Registry } from '../src/core/schema/registry.js';
import { readSchemaFiles } from './schemas-fs.js';

export function loadProjectRegistry(root = 'schemas'): { registry: Registry; errors: Problem[] } {
  const { modules, dicts, extensions } = readSchemaFiles(root);
  const broken = [...modules, ...dicts, ...(extensions ? [extensions] : [])].filter((f) => f.parseError);
  const { registry, problems } = loadRegistry(modules.filter((f) => !f.parseError), dicts.filter((f) => !f.parseError), extensions && !extensions.parseError ? extensions : undefined);
  const errors = [...broken.map((f) => ({ file: f.file, path: '', message: `JSON 解析失败：${f.parseError!}`, severity: 'error' as const })), ...problems.filter((p) => p.severity === 'error')];
  return { registry, errors };
}
