/**
 * 部门权限 and 部门角色 (JeecgBoot DepartAuthModal, DeptRoleAuthModal, DeptRoleUserModal):
 *   GET  /sys/permission/queryDepartPermission?departId=        -> the department's permission ids
 *   POST /sys/permission/saveDepartPermission {departId, permissionIds, lastpermissionIds}
 *        -> the department may hand out exactly `permissionIds` among what the caller may grant
 *        (its entries outside that are kept); an entry taken from the department leaves its roles
 *        too. Code: the department module's `authorize`.
 *   GET  /sys/permission/queryTreeListForDeptRole?departId=    -> {treeList, ids}: the menu tree a
 *        department role of that department may get from the caller: the department's permissions
 *        the caller may grant
 *   GET  /sys/sysDepartPermission/queryDeptRolePermission?roleId= -> the department role's ids
 *   POST /sys/sysDepartPermission/saveDeptRolePermission {roleId, permissionIds, lastpermissionIds}
 *        -> refused beyond the department's permissions (400 `权限：不能授予超出部门权限的菜单或按钮`)
 *        or beyond the caller's own (400 `权限：不能授予超出本人权限的菜单或按钮`), nothing changed.
 *        Code: the department-role module's `authorize`.
 *   GET  /sys/sysDepartRole/datarule/:permissionId/:departId/:roleId -> {datarule, drChecked}: the
 *        data rules of that menu a role of the department may be limited by (the department's own
 *        selection in sys_depart_permission when it has one, else every rule of the menu) and those
 *        the role is limited by; a menu without rules is 400 `未找到权限配置信息` (JeecgBoot).
 *   POST /sys/sysDepartRole/datarule {permissionId, departId, roleId, dataRuleIds} (also with the
 *        three ids in the path) -> the role's users read that menu's resource through those rules
 *        (resources/data-rules.ts). Refused: a menu the caller may not grant (`数据规则：不能设置本人无权的菜单`),
 *        the caller's own department role unless super administrator (`数据规则：不能修改本人所属角色的数据规则`),
 *        a rule not offered (`数据规则：选择的规则不属于该菜单`), a menu the role does not hold
 *        (`数据规则：请先授予该菜单并保存`). Code: the department-role module's `authorize`.
 *   GET  /sys/sysDepartRole/getDeptRoleList?departId=&userId=  -> the department's roles
 *   GET  /sys/sysDepartRole/getDeptRoleByUserId?userId=&departId= -> [{id, droleId, userId}]
 *   POST /sys/sysDepartRole/deptRoleUserAdd {userId, newRoleId, oldRoleId}
 *        -> the user leaves the roles of `oldRoleId` and gets those of `newRoleId` (comma lists,
 *        department roles of the tenant acted on; the user a member of their departments).
 *        Code: the department-role module's `edit`.
 * Departments, roles and users are those of the tenant acted on (else 未找到对应数据 / 未找到对应角色);
 * every change drops sessions on every instance, so checks follow at once and menus at the next fetch.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codeFor, lookupOf } from '../../core/access/index.js';
import { ok } from '../../core/protocol/index.js';
import {
  DEPART_PERMISSION_TABLE as DP,
  DEPART_ROLE_PERMISSION_TABLE as DRP,
  DEPART_ROLE_TABLE,
  DEPART_ROLE_USER_TABLE as DRU,
} from '../auth/depart-role-grants.js';
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import { badRequest, notFound, MSG } from '../errors.js';
import { DATA_RULE_TABLE } from '../resources/data-rules.js';
import { dropSessionsAfterCommit, type Effects } from '../resources/effects.js';
import { grantablePermissions, idList, permissionTree } from './role-grants.js';

export const DEPART_GRANT_MSG = {
  beyondDepart: '权限：不能授予超出部门权限的菜单或按钮',
  beyondOwn: '权限：不能授予超出本人权限的菜单或按钮',
  missing: '权限：选择的菜单或按钮不存在',
  noRole: '未找到对应角色',
  notMember: '用户：不属于该部门',
  noRules: '未找到权限配置信息',
  ruleMenuBeyondOwn: '数据规则：不能设置本人无权的菜单',
  ruleOwnRole: '数据规则：不能修改本人所属角色的数据规则',
  ruleNotOffered: '数据规则：选择的规则不属于该菜单',
  ruleMenuNotHeld: '数据规则：请先授予该菜单并保存',
  saved: '保存成功！',
} as const;

const DEPART_IDS = 'departIds';
type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const one = (v: unknown) => str(Array.isArray(v) ? v[0] : v);

/** Deleted departments and department roles leave every grant and membership naming them. */
export function registerDepartGrantEffects(effects: Effects): void {
  effects.register('dropDepartGrantLinks', async (e) => {
    const w = e.write;
    if (!w) return;
    if (w.op === 'delete' && w.ids.length) {
      await e.db.deleteFrom(DP).where('depart_id', 'in', w.ids).execute();
      await e.db.deleteFrom(DRP).where((eb) => eb.or([eb('depart_id', 'in', w.ids), eb('role_id', 'in', w.ids)])).execute();
      await e.db.deleteFrom(DRU).where('drole_id', 'in', w.ids).execute();
    }
    dropSessionsAfterCommit(e);
  });
}

