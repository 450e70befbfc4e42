/**
 * JeecgBoot's user-form helper calls over the login tables (sys_user, sys_user_role):
 *   GET /sys/user/checkOnlyUser?username=|phone=|email=&id?  -> success, or `用户账号已存在` etc.
 *   GET /sys/user/queryUserRole?userid=                       -> the user's role ids
 * The permission codes are those of the module kept in sys_user (whatever its prefix): the
 * check needs its add or edit code, the role query its list code; rows of the caller's tenant.
 */
import { USER_TABLE, userModel } from './user-model.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codeFor, lookupOf } from '../../core/access/index.js';
import { fail, ok } from '../../core/protocol/index.js';
import { can } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { badRequest, forbidden, notFound, MSG } from '../errors.js';
import { resolveTenant } from '../tenancy/tenant.js';


/** Columns a user-form field may be checked by, with the message of a taken value. */
const CHECKS: Record<string, { column: string; taken: string; global: boolean }> = {
  username: { column: 'username', taken: '用户账号已存在', global: true },
  phone: { column: 'phone', taken: '手机号已存在', global: false },
  email: { column: 'email', taken: '邮箱已存在', global: false },
  workNo: { column: 'work_no', taken: '工号已存在', global: false },
};

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const model = userModel(ctx);
  if (!model) return;
  const lookup = lookupOf(ctx.registry.resources.values());
  const need = (req: FastifyRequest, actions: string[]) => {
    const codes = actions.map((a) => codeFor(model.schema, a, lookup));
    if (!codes.some((c) => can(req.session!, c))) throw forbidden(codes[0]!);
  };
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

  app.get('/sys/user/checkOnlyUser', async (req) => {
    need(req, ['add', 'edit']);
    const q = req.query as Record<string, unknown>;
    const keys = Object.keys(CHECKS).filter((k) => str(q[k]) !== '');
    if (keys.length !== 1) throw badRequest('请提供一个要检查的字段：username、phone、email 或 workNo');
    const key = keys[0]!;
    const check = CHECKS[key]!;
    if (!model.byKey.has(key)) throw badRequest(`不支持的查询条件：${key}`);
    const value = str(q[key]).slice(0, 128);
    let query = db.selectFrom(USER_TABLE).select('id').where(check.column, '=', value).where('del_flag', '=', 0);
    if (!check.global) query = query.where('tenant_id', '=', resolveTenant(req.session!, req.headers['tenant-id']));
    const self = str(q.id);
    if (self) query = query.where('id', '!=', self);
    const taken = await query.executeTakeFirst();
    // a taken value is a business answer: HTTP 200, success false (JeecgBoot Result.error)
    return taken ? fail(400, check.taken) : ok(true, '该值可用！');
  });

  app.get('/sys/user/queryUserRole', async (req) => {
    need(req, ['list']);
    const userId = str((req.query as Record<string, unknown>).userid);
    if (!userId || userId.length > 64) throw badRequest('缺少参数：userid');
    const tenantId = resolveTenant(req.session!, req.headers['tenant-id']);
    const user = await db.selectFrom(USER_TABLE).select('id').where('id', '=', userId).where('tenant_id', '=', tenantId).where('del_flag', '=', 0).executeTakeFirst();
    if (!user) throw notFound(MSG.noData);
    const rows = await db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).orderBy('role_id').execute();
    return ok(rows.map((r) => String(r.role_id)));
  });
}
