/**
 * Data rules (数据规则, JeecgBoot sys_permission_data_rule): a menu page's rules limit the rows
 * of its resource for the roles that selected them in the 授权 drawer (sys_role_permission
 * `data_rule_ids`) and for the department roles that selected them (sys_depart_role_permission
 * `data_rule_ids`, while the department still holds the menu). Every reader builds its WHERE through `scopedFrom`: the tenant, then every
 * active rule of the caller (all rules must hold). The rules a session selected are read once per
 * cached session (auth/session.ts) and resource, and live exactly as long as that session object:
 * every write that changes rules, grants of rules, roles or menus drops the cached sessions on
 * every instance through the bus (sessions.drop), so a change applies to the next call everywhere.
 * Variables (#{sys_date}, #{sys_org_code}, ...) are resolved per call.
 *
 * A rule names a field of the page's resource (or createBy/createTime/updateBy/updateTime/id);
 * its value may use the variables below. A rule whose field the schema no longer has matches
 * no row (refusing is safer than ignoring). Writes of rules are checked by the `checkDataRules`
 * effect: an unknown field or variable is refused naming the field.
 */
import { PostgresAdapter, sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DialectName } from '../db/connection.js';
import type { SessionUser } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { nowText } from '../db/ids.js';
import { badRequest } from '../errors.js';
import { dropSessionsAfterCommit, type Effects } from './effects.js';
import { SYSTEM_COLS, type ResourceModel } from './model.js';
import { member } from './query.js';
import { PreparedQuery } from '../db/prepared.js';

export const DATA_RULE_TABLE = 'sys_permission_data_rule';

/** Component of the menu page that shows a resource's generic list. */
export const resourceComponent = (name: string) => `resource/${name}`;

export const RULE_CONDITIONS = ['=', '!=', '>', '>=', '<', '<=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE'] as const;
type Condition = (typeof RULE_CONDITIONS)[number];

/** Variables a rule value may contain, resolved for the caller. */
export const RULE_VARIABLES = ['sys_user_code', 'sys_org_code', 'sys_date', 'sys_time'] as const;
const VARIABLE = /#\{([^}]*)\}/g;

/** System columns a rule may name besides the declared fields. */
const RULE_SYSTEM_KEYS = new Set(['id', 'createBy', 'createTime', 'updateBy', 'updateTime']);

export interface ActiveRule {
  /** null: the field is gone from the schema, the rule matches nothing. */
  column: string | null;
  multi: boolean;
  numeric: boolean;
  op: Condition;
  value: string;
}

/** Which rows a reader sees: the tenant acted on and the caller's data rules on this resource. */
export interface RowScope {
  tenantId: number;
  rules: ActiveRule[];
}

export type ScopeArg = number | RowScope;
export const scopeOf = (s: ScopeArg): RowScope => (typeof s === 'number' ? { tenantId: s, rules: [] } : s);

/** Column facts of a rule's field in a model, or null when the model has no such readable field. */
export function ruleColumn(m: ResourceModel, key: string): { column: string; multi: boolean; numeric: boolean } | null {
  const f = m.byKey.get(key);
  if (f && !f.secret) return { column: f.column, multi: f.multi, numeric: f.storage === 'integer' || f.storage === 'real' };
  const s = SYSTEM_COLS.find((c) => c.key === key);
  if (s && RULE_SYSTEM_KEYS.has(key)) return { column: s.column, multi: false, numeric: false };
  return null;
}

/** Unknown `#{...}` variables of a rule value. */
export function unknownVariables(value: string): string[] {
  return [...value.matchAll(VARIABLE)].map((x) => x[1]!).filter((v) => !(RULE_VARIABLES as readonly string[]).includes(v));
}

function resolveValue(value: string, vars: Record<string, string>): string {
  return value.replace(VARIABLE, (_, name: string) => vars[name] ?? '');
}

/** True when the comma list `list` holds `id` (on both dialects; a LIKE would read `_` in an id as a wildcard). */
function listHolds(dialect: DialectName, list: string, id: string): RawBuilder<SqlBool> {
  const find = dialect === 'postgres' ? sql.raw('strpos') : sql.raw('instr');
  return sql<SqlBool>`${find}(',' || ${sql.ref(list)} || ',', ',' || ${sql.ref(id)} || ',') > 0`;
}

/**
 * `col` names one of the resource's menu pages (found by component). The pages are read first,
 * once per statement, so each grant table is probed by (role, page) through its index: on
 * PostgreSQL an array of the ids (`= any(array(...))`; as a join the generic plan walked every
 * department-role grant of the tenant, 0.3 ms instead of 0.06), on SQLite an IN list it fills once.
 */
function onPages(db: Kysely<any>, dialect: DialectName, col: string, component: string): RawBuilder<SqlBool> {
  const pages = db.selectFrom('sys_permission').select('id').where('component', '=', component).where('del_flag', '=', 0);
  return dialect === 'postgres' ? sql<SqlBool>`${sql.ref(col)} = any(array(${pages}))` : sql<SqlBool>`${sql.ref(col)} in (${pages})`;
}

