/**
 * The two data files beside the modules: `schemas/roles.json` (the seeded roles and their
 * explicit grants) and `schemas/menu-groups.json` (the top-level menu directories). Both are
 * checked against their meta-schema and against the registry: every module with a menu names
 * a declared group, every granted module has a menu, every granted action and extra code
 * exists. Grants resolve to permission codes here, so the seed and the schema sync agree.
 */
import type { ValidateFunction } from 'ajv';
import { metaValidator } from './meta-validators.js';
import { ajvProblems } from './ajv-messages.js';
import type { Problem, SchemaFile } from './load.js';
import { permissionCodes } from '../projections/menu.js';
import { permissionCode, pointer } from './naming.js';
import type { Registry } from './registry.js';
import type { ResourceSchema } from './types.js';

export interface MenuGroupSpec {
  /** Stable identity of the directory (its url is `/<key>`); the title may change. */
  key: string;
  title: string;
  icon: string;
  order: number;
}

/** Module name -> '*' (every code of the module) or action names. */
export type ModuleGrants = Record<string, '*' | string[]>;

export interface RoleSpec {
  code: string;
  name: string;
  tenant: number;
  description?: string;
  /** '*': every code of every module. */
  grants: '*' | ModuleGrants;
  /** Extra permission codes (declared by some module). */
  codes?: string[];
}

export interface AccessData {
  roles: RoleSpec[];
  menuGroups: MenuGroupSpec[];
}

function meta(file: SchemaFile, validate: ValidateFunction, problems: Problem[]): boolean {
  if (validate(file.data)) return true;
  for (const p of ajvProblems(validate.errors ?? [])) problems.push({ file: file.file, path: p.path, message: p.message, severity: 'error' });
  return false;
}

/** Action name -> permission code of every permission-bearing action of a module. */
export function actionCodes(schema: ResourceSchema): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of ['list', 'add', 'edit', 'delete', 'deleteBatch']) out.set(a, permissionCode(schema, a));
  if (schema.list?.export) out.set('exportXls', permissionCode(schema, 'exportXls'));
  if (schema.list?.import) out.set('importExcel', permissionCode(schema, 'importExcel'));
  for (const t of schema.states?.transitions ?? []) out.set(t.action, t.permission ?? permissionCode(schema, t.action));
  for (const a of schema.actions ?? []) if (a.permission !== false) out.set(a.action, a.permission ?? permissionCode(schema, a.action));
  return out;
}

/** Modules that carry their own permission codes: those with a menu entry (children use their parent's). */
const granted = (registry: Registry) => [...registry.resources.values()].filter((s) => s.menu);

/** The permission codes a role is granted by its file entry. */
export function roleCodes(role: RoleSpec, registry: Registry): Set<string> {
  const out = new Set<string>();
  if (role.grants === '*') {
    for (const s of granted(registry)) for (const p of permissionCodes(s)) out.add(p.code);
  } else {
    for (const [name, actions] of Object.entries(role.grants)) {
      const s = registry.resources.get(name);
      if (!s?.menu) continue;
      if (actions === '*') for (const p of permissionCodes(s)) out.add(p.code);
      else {
        const codes = actionCodes(s);
        for (const a of actions) if (codes.has(a)) out.add(codes.get(a)!);
      }
    }
  }
  for (const c of role.codes ?? []) out.add(c);
  return out;
}

/**
 * Checks roles.json and menu-groups.json (either may be absent: no roles are seeded, and
 * groups then come from the modules alone, ordered by their items).
 */
export function loadAccessData(registry: Registry, roles?: SchemaFile, groups?: SchemaFile): { data: AccessData; problems: Problem[] } {
  const problems: Problem[] = [];
  const data: AccessData = { roles: [], menuGroups: [] };
  const v = { groups: metaValidator('menuGroups'), roles: metaValidator('roles') };
  if (groups && meta(groups, v.groups, problems)) {
    data.menuGroups = (groups.data as { groups: MenuGroupSpec[] }).groups;
    const seen = new Map<string, string>();
    data.menuGroups.forEach((g, i) => {
      for (const [what, value] of [['key', g.key], ['title', g.title]] as const) {
        const k = `${what}\u0000${value}`;
        if (seen.has(k)) problems.push({ file: groups.file, path: pointer('groups', i, what), message: `菜单分组的 ${what} "${value}" 重复`, severity: 'error' });
        seen.set(k, value);
      }
    });
    const titles = new Set(data.menuGroups.map((g) => g.title));
    for (const s of registry.resources.values()) {
      if (s.menu && !titles.has(s.menu.group)) {
        problems.push({ file: groups.file, path: '', message: `模块 "${s.name}" 的菜单分组 "${s.menu.group}" 未在 menu-groups.json 中声明`, severity: 'error' });
      }
    }
  }
  if (roles && meta(roles, v.roles, problems)) {
    data.roles = (roles.data as { roles: RoleSpec[] }).roles;
    const known = new Set(granted(registry).flatMap((s) => permissionCodes(s).map((p) => p.code)));
    const seen = new Set<string>();
    data.roles.forEach((r, ri) => {
      const at = (...seg: Array<string | number>) => pointer('roles', ri, ...seg);
      const key = `${r.tenant}\u0000${r.code}`;
      if (seen.has(key)) problems.push({ file: roles.file, path: at('code'), message: `角色 "${r.code}" 在租户 ${r.tenant} 中重复`, severity: 'error' });
      seen.add(key);
      const err = (path: string, message: string) => problems.push({ file: roles.file, path, message: `角色 "${r.code}"：${message}`, severity: 'error' });
      if (r.grants !== '*') {
        for (const [name, actions] of Object.entries(r.grants)) {
          const s = registry.resources.get(name);
          // a removed module's grants are left in place (its menu is hidden, not deleted)
          if (!s) { problems.push({ file: roles.file, path: at('grants', name), message: `角色 "${r.code}"：模块 "${name}" 不存在`, severity: 'warning' }); continue; }
          if (!s.menu) { err(at('grants', name), `模块 "${name}" 没有菜单，不单独授权（子表随主表的权限）`); continue; }
          if (actions === '*') continue;
          const codes = actionCodes(s);
          actions.forEach((a, ai) => {
            if (!codes.has(a)) err(at('grants', name, ai), `模块 "${name}" 没有动作 "${a}"（可选：${[...codes.keys()].join('、')}）`);
          });
        }
      }
      (r.codes ?? []).forEach((c, ci) => {
        if (!known.has(c)) err(at('codes', ci), `权限编码 "${c}" 不是任何模块声明的编码`);
      });
    });
  }
  return { data, problems };
}