export function registerDepartGrantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const departModel = ctx.models.get('sysDepart') ?? [...ctx.models.values()].find((m) => m.table === 'sys_depart');
  const roleModel = [...ctx.models.values()].find((m) => m.table === DEPART_ROLE_TABLE);
  if (!departModel || !roleModel) return;
  const lookup = lookupOf(ctx.registry.resources.values());
  const code = (m: typeof roleModel, action: string) => ({ config: { permission: codeFor(m.schema, action, lookup) } });
  const departAuthorize = code(departModel, 'authorize');
  const roleAuthorize = code(roleModel, 'authorize');
  const roleEdit = code(roleModel, 'edit');
  const departCol = roleModel.byKey.get('departId')!.column;

  async function departOf(req: FastifyRequest, id: string): Promise<string> {
    if (!id || id.length > 64) throw badRequest('缺少参数：departId');
    const row = await db.selectFrom(departModel!.table).select('id').where('id', '=', id).where('tenant_id', '=', req.tenantId).executeTakeFirst();
    if (!row) throw notFound(MSG.noData);
    return String(row.id);
  }
  async function roleOf(req: FastifyRequest, id: string): Promise<{ id: string; departId: string }> {
    if (!id || id.length > 64) throw badRequest('缺少参数：roleId');
    const row = await db.selectFrom(roleModel!.table).select(['id', `${departCol} as d`]).where('id', '=', id).where('tenant_id', '=', req.tenantId).executeTakeFirst();
    if (!row) throw notFound(DEPART_GRANT_MSG.noRole);
    return { id: String(row.id), departId: String(row.d) };
  }
  const departPermissions = async (departId: string) =>
    new Set((await db.selectFrom(DP).select('permission_id').where('depart_id', '=', departId).execute()).map((r) => String(r.permission_id)));
  async function checkLive(ids: string[]) {
    if (!ids.length) return;
    const live = await db.selectFrom('sys_permission').select('id').where('id', 'in', ids).where('del_flag', '=', 0).execute();
    if (live.length !== ids.length) throw badRequest(DEPART_GRANT_MSG.missing);
  }

  app.get('/sys/permission/queryDepartPermission', departAuthorize, async (req) => {
    const departId = await departOf(req, one((req.query as Body).departId));
    return ok([...(await departPermissions(departId))]);
  });

  app.post('/sys/permission/saveDepartPermission', departAuthorize, async (req) => {
    const body = (req.body ?? {}) as Body;
    const departId = await departOf(req, str(body.departId));
    const wanted = idList(body.permissionIds, '权限');
    const may = await grantablePermissions(db, req.session!);
    if (may !== 'all' && wanted.some((id) => !may.has(id))) throw badRequest(DEPART_GRANT_MSG.beyondOwn);
    await checkLive(wanted);
    await db.transaction().execute(async (trx) => {
      const current = (await trx.selectFrom(DP).select('permission_id').where('depart_id', '=', departId).execute()).map((r) => String(r.permission_id));
      const want = new Set(wanted);
      // entries outside what the caller may grant stay as they are
      const removed = current.filter((id) => !want.has(id) && (may === 'all' || may.has(id)));
      const have = new Set(current);
      const added = wanted.filter((id) => !have.has(id));
      if (removed.length) {
        await trx.deleteFrom(DP).where('depart_id', '=', departId).where('permission_id', 'in', removed).execute();
        // the department's roles never hold more than the department
        await trx.deleteFrom(DRP).where('depart_id', '=', departId).where('permission_id', 'in', removed).execute();
      }
      if (added.length) await trx.insertInto(DP).values(added.map((pid) => ({ id: newId(), depart_id: departId, permission_id: pid }))).execute();
    });
    ctx.sessions.drop();
    return ok(null, DEPART_GRANT_MSG.saved);
  });

  app.get('/sys/permission/queryTreeListForDeptRole', roleAuthorize, async (req) => {
    const departId = await departOf(req, one((req.query as Body).departId));
    const inDepart = await departPermissions(departId);
    const may = await grantablePermissions(db, req.session!);
    return ok(await permissionTree(db, new Set([...inDepart].filter((id) => may === 'all' || may.has(id)))));
  });

  app.get('/sys/sysDepartPermission/queryDeptRolePermission', roleAuthorize, async (req) => {
    const role = await roleOf(req, one((req.query as Body).roleId));
    const rows = await db.selectFrom(DRP).select('permission_id').where('role_id', '=', role.id).execute();
    return ok(rows.map((r) => String(r.permission_id)));
  });

  app.post('/sys/sysDepartPermission/saveDeptRolePermission', roleAuthorize, async (req) => {
    const body = (req.body ?? {}) as Body;
    const role = await roleOf(req, str(body.roleId));
    const wanted = idList(body.permissionIds, '权限');
    const inDepart = await departPermissions(role.departId);
    if (wanted.some((id) => !inDepart.has(id))) throw badRequest(DEPART_GRANT_MSG.beyondDepart);
    const may = await grantablePermissions(db, req.session!);
    if (may !== 'all' && wanted.some((id) => !may.has(id))) throw badRequest(DEPART_GRANT_MSG.beyondOwn);
    await checkLive(wanted);
    await db.transaction().execute(async (trx) => {
      const current = (await trx.selectFrom(DRP).select('permission_id').where('role_id', '=', role.id).execute()).map((r) => String(r.permission_id));
      const want = new Set(wanted);
      const removed = current.filter((id) => !want.has(id) && (may === 'all' || may.has(id)));
      const have = new Set(current);
      const added = wanted.filter((id) => !have.has(id));
      if (removed.length) await trx.deleteFrom(DRP).where('role_id', '=', role.id).where('permission_id', 'in', removed).execute();
      if (added.length) await trx.insertInto(DRP).values(added.map((pid) => ({ id: newId(), depart_id: role.departId, role_id: role.id, permission_id: pid }))).execute();
    });
    ctx.sessions.drop();
    return ok(null, DEPART_GRANT_MSG.saved);
  });

  /** The rules of a menu a role of the department may get: the department's selection, else all of the menu's. */
  async function offeredRules(departId: string, permissionId: string) {
    const rules = await db.selectFrom(DATA_RULE_TABLE)
      .select(['id', 'rule_name as ruleName', 'rule_column as ruleColumn', 'rule_conditions as ruleConditions', 'rule_value as ruleValue', 'status'])
      .where('permission_id', '=', permissionId)
      .orderBy('create_time', 'asc')
      .orderBy('id', 'asc')
      .execute();
    const link = await db.selectFrom(DP).select('data_rule_ids').where('depart_id', '=', departId).where('permission_id', '=', permissionId).executeTakeFirst();
    const chosen = String(link?.data_rule_ids ?? '').split(',').filter(Boolean);
    return chosen.length ? rules.filter((r) => chosen.includes(String(r.id))) : rules;
  }
  /** The department role named by the request, which must be of the named department. */
  async function departRole(req: FastifyRequest, p: Body) {
    const departId = await departOf(req, str(p.departId));
    const role = await roleOf(req, str(p.roleId));
    if (role.departId !== departId) throw notFound(DEPART_GRANT_MSG.noRole);
    const permissionId = str(p.permissionId);
    if (!permissionId || permissionId.length > 64) throw badRequest('缺少参数：permissionId');
    return { departId, role, permissionId };
  }

  app.get('/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId', roleAuthorize, async (req) => {
    const { departId, role, permissionId } = await departRole(req, req.params as Body);
    const datarule = await offeredRules(departId, permissionId);
    if (!datarule.length) throw badRequest(DEPART_GRANT_MSG.noRules);
    const link = await db.selectFrom(DRP).select('data_rule_ids').where('role_id', '=', role.id).where('permission_id', '=', permissionId).executeTakeFirst();
    return ok({ datarule, drChecked: String(link?.data_rule_ids ?? '') });
  });

  const saveRoleDataRules = async (req: FastifyRequest) => {
    const { departId, role, permissionId } = await departRole(req, { ...((req.params ?? {}) as Body), ...((req.body ?? {}) as Body) });
    const body = (req.body ?? {}) as Body;
    const may = await grantablePermissions(db, req.session!);
    if (may !== 'all' && !may.has(permissionId)) throw badRequest(DEPART_GRANT_MSG.ruleMenuBeyondOwn);
    // a limit placed on the caller's own department role is not theirs to lift
    if (may !== 'all') {
      const own = await db.selectFrom(DRU).select('id').where('user_id', '=', req.session!.id).where('drole_id', '=', role.id).executeTakeFirst();
      if (own) throw badRequest(DEPART_GRANT_MSG.ruleOwnRole);
    }
    const ruleIds = idList(body.dataRuleIds, '数据规则');
    const offered = new Set((await offeredRules(departId, permissionId)).map((r) => String(r.id)));
    if (ruleIds.some((id) => !offered.has(id))) throw badRequest(DEPART_GRANT_MSG.ruleNotOffered);
    const link = await db.selectFrom(DRP).select('id').where('role_id', '=', role.id).where('permission_id', '=', permissionId).executeTakeFirst();
    if (!link) throw badRequest(DEPART_GRANT_MSG.ruleMenuNotHeld);
    await db.updateTable(DRP).set({ data_rule_ids: ruleIds.join(',') || null }).where('id', '=', link.id).execute();
    // cached sessions hold the rules they selected (data-rules.ts rowScope): dropped on every instance
    ctx.sessions.drop();
    return ok(null, DEPART_GRANT_MSG.saved);
  };
  app.post('/sys/sysDepartRole/datarule', roleAuthorize, saveRoleDataRules);
  app.post('/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId', roleAuthorize, saveRoleDataRules);

  const rolesOfDepart = (req: FastifyRequest, departId: string) =>
    db.selectFrom(roleModel.table)
      .select(['id', 'role_name as roleName', 'role_code as roleCode', `${departCol} as departId`, 'description'])
      .where('tenant_id', '=', req.tenantId)
      .where(departCol, '=', departId)
      .orderBy('create_time', 'asc')
      .orderBy('id', 'asc')
      .execute();

  app.get('/sys/sysDepartRole/getDeptRoleList', roleEdit, async (req) => {
    const departId = await departOf(req, one((req.query as Body).departId));
    return ok(await rolesOfDepart(req, departId));
  });

  async function userOf(req: FastifyRequest, id: string) {
    if (!id || id.length > 64) throw badRequest('缺少参数：userId');
    const col = userDepartColumn();
    const row = await db.selectFrom('sys_user').select(['id', ...(col ? [`${col} as d`] : [])]).where('id', '=', id).where('tenant_id', '=', req.tenantId).where('del_flag', '=', 0).executeTakeFirst();
    if (!row) throw notFound(MSG.noData);
    return { id: String(row.id), departs: new Set(String((row as Body).d ?? '').split(',').filter(Boolean)) };
  }
  const userDepartColumn = () => [...ctx.models.values()].find((m) => m.table === 'sys_user' && m.byKey.has(DEPART_IDS))?.byKey.get(DEPART_IDS)?.column;

  app.get('/sys/sysDepartRole/getDeptRoleByUserId', roleEdit, async (req) => {
    const q = req.query as Body;
    const user = await userOf(req, one(q.userId));
    const departId = one(q.departId);
    let query = db.selectFrom(`${DRU} as ru`)
      .innerJoin(`${roleModel.table} as r`, 'r.id', 'ru.drole_id')
      .select(['ru.id', 'ru.drole_id as droleId', 'ru.user_id as userId'])
      .where('ru.user_id', '=', user.id)
      .where('r.tenant_id', '=', req.tenantId);
    if (departId) query = query.where(`r.${departCol}`, '=', departId);
    return ok(await query.execute());
  });

  app.post('/sys/sysDepartRole/deptRoleUserAdd', roleEdit, async (req) => {
    const body = (req.body ?? {}) as Body;
    const user = await userOf(req, str(body.userId));
    const add = idList(body.newRoleId, '部门角色');
    const drop = idList(body.oldRoleId, '部门角色');
    const named = [...new Set([...add, ...drop])];
    const roles = named.length
      ? await db.selectFrom(roleModel.table).select(['id', `${departCol} as d`]).where('tenant_id', '=', req.tenantId).where('id', 'in', named).execute()
      : [];
    if (roles.length !== named.length) throw notFound(DEPART_GRANT_MSG.noRole);
    const departOfRole = new Map(roles.map((r) => [String(r.id), String(r.d)]));
    // a department role goes only to the department's own users
    if (userDepartColumn() && add.some((id) => !user.departs.has(departOfRole.get(id)!))) throw badRequest(DEPART_GRANT_MSG.notMember);
    await db.transaction().execute(async (trx) => {
      if (drop.length) await trx.deleteFrom(DRU).where('user_id', '=', user.id).where('drole_id', 'in', drop).execute();
      const have = new Set((await trx.selectFrom(DRU).select('drole_id').where('user_id', '=', user.id).execute()).map((r) => String(r.drole_id)));
      const fresh = add.filter((id) => !have.has(id));
      if (fresh.length) await trx.insertInto(DRU).values(fresh.map((rid) => ({ id: newId(), user_id: user.id, drole_id: rid }))).execute();
    });
    ctx.sessions.drop();
    return ok(null, '添加成功！');
  });
}
