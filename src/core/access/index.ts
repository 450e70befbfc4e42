/**
 * The one access rule, shared by the server's checks and the console's menus, buttons, row
 * actions, columns and form fields:
 *
 *   can(grants, { resource, action, field?, record? }, schemas) → { ok, code, reason? }
 *
 * - A grant is a permission code `<prefix>:<action>`. A caller holds a code when a role of
 *   theirs grants it, when they hold every code (the platform's super administrator), or when
 *   the code's rule is switched off: its registered button entry has status '0'.
 * - The code of an action comes from the resource (queryById and childList are covered by
 *   list; a transition or action may name its own). A child resource without a menu has no
 *   codes of its own: reads need the parent's list, writes the parent's edit, Excel export and
 *   import the parent's.
 * - With `record`, a transition is allowed only from one of its `from` states.
 * - A `readOnly` resource (written by the server only) allows no write, whoever asks.
 * - With `field`, the action is `view` or `edit` of that field (`permission.view/edit`); editing
 *   needs viewing.
 */
import { requiredPermission } from '../projections/menu.js';
import { canEditField, canViewField, transitionAllowedFor } from '../projections/access.js';
import type { ResourceSchema } from '../schema/types.js';
import { WRITE_ACTIONS } from '../schema/naming.js';

export interface Grants {
  /** Codes the caller's roles grant. */
  readonly owned: ReadonlySet<string>;
  /** Codes whose rule is switched off (button entry with status '0'): everyone holds them. */
  readonly open: ReadonlySet<string>;
  /** Holds every code. */
  readonly all: boolean;
}

export const NO_GRANTS: Grants = { owned: new Set(), open: new Set(), all: false };

export function grantsOf(owned: Iterable<string>, opts: { open?: Iterable<string>; all?: boolean } = {}): Grants {
  return { owned: new Set(owned), open: new Set(opts.open ?? []), all: opts.all === true };
}

/** A JeecgBoot button-permission entry (`auth` / `allAuth` of the permission answer). */
export interface AuthEntry {
  action?: string | null;
  type?: string | number | null;
  status?: string | number | null;
  describe?: string;
}

const actionsOf = (e: AuthEntry) => String(e.action ?? '').split(',').map((s) => s.trim()).filter(Boolean);
/** Type '2' entries are "disable" rules, not grants. */
const grantsEntry = (e: AuthEntry) => String(e.type ?? '') !== '2';

/** The grants the permission answer describes: `auth` (the user's codes) and `allAuth` (every registered code with its status). */
export function grantsFromAuth(auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): Grants {
  return grantsOf(auth.filter(grantsEntry).flatMap(actionsOf), {
    open: allAuth.filter((e) => grantsEntry(e) && String(e.status) === '0').flatMap(actionsOf),
  });
}

/** Does the caller hold `code`? The empty code (an action declared without one) is everyone's. */
export function holds(g: Grants, code: string): boolean {
  return code === '' || g.all || g.owned.has(code) || g.open.has(code);
}

/** Finds schemas by name and the parent whose `children` names a resource. */
export interface SchemaLookup {
  resource(name: string): ResourceSchema | undefined;
  parentOf(name: string): ResourceSchema | undefined;
}

export function lookupOf(schemas: Iterable<ResourceSchema>): SchemaLookup {
  const byName = new Map<string, ResourceSchema>();
  const parents = new Map<string, ResourceSchema>();
  for (const s of schemas) byName.set(s.name, s);
  for (const s of byName.values()) for (const c of s.children ?? []) if (!parents.has(c.resource)) parents.set(c.resource, s);
  return { resource: (n) => byName.get(n), parentOf: (n) => parents.get(n) };
}

const CRUD_READ = new Set(['list', 'queryById', 'childList']);
const CRUD_WRITE = new Set(['add', 'edit', 'delete', 'deleteBatch']);

/** The code an action of a resource needs ('' when declared without one). */
export function codeFor(schema: ResourceSchema, action: string, lookup: SchemaLookup): string {
  const parent = schema.menu ? undefined : lookup.parentOf(schema.name);
  if (parent && CRUD_READ.has(action)) return requiredPermission(parent, 'list');
  if (parent && CRUD_WRITE.has(action)) return requiredPermission(parent, 'edit');
  if (parent && (action === 'exportXls' || action === 'importExcel')) return requiredPermission(parent, action);
  return requiredPermission(schema, action);
}

export interface AccessRequest {
  resource: string;
  /** A CRUD action, exportXls / importExcel, a transition or action name; with `field`: 'view' | 'edit'. */
  action: string;
  field?: string;
  /** The stored record a transition would apply to. */
  record?: Record<string, unknown>;
}

export interface AccessDecision {
  ok: boolean;
  /** The code that decided ('' when none is needed). */
  code: string;
  /** Chinese reason when refused. */
  reason?: string;
}

/** Why a person cannot take a `system` transition (only the server's effects take it). */
export const systemTransitionReason = (t: { title: string }) => `「${t.title}」由系统自动执行，不能手动操作`;

export function can(grants: Grants, req: AccessRequest, lookup: SchemaLookup): AccessDecision {
  const schema = lookup.resource(req.resource);
  if (!schema) return { ok: false, code: '', reason: `未知资源：${req.resource}` };
  const has = (c: string) => holds(grants, c);

  if (req.field !== undefined) {
    const f = schema.fields.find((x) => x.key === req.field);
    if (!f) return { ok: false, code: '', reason: `未知字段：${req.field}` };
    const code = (req.action === 'edit' ? f.permission?.edit ?? f.permission?.view : f.permission?.view) ?? '';
    const ok = req.action === 'edit' ? canEditField(f, has) : canViewField(f, has);
    return ok ? { ok, code } : { ok, code, reason: `没有权限${req.action === 'edit' ? '修改' : '查看'}字段：${f.title}` };
  }

  const code = codeFor(schema, req.action, lookup);
  if (schema.readOnly && WRITE_ACTIONS.has(req.action)) return { ok: false, code, reason: `${schema.title}由系统记录，不能修改` };
  if (!has(code)) return { ok: false, code, reason: `没有权限：${code}` };
  const t = schema.states?.transitions.find((x) => x.action === req.action);
  if (t?.system) return { ok: false, code, reason: systemTransitionReason(t) };
  if (t && req.record && !transitionAllowedFor(schema, t, req.record)) {
    return { ok: false, code, reason: `当前状态不允许执行「${t.title}」` };
  }
  return { ok: true, code };
}
