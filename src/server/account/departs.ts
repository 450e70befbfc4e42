/**
 * The current user's departments (JeecgBoot DepartSelect):
 *   GET      /sys/user/getCurrentUserDeparts  -> {list: [{id, orgCode, departName}], orgCode}
 *   POST|PUT /sys/selectDepart {orgCode, username} -> {userInfo} (orgCode stored on sys_user.org_code)
 * Departments are hisDepartment rows of the user's tenant linked in sys_user_depart;
 * orgCode is the department's code (科室编码).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, ok } from '../../core/protocol/index.js';
import { userInfo } from '../auth/user-info.js';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { badRequest } from '../errors.js';

export const USER_DEPART_TABLE = 'sys_user_depart';
export const DEPART_MSG = {
  ok: '部门切换成功',
  required: '请选择登录部门',
  notMine: '您不属于该部门',
  notSelf: '只允许切换自己的部门！',
} as const;

export interface DepartItem {
  id: string;
  orgCode: string;
  departName: string;
}

function departTable(ctx: AppContext): string | null {
  return ctx.models.get('hisDepartment')?.table ?? null;
}

export async function userDeparts(ctx: AppContext, userId: string, tenantId: number): Promise<DepartItem[]> {
  const table = departTable(ctx);
  if (!table) return [];
  const rows = await ctx.database.db
    .selectFrom(`${USER_DEPART_TABLE} as ud`)
    .innerJoin(`${table} as d`, 'd.id', 'ud.dep_id')
    .select(['d.id', 'd.code', 'd.name'])
    .where('ud.user_id', '=', userId)
    .where('d.tenant_id', '=', tenantId)
    .orderBy('d.create_time')
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({ id: String(r.id), orgCode: String(r.code ?? ''), departName: String(r.name ?? '') }));
}

export function registerDepartRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  app.get('/sys/user/getCurrentUserDeparts', async (req) => {
    const me = req.session!;
    const list = await userDeparts(ctx, me.id, me.tenantId);
    const row = await db.selectFrom('sys_user').select('org_code').where('id', '=', me.id).executeTakeFirst();
    const current = row?.org_code == null ? null : String(row.org_code);
    return ok({ list, orgCode: current && list.some((d) => d.orgCode === current) ? current : null });
  });

  const select = async (req: FastifyRequest) => {
    const me = req.session!;
    const q = (req.query ?? {}) as Record<string, unknown>;
    const b = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    const pick = (k: string) => {
      const v = b[k] ?? q[k];
      const x = Array.isArray(v) ? v[0] : v;
      if (x === undefined || x === null) return undefined;
      if (typeof x !== 'string' && typeof x !== 'number') throw badRequest(`参数格式不正确：${k}`);
      return String(x).trim();
    };
    const orgCode = pick('orgCode');
    const username = pick('username');
    if (username && username !== me.username) return fail(400, DEPART_MSG.notSelf);
    if (!orgCode) return fail(400, DEPART_MSG.required);
    const list = await userDeparts(ctx, me.id, me.tenantId);
    if (!list.some((d) => d.orgCode === orgCode)) return fail(400, DEPART_MSG.notMine);
    await db.updateTable('sys_user').set({ org_code: orgCode, update_by: me.username, update_time: nowText() }).where('id', '=', me.id).execute();
    const row = await db.selectFrom('sys_user').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
    return ok({ userInfo: userInfo(row) }, DEPART_MSG.ok);
  };
  app.post('/sys/selectDepart', select);
  app.put('/sys/selectDepart', select);
}

const DEMO_LINKS: Record<string, number> = { admin: 2, hospadmin: 2 };
const STEP = 'seed sys_user_depart';

/**
 * One-shot demo links (recorded in sys_migration): admin and hospadmin get the first two
 * departments of their tenant (the first one as current orgCode); yunying and zhuli none.
 */
export async function seedUserDeparts(ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const table = departTable(ctx);
  if (!table) return;
  if (await db.selectFrom('sys_migration').select('id').where('id', '=', STEP).executeTakeFirst()) return;
  const existing = await db.selectFrom(USER_DEPART_TABLE).select('id').limit(1).executeTakeFirst();
  if (!existing) {
    for (const [username, n] of Object.entries(DEMO_LINKS)) {
      const user = await db.selectFrom('sys_user').select(['id', 'tenant_id']).where('username', '=', username).where('del_flag', '=', 0).executeTakeFirst();
      if (!user) continue;
      const departs = await db
        .selectFrom(table)
        .select(['id', 'code'])
        .where('tenant_id', '=', Number(user.tenant_id))
        .orderBy('create_time')
        .orderBy('id')
        .limit(n)
        .execute();
      if (departs.length === 0) continue;
      await db
        .insertInto(USER_DEPART_TABLE)
        .values(departs.map((d) => ({ id: newId(), user_id: user.id, dep_id: d.id, tenant_id: Number(user.tenant_id) })))
        .execute();
      await db.updateTable('sys_user').set({ org_code: departs[0]!.code }).where('id', '=', user.id).execute();
    }
  }
  await db.insertInto('sys_migration').values({ id: STEP, applied_at: new Date().toISOString() }).onConflict((oc) => oc.column('id').doNothing()).execute();
}