/**
 * The active rules the caller's roles and department roles (while the department still holds
 * the menu) selected on the resource's menu pages, in one round trip compiled once per dialect:
 * the pages found by component (onPages), each grant's `data_rule_ids` matched against the rules
 * of the page it was made on. On PostgreSQL the text runs as a named statement (db/pg-named.ts), so
 * its plan is not made again on every call.
 */
const RULES = new PreparedQuery<[tenantId: number, userId: string, component: string], RuleRow>((db, tenantId, userId, component) => {
  const dialect: DialectName = db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  const roles = db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', (j) => j.onRef('r.id', '=', 'ur.role_id').on('r.tenant_id', '=', tenantId!))
    .innerJoin('sys_role_permission as rp', 'rp.role_id', 'ur.role_id')
    .innerJoin(`${DATA_RULE_TABLE} as dr`, (j) => j.onRef('dr.permission_id', '=', 'rp.permission_id').on('dr.status', '=', '1').on(listHolds(dialect, 'rp.data_rule_ids', 'dr.id')))
    .select(['dr.id as id', 'dr.rule_column as rule_column', 'dr.rule_conditions as rule_conditions', 'dr.rule_value as rule_value'])
    .where('ur.user_id', '=', userId!)
    .where(onPages(db, dialect, 'rp.permission_id', component!));
  const departRoles = db
    .selectFrom('sys_depart_role_user as ru')
    .innerJoin('sys_depart_role as r', (j) => j.onRef('r.id', '=', 'ru.drole_id').on('r.tenant_id', '=', tenantId!))
    .innerJoin('sys_depart_role_permission as rp', 'rp.role_id', 'r.id')
    .innerJoin('sys_depart_permission as dp', (j) => j.onRef('dp.depart_id', '=', 'r.depart_id').onRef('dp.permission_id', '=', 'rp.permission_id'))
    .innerJoin(`${DATA_RULE_TABLE} as dr`, (j) => j.onRef('dr.permission_id', '=', 'rp.permission_id').on('dr.status', '=', '1').on(listHolds(dialect, 'rp.data_rule_ids', 'dr.id')))
    .select(['dr.id as id', 'dr.rule_column as rule_column', 'dr.rule_conditions as rule_conditions', 'dr.rule_value as rule_value'])
    .where('ru.user_id', '=', userId!)
    .where(onPages(db, dialect, 'rp.permission_id', component!));
  return roles.unionAll(departRoles);
}, 3);

interface RuleRow {
  id: unknown;
  rule_column: unknown;
  rule_conditions: unknown;
  rule_value: unknown;
}

/**
 * The rule rows a session selected, per component, kept on the session object itself: it is
 * dropped (and these with it) by every write that changes them, on every instance (sessions.drop).
 */
const SELECTED = new WeakMap<SessionUser, Map<string, RuleRow[]>>();

async function selectedRules(ctx: AppContext, user: SessionUser, component: string): Promise<RuleRow[]> {
  let byComponent = SELECTED.get(user);
  const hit = byComponent?.get(component);
  if (hit) return hit;
  const found = await RULES.execute(ctx.database.db, user.tenantId, user.id, component);
  if (!byComponent) SELECTED.set(user, (byComponent = new Map()));
  byComponent.set(component, found);
  return found;
}

