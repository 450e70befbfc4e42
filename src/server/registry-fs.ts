/**
 * Loads a schemas root from disk into a Registry, keeping every problem (the generators report
 * them): modules, dictionaries, registry.json, and roles.json / menu-groups.json checked against it.
 */
import { loadAccessData } from '../core/schema/access-data.js';
import { loadRegistry, type Problem } from '../core/schema/load.js';
import type { Registry } from '../core/schema/registry.js';
import { readSchemaFiles } from './schemas-fs.js';

export function loadProjectRegistry(root = 'schemas'): { registry: Registry; errors: Problem[] } {
  const { modules, dicts, extensions, roles, menuGroups } = readSchemaFiles(root);
  const broken = [...modules, ...dicts, ...[extensions, roles, menuGroups].filter((f) => f !== undefined)].filter((f) => f.parseError);
  const { registry, problems } = loadRegistry(modules.filter((f) => !f.parseError), dicts.filter((f) => !f.parseError), extensions && !extensions.parseError ? extensions : undefined);
  const access = loadAccessData(registry, roles && !roles.parseError ? roles : undefined, menuGroups && !menuGroups.parseError ? menuGroups : undefined);
  const errors = [
    ...broken.map((f) => ({ file: f.file, path: '', message: `JSON 解析失败：${f.parseError!}`, severity: 'error' as const })),
    ...[...problems, ...access.problems].filter((p) => p.severity === 'error'),
  ];
  return { registry, errors };
}
