/**
 * 角色管理 授权 (JeecgBoot UserRoleModal / RoleDataruleModal) over sys_role_permission:
 *   GET  /sys/role/queryTreeList                    -> {treeList, ids}: the menu tree (menus, sub-menus,
 *        buttons) the caller may grant: everything for the super administrator, else the entries
 *        the caller's own roles and department roles hold (no one grants more than they have)
 *   GET  /sys/permission/queryRolePermission?roleId= -> the role's permission ids
 *   POST /sys/permission/saveRolePermission {roleId, permissionIds, lastpermissionIds}
 *        -> the role holds exactly `permissionIds` among what the caller may grant (its grants
 *        outside that are kept); sessions drop on every instance, so the server's checks follow at
 *        once and the role's users get the new menu and buttons at their next permission fetch
 *   GET  /sys/role/datarule/:permissionId/:roleId    -> {datarule, drChecked}: the menu's rules and
 *        those the role is limited by
 *   POST /sys/role/datarule {permissionId, roleId, dataRuleIds} (not on a role the caller holds,
 *        unless super administrator: a limit is not lifted by the one it limits)
 *   DELETE /sys/permission/deletePermissionRule?id=  -> the generic delete of the rule module
 * Roles are those of the tenant acted on; codes are the role module's `authorize` (and the rule
 * module's delete, i.e. the menu module's edit).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SessionUser } from '../auth/session.js';
import { codeFor, lookupOf } from '../../core/access/index.js';
import { ok } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import { badRequest, notFound } from '../errors.js';
import { DATA_RULE_TABLE } from '../resources/data-rules.js';
import { deleteRecords } from '../resources/write.js';
import { grantedPermissionIds } from './menu.js';

const ROLE_TABLE = 'sys_role';
const MAX_IDS = 5000;

export interface PermissionTreeNode {
  key: string;
  title: string;
  value: string;
  parentId: string | null;
  menuType: number;
  perms: string | null;
  icon: string | null;
  isLeaf: boolean;
  /** The entry has data rules to choose from (授权 drawer: per-menu rule selection). */
  ruleFlag: boolean;
  children?: PermissionTreeNode[];
}

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function idList(v: unknown, field: string): string[] {
  if (v === undefined || v === null || v === '') return [];
  const raw = Array.isArray(v) ? v.join(',') : v;
  if (typeof raw !== 'string') throw badRequest(`${field}：格式不正确`);
  const ids = [...new Set(raw.split(',').map((x) => x.trim()).filter(Boolean))];
  if (ids.length > MAX_IDS || ids.some((x) => x.length > 64)) throw badRequest(`${field}：格式不正确`);
  return ids;
}

/**
 * Permission ids a user may grant: every live entry for the super administrator, else those their
 * own roles and department roles hold (no one grants more than they have).
 */
export async function grantablePermissions(db: Kysely<any>, user: SessionUser): Promise<Set<string> | 'all'> {
  return user.isSuperAdmin ? 'all' : grantedPermissionIds(db, user);
}

/** The menu tree (menus, sub-menus, buttons) of the live entries `may` allows: `{treeList, ids}`. */
export async function permissionTree(db: Kysely<any>, may: Set<string> | 'all'): Promise<{ treeList: PermissionTreeNode[]; ids: string[] }> {
  const rows = await db
    .selectFrom('sys_permission')
    .select(['id', 'parent_id', 'name', 'menu_type', 'perms', 'icon', 'sort_no'])
    .where('del_flag', '=', 0)
    .orderBy('sort_no', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const ruled = new Set(
    (await db.selectFrom(DATA_RULE_TABLE).select('permission_id').distinct().execute()).map((r) => String(r.permission_id)),
  );
  const visible = rows.filter((r) => may === 'all' || may.has(String(r.id)));
  const nodes = new Map<string, PermissionTreeNode>();
  for (const r of visible) {
    nodes.set(String(r.id), {
      key: String(r.id),
      title: String(r.name),
      value: String(r.id),
      parentId: r.parent_id ? String(r.parent_id) : null,
      menuType: Number(r.menu_type),
      perms: r.perms ? String(r.perms) : null,
      icon: r.icon ? String(r.icon) : null,
      isLeaf: true,
      ruleFlag: ruled.has(String(r.id)),
    });
  }
  const treeList: PermissionTreeNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId ? nodes.get(n.parentId) : undefined;
    if (parent) {
      (parent.children ??= []).push(n);
      parent.isLeaf = false;
    } else treeList.push(n);
  }
  return { treeList, ids: [...nodes.keys()] };
}