/** The caller's scope on a resource: its tenant and the rules its roles selected on the resource's menu pages. */
export async function rowScope(ctx: AppContext, m: ResourceModel, tenantId: number, user: SessionUser): Promise<RowScope> {
  const { db } = ctx.database;
  const found = await selectedRules(ctx, user, resourceComponent(m.name));
  if (!found.length) return { tenantId, rules: [] };
  // a rule selected by several roles holds once
  const rows = [...new Map(found.map((r) => [String(r.id), r])).values()];
  const vars: Record<string, string> = { sys_user_code: user.username, sys_date: nowText().slice(0, 10), sys_time: nowText() };
  if (rows.some((r) => String(r.rule_value ?? '').includes('#{sys_org_code}'))) {
    const u = await db.selectFrom('sys_user').select('org_code').where('id', '=', user.id).executeTakeFirst();
    vars.sys_org_code = String(u?.org_code ?? '');
  }
  const rules = rows.map((r): ActiveRule => {
    const col = ruleColumn(m, String(r.rule_column ?? ''));
    const op = (RULE_CONDITIONS as readonly string[]).includes(String(r.rule_conditions)) ? (String(r.rule_conditions) as Condition) : null;
    return {
      column: op ? (col?.column ?? null) : null,
      multi: col?.multi ?? false,
      numeric: col?.numeric ?? false,
      op: op ?? '=',
      value: resolveValue(String(r.rule_value ?? ''), vars),
    };
  });
  return { tenantId, rules };
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function like(col: string, pattern: string) {
  return sql<SqlBool>`${sql.ref(col)} like ${pattern} escape '\\'`;
}

/** One rule as SQL. */
export function ruleExpr(eb: ExpressionBuilder<any, any>, r: ActiveRule): Expression<SqlBool> {
  const col = r.column;
  if (!col) return sql<SqlBool>`1 = 0`;
  const typed = (v: string): string | number => (r.numeric && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
  const v = typed(r.value);
  switch (r.op) {
    case '=':
      return r.multi ? member(col, r.value) : eb(col, '=', v);
    case '!=':
      return r.multi ? eb.not(member(col, r.value)) : eb(col, '<>', v);
    case '>':
    case '>=':
    case '<':
    case '<=':
      return eb(col, r.op, v);
    case 'IN': {
      const vs = r.value.split(',').map((x) => x.trim()).filter(Boolean);
      if (!vs.length) return sql<SqlBool>`1 = 0`;
      return r.multi ? eb.or(vs.map((x) => member(col, x))) : eb(col, 'in', vs.map(typed));
    }
    case 'LIKE':
      return like(col, `%${escapeLike(r.value)}%`);
    case 'LEFT_LIKE':
      return like(col, `%${escapeLike(r.value)}`);
    case 'RIGHT_LIKE':
      return like(col, `${escapeLike(r.value)}%`);
  }
}

/** The one FROM + WHERE of every reader (list, childList, queryById, export): tenant and data rules. */
export function scopedFrom(db: Kysely<any>, m: ResourceModel, scope: ScopeArg) {
  return scopedWhere(db.selectFrom(m.table), scope);
}

/** The scope's WHERE on a query already reading the resource's table (e.g. joined to its n-gram index). */
export function scopedWhere(qb: SelectQueryBuilder<any, any, any>, scope: ScopeArg): SelectQueryBuilder<any, any, any> {
  const s = scopeOf(scope);
  return qb
    .where('tenant_id', '=', s.tenantId)
    .$if(s.rules.length > 0, (q) => q.where((eb) => eb.and(s.rules.map((r) => ruleExpr(eb, r)))));
}

/** Part of the count cache key: lists under different rules count differently. */
export function scopeKey(scope: ScopeArg): string {
  const s = scopeOf(scope);
  return s.rules.length ? JSON.stringify(s.rules.map((r) => [r.column, r.op, r.value])) : '';
}

/**
 * Effect `checkDataRules` (afterWrite of sysPermissionDataRule and of sysPermission, whose form
 * carries the rules as a sub-table): every written rule must name a field of its menu page's
 * resource, a known condition and only known variables; otherwise the write is refused. Every
 * write (a delete too) drops the cached sessions once committed, with the rules they selected.
 */
export function registerDataRuleEffects(effects: Effects): void {
  effects.register('checkDataRules', async (e) => {
    const w = e.write;
    // cached sessions hold the rules they selected (rowScope): any rule write drops them everywhere
    dropSessionsAfterCommit(e);
    if (!w || w.op === 'delete' || !w.ids.length) return;
    const byRule = e.model.table === DATA_RULE_TABLE;
    const rules = await e.db
      .selectFrom(DATA_RULE_TABLE)
      .select(['permission_id', 'rule_column', 'rule_conditions', 'rule_value'])
      .where(byRule ? 'id' : 'permission_id', 'in', w.ids)
      .execute();
    if (!rules.length) return;
    const perms = await e.db
      .selectFrom('sys_permission')
      .select(['id', 'name', 'component'])
      .where('id', 'in', [...new Set(rules.map((r) => String(r.permission_id)))])
      .execute();
    const byId = new Map(perms.map((p) => [String(p.id), p]));
    for (const r of rules) {
      if (!r.permission_id) throw badRequest('菜单：不能为空');
      const p = byId.get(String(r.permission_id));
      const comp = String(p?.component ?? '');
      const target = comp.startsWith('resource/') ? e.ctx.models.get(comp.slice('resource/'.length)) : undefined;
      if (!target) throw badRequest(`规则字段：菜单「${p?.name ?? r.permission_id}」不是模块页面，不能设置数据规则`);
      const key = String(r.rule_column ?? '');
      if (!ruleColumn(target, key)) throw badRequest(`规则字段：模块「${target.schema.title}」没有字段「${key}」`);
      if (!(RULE_CONDITIONS as readonly string[]).includes(String(r.rule_conditions))) throw badRequest(`条件规则：不支持的条件「${String(r.rule_conditions)}」`);
      const bad = unknownVariables(String(r.rule_value ?? ''));
      if (bad.length) throw badRequest(`规则值：不支持的系统变量 #{${bad[0]}}（可用：${RULE_VARIABLES.map((v) => `#{${v}}`).join('、')}）`);
    }
  });
}
