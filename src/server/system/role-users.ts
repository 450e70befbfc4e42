/**
 * 角色管理 › 用户 (JeecgBoot RoleUserList): the users of a role, added and removed.
 *   GET    /sys/user/userRoleList?roleId=&username=&pageNo=&pageSize=  -> a page of the role's users
 *          (`inRole=false`: the tenant's users NOT in the role, for the 添加用户 picker)
 *   POST   /sys/user/addSysUserRole {roleId, userIdList}               -> the users get the role
 *   DELETE /sys/user/deleteUserRole?roleId=&userId=                   -> the user loses the role
 *   DELETE /sys/user/deleteUserRoleBatch?roleId=&userIds=a,b          -> the users lose the role
 * Rules:
 * - the caller needs the role module's edit code; the role and the users are of the tenant acted
 *   on (anything else: 未找到对应角色 / 用户不存在或不属于当前租户, nothing changed);
 * - a user's roles are changed as an edit of the user's `roleIds` through the one write pipeline,
 *   so the link table is written by the user module's `syncUserRoles` effect (one way roles are
 *   linked), `ref.grantSubset` refuses a role granting codes the caller lacks, and sessions drop on
 *   every instance (the users' checks follow at once, their menu at the next permission fetch).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codeFor, lookupOf } from '../../core/access/index.js';
import { ok } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../errors.js';
import { rowToRecord, type ResourceModel } from '../resources/model.js';
import { storedVersion } from '../resources/version.js';
import { editRecord } from '../resources/write.js';

const ROLE_TABLE = 'sys_role';
const USER_TABLE = 'sys_user';
const ROLE_IDS = 'roleIds';
const SYNC_EFFECT = 'syncUserRoles';
const MAX_USERS = 200;
const MSG_USER_OUTSIDE = '用户不存在或不属于当前租户';

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function userIds(v: unknown): string[] {
  const raw = Array.isArray(v) ? v.map(str).join(',') : str(v);
  const ids = [...new Set(raw.split(',').map((x) => x.trim()).filter(Boolean))];
  if (!ids.length) throw badRequest('请选择用户');
  if (ids.length > MAX_USERS || ids.some((x) => x.length > 64)) throw badRequest('用户：格式不正确');
  return ids;
}

function pageArg(v: unknown, fallback: number, max: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

export function registerRoleUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const roleModel = [...ctx.models.values()].find((m) => m.table === ROLE_TABLE);
  // the user module whose writes link roles (several modules may view sys_user)
  const userModel = [...ctx.models.values()].find((m) => m.table === USER_TABLE && m.byKey.has(ROLE_IDS) && m.schema.effects?.afterWrite?.includes(SYNC_EFFECT));
  if (!roleModel || !userModel) return;
  const users: ResourceModel = userModel;
  const lookup = lookupOf(ctx.registry.resources.values());
  const edit = { config: { permission: codeFor(roleModel.schema, 'edit', lookup) } };

  async function roleOf(req: FastifyRequest, roleId: string): Promise<string> {
    if (!roleId || roleId.length > 64) throw badRequest('缺少参数：roleId');
    const role = await db.selectFrom(ROLE_TABLE).select('id').where('id', '=', roleId).where('tenant_id', '=', req.tenantId).executeTakeFirst();
    if (!role) throw notFound('未找到对应角色');
    return String(role.id);
  }

  /** The user rows of the tenant acted on; any other id refuses the whole call. */
  async function usersOf(req: FastifyRequest, ids: string[]) {
    const rows = await db.selectFrom(USER_TABLE).selectAll().where('tenant_id', '=', req.tenantId).where('del_flag', '=', 0).where('id', 'in', ids).execute();
    if (rows.length !== ids.length) throw badRequest(MSG_USER_OUTSIDE);
    return rows;
  }

  /** Rewrites each user's roleIds through the write pipeline (one user at a time, as an edit). */
  async function setRoles(req: FastifyRequest, rows: Body[], change: (roles: string[]) => string[]) {
    const writable = users.schema.fields.filter((f) => !f.readOnly && !f.writeOnly);
    for (const row of rows) {
      const rec = rowToRecord(users, row);
      const before = String(rec[ROLE_IDS] ?? '').split(',').filter(Boolean);
      const after = change(before);
      if (after.length === before.length && after.every((r, i) => r === before[i])) continue;
      const body: Body = { id: String(row.id), version: storedVersion(row) };
      for (const f of writable) if (rec[f.key] !== undefined && rec[f.key] !== null) body[f.key] = rec[f.key];
      body[ROLE_IDS] = after.join(',');
      await editRecord(ctx, users, body, { user: req.session!, tenantId: req.tenantId });
    }
  }

  app.get('/sys/user/userRoleList', edit, async (req) => {
    const q = req.query as Body;
    const roleId = await roleOf(req, str(q.roleId));
    const pageNo = pageArg(q.pageNo, 1, 100000);
    const pageSize = pageArg(q.pageSize, 10, 200);
    const username = str(q.username).replace(/^\*|\*$/g, '').slice(0, 64);
    const inRole = str(q.inRole) !== 'false';
    let query = db.selectFrom(`${USER_TABLE} as u`).where('u.tenant_id', '=', req.tenantId).where('u.del_flag', '=', 0);
    const member = db.selectFrom('sys_user_role').select('user_id').where('role_id', '=', roleId);
    query = inRole ? query.where('u.id', 'in', member) : query.where('u.id', 'not in', member);
    if (username) query = query.where('u.username', 'like', `%${username.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const count = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const total = Number(count?.n ?? 0);
    const rows = await query
      .select(['u.id', 'u.username', 'u.realname', 'u.status'])
      .orderBy('u.username', 'asc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    const labels = await ctx.dicts.labels('user_status');
    const records = rows.map((r) => ({
      id: String(r.id),
      username: String(r.username),
      realname: r.realname == null ? '' : String(r.realname),
      status: r.status == null ? '' : String(r.status),
      status_dictText: labels?.get(String(r.status ?? '')) ?? String(r.status ?? ''),
    }));
    return ok({ records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
  });

  app.post('/sys/user/addSysUserRole', edit, async (req) => {
    const body = (req.body ?? {}) as Body;
    const roleId = await roleOf(req, str(body.roleId));
    const rows = await usersOf(req, userIds(body.userIdList));
    await setRoles(req, rows as Body[], (roles) => (roles.includes(roleId) ? roles : [...roles, roleId]));
    return ok(null, '添加成功！');
  });

  const remove = async (req: FastifyRequest, ids: string[], roleId: string) => {
    const rows = await usersOf(req, ids);
    await setRoles(req, rows as Body[], (roles) => roles.filter((r) => r !== roleId));
    return ok(null, '删除成功！');
  };
  app.delete('/sys/user/deleteUserRole', edit, async (req) => {
    const q = { ...((req.query ?? {}) as Body), ...((req.body ?? {}) as Body) };
    const roleId = await roleOf(req, str(q.roleId));
    const id = str(q.userId);
    if (!id || id.length > 64) throw badRequest('缺少参数：userId');
    return remove(req, [id], roleId);
  });
  app.delete('/sys/user/deleteUserRoleBatch', edit, async (req) => {
    const q = { ...((req.query ?? {}) as Body), ...((req.body ?? {}) as Body) };
    const roleId = await roleOf(req, str(q.roleId));
    return remove(req, userIds(q.userIds), roleId);
  });
}