export function registerRoleGrantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const roleModel = [...ctx.models.values()].find((m) => m.table === ROLE_TABLE);
  const ruleModel = [...ctx.models.values()].find((m) => m.table === DATA_RULE_TABLE);
  if (!roleModel) return;
  const lookup = lookupOf(ctx.registry.resources.values());
  const authorize = { config: { permission: codeFor(roleModel.schema, 'authorize', lookup) } };

  const grantable = (req: FastifyRequest) => grantablePermissions(db, req.session!);

  async function roleOf(req: FastifyRequest, roleId: string) {
    if (!roleId || roleId.length > 64) throw badRequest('缺少参数：roleId');
    const role = await db.selectFrom(ROLE_TABLE).select(['id', 'role_code']).where('id', '=', roleId).where('tenant_id', '=', req.tenantId).executeTakeFirst();
    if (!role) throw notFound('未找到对应角色');
    return role;
  }

  app.get('/sys/role/queryTreeList', authorize, async (req) => ok(await permissionTree(db, await grantable(req))));

  app.get('/sys/permission/queryRolePermission', authorize, async (req) => {
    const role = await roleOf(req, str((req.query as Body).roleId));
    const rows = await db.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', role.id).execute();
    return ok(rows.map((r) => String(r.permission_id)));
  });

  app.post('/sys/permission/saveRolePermission', authorize, async (req) => {
    const body = (req.body ?? {}) as Body;
    const role = await roleOf(req, str(body.roleId));
    const wanted = idList(body.permissionIds, '权限');
    const may = await grantable(req);
    const outside = may === 'all' ? [] : wanted.filter((id) => !may.has(id));
    if (outside.length) throw badRequest('权限：不能授予超出本人权限的菜单或按钮');
    if (wanted.length) {
      const live = await db.selectFrom('sys_permission').select('id').where('id', 'in', wanted).where('del_flag', '=', 0).execute();
      if (live.length !== wanted.length) throw badRequest('权限：选择的菜单或按钮不存在');
    }
    await db.transaction().execute(async (trx) => {
      const current = (await trx.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', role.id).execute()).map((r) => String(r.permission_id));
      const want = new Set(wanted);
      // grants outside what the caller may grant stay as they are
      const removed = current.filter((id) => !want.has(id) && (may === 'all' || may.has(id)));
      const have = new Set(current);
      const added = wanted.filter((id) => !have.has(id));
      if (removed.length) await trx.deleteFrom('sys_role_permission').where('role_id', '=', role.id).where('permission_id', 'in', removed).execute();
      if (added.length) await trx.insertInto('sys_role_permission').values(added.map((pid) => ({ id: newId(), role_id: role.id, permission_id: pid }))).execute();
    });
    // every instance re-reads codes and menus: the server's checks follow at once
    ctx.sessions.drop();
    return ok(null, '保存成功！');
  });

  app.get('/sys/role/datarule/:permissionId/:roleId', authorize, async (req) => {
    const p = req.params as Body;
    const role = await roleOf(req, str(p.roleId));
    const permissionId = str(p.permissionId);
    const datarule = await db
      .selectFrom(DATA_RULE_TABLE)
      .select(['id', 'rule_name as ruleName', 'rule_column as ruleColumn', 'rule_conditions as ruleConditions', 'rule_value as ruleValue', 'status'])
      .where('permission_id', '=', permissionId)
      .orderBy('create_time', 'asc')
      .orderBy('id', 'asc')
      .execute();
    const link = await db.selectFrom('sys_role_permission').select('data_rule_ids').where('role_id', '=', role.id).where('permission_id', '=', permissionId).executeTakeFirst();
    return ok({ datarule, drChecked: String(link?.data_rule_ids ?? '') });
  });

  const saveDataRules = async (req: FastifyRequest) => {
    const body = { ...((req.params ?? {}) as Body), ...((req.body ?? {}) as Body) };
    const role = await roleOf(req, str(body.roleId));
    const permissionId = str(body.permissionId);
    if (!permissionId || permissionId.length > 64) throw badRequest('缺少参数：permissionId');
    const may = await grantable(req);
    if (may !== 'all' && !may.has(permissionId)) throw badRequest('数据规则：不能设置本人无权的菜单');
    // a limit placed on the caller's own role is not theirs to lift
    if (may !== 'all') {
      const own = await db.selectFrom('sys_user_role').select('id').where('user_id', '=', req.session!.id).where('role_id', '=', role.id).executeTakeFirst();
      if (own) throw badRequest('数据规则：不能修改本人所属角色的数据规则');
    }
    const ruleIds = idList(body.dataRuleIds, '数据规则');
    if (ruleIds.length) {
      const found = await db.selectFrom(DATA_RULE_TABLE).select('id').where('id', 'in', ruleIds).where('permission_id', '=', permissionId).execute();
      if (found.length !== ruleIds.length) throw badRequest('数据规则：选择的规则不属于该菜单');
    }
    const link = await db.selectFrom('sys_role_permission').select('id').where('role_id', '=', role.id).where('permission_id', '=', permissionId).executeTakeFirst();
    if (!link) throw badRequest('数据规则：请先授予该菜单并保存');
    await db.updateTable('sys_role_permission').set({ data_rule_ids: ruleIds.join(',') || null }).where('id', '=', link.id).execute();
    // cached sessions hold the rules they selected (data-rules.ts rowScope): dropped on every instance
    ctx.sessions.drop();
    return ok(null, '保存成功！');
  };
  app.post('/sys/role/datarule', authorize, saveDataRules);
  app.post('/sys/role/datarule/:permissionId/:roleId', authorize, saveDataRules);

  if (ruleModel) {
    const del = { config: { permission: codeFor(ruleModel.schema, 'delete', lookup) } };
    app.delete('/sys/permission/deletePermissionRule', del, async (req) => {
      const id = str((req.query as Body).id);
      if (!id || id.length > 64) throw badRequest('缺少参数：id');
      await deleteRecords(ctx, ruleModel, [id], { user: req.session!, tenantId: req.tenantId });
      return ok(null, '删除成功！');
    });
  }
}

