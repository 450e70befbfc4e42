/**
 * Reads and checks a schemas root: modules + dicts into a Registry, and roles.json +
 * menu-groups.json into the access data the seed and the schema sync apply (fails on any error).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSchemaFiles } from './schemas-fs.js';
import { loadAccessData, type AccessData } from '../core/schema/access-data.js';
import { loadDashboard, type DashboardSpec } from '../core/schema/dashboard.js';
import { loadRegistry, type Problem } from '../core/schema/load.js';
import type { Registry } from '../core/schema/registry.js';

export const DEFAULT_SCHEMAS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas');

const describe = (problems: Problem[]) => problems.map((p) => `${p.file}${p.path ? ` ${p.path}` : ''}: ${p.message}`).join('\n');

export function loadSchemaRoot(root = DEFAULT_SCHEMAS_DIR): { registry: Registry; access: AccessData; dashboard?: DashboardSpec } {
  const { modules, dicts, roles, menuGroups, dashboard: dashboardFile } = readSchemaFiles(root);
  const broken = [...modules, ...dicts, ...(roles ? [roles] : []), ...(menuGroups ? [menuGroups] : []), ...(dashboardFile ? [dashboardFile] : [])].filter((f) => f.parseError);
  if (broken.length > 0) throw new Error(`模块定义不是合法的 JSON：\n${broken.map((f) => `${f.file}: ${f.parseError}`).join('\n')}`);
  const { registry, problems } = loadRegistry(modules, dicts);
  const loaded = loadAccessData(registry, roles, menuGroups);
  const dashboard = loadDashboard(registry, dashboardFile);
  const errors = [...problems, ...loaded.problems, ...dashboard.problems].filter((p) => p.severity === 'error');
  if (errors.length > 0) throw new Error(`模块定义有误：\n${describe(errors)}`);
  return { registry, access: loaded.data, ...(dashboard.data ? { dashboard: dashboard.data } : {}) };
}

export function loadSchemas(root = DEFAULT_SCHEMAS_DIR): Registry {
  return loadSchemaRoot(root).registry;
}
