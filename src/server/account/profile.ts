/**
 * 个人中心 / 个人设置 calls of the logged-in user about themself (no list or edit code needed):
 *   GET      /sys/user/profile            -> {userInfo, roles: [name], departs: [name], tenantName}
 *   PUT|POST /sys/user/changeUserInfo {realname?, avatar?, phone?, email?} -> {userInfo}
 *            an edit of the caller's own user record through the one write pipeline: the user
 *            module's validation and uniqueness with 用户管理's messages (e.g. `手机号码：该值不可用，
 *            系统中已存在！`), a data-log version, the row's version moved on (an open edit form of the
 *            user gets 409). Refusals are business answers (success false, result.errors).
 *   GET      /sys/user/sessions           -> [{id, createdAt, expiresAt, ip, userAgent, current}]
 *   POST     /sys/user/sessions/revoke {id} -> the caller's session `id` ends (退出 per device)
 * A session id is a hash of its token: the token itself never leaves the server again.
 */
import { userModel } from './user-model.js';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, ok } from '../../core/protocol/index.js';
import { userInfo } from '../auth/user-info.js';
import type { AppContext } from '../context.js';
import { asAnswer } from '../resources/answer.js';
import { rowToRecord } from '../resources/model.js';
import { storedVersion } from '../resources/version.js';
import { editRecord } from '../resources/write.js';
import { badRequest } from '../errors.js';
import { userDeparts } from './departs.js';

/** What a user may change about themself (个人设置 基本设置). */
const CHANGEABLE = ['realname', 'avatar', 'phone', 'email'] as const;

export const PROFILE_MSG = {
  ok: '修改成功',
  avatar: '头像：请上传图片',
  sessionGone: '该登录会话不存在或已退出',
  sessionOut: '已退出该设备的登录',
} as const;

export const sessionIdOf = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 24);

function bodyOf(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  if (typeof b !== 'object' || b === null || Array.isArray(b)) throw badRequest('请求体必须是对象');
  return b as Record<string, unknown>;
}

const optText = (v: unknown, field: string): string | undefined => {
  if (v === undefined) return undefined;
  if (v === null) return '';
  if (typeof v !== 'string') throw badRequest(`参数格式不正确：${field}`);
  return v.trim();
};

export function registerProfileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const me = (req: FastifyRequest) => req.session!;
  const userRow = (id: string) => db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  app.get('/sys/user/profile', async (req) => {
    const u = me(req);
    const row = await userRow(u.id);
    const roles = await db
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
      .select('r.role_name')
      .where('ur.user_id', '=', u.id)
      .where('r.tenant_id', '=', u.tenantId)
      .execute();
    const tenant = await db.selectFrom('sys_tenant').select('name').where('id', '=', u.tenantId).executeTakeFirst();
    const departs = await userDeparts(ctx, u.id, u.tenantId);
    return ok({
      userInfo: userInfo(row),
      roles: roles.map((r) => String(r.role_name)),
      departs: departs.map((d) => d.departName),
      tenantName: tenant?.name == null ? '' : String(tenant.name),
    });
  });

  const change = async (req: FastifyRequest) => {
    const u = me(req);
    const b = bodyOf(req);
    const sent: Record<string, string> = {};
    for (const k of CHANGEABLE) {
      const v = optText(b[k], k);
      if (v !== undefined) sent[k] = v;
    }
    if (Object.keys(sent).length === 0) return fail(400, '没有要修改的内容');
    // the image kind has no format of its own yet: an avatar must be an uploaded image's path
    const a = sent.avatar;
    if (a && (a.length > 255 || !/\.(png|jpe?g|gif|webp|bmp)$/i.test(a) || /^(javascript|data|vbscript):/i.test(a))) return fail(400, PROFILE_MSG.avatar);
    const model = userModel(ctx);
    if (!model) return fail(400, '没有要修改的内容');
    // an edit of the caller's own user record through the one write pipeline (validation,
    // uniqueness, data log, the version moving on, 用户管理's messages): the stored record with
    // the sent fields changed; an empty value clears the field (a required one is refused)
    const row = await userRow(u.id);
    const rec = rowToRecord(model, row as Record<string, unknown>);
    const body: Record<string, unknown> = { id: u.id, version: storedVersion(row as Record<string, unknown>) };
    for (const f of model.schema.fields) if (!f.readOnly && !f.writeOnly && !f.createOnly && rec[f.key] !== undefined && rec[f.key] !== null) body[f.key] = rec[f.key];
    for (const [k, v] of Object.entries(sent)) body[k] = v === '' ? null : v;
    const refusal = await asAnswer(() => editRecord(ctx, model, body, { user: u, tenantId: u.tenantId }));
    if (refusal) return refusal;
    ctx.sessions.drop();
    return ok({ userInfo: userInfo(await userRow(u.id)) }, PROFILE_MSG.ok);
  };
  app.put('/sys/user/changeUserInfo', change);
  app.post('/sys/user/changeUserInfo', change);

  app.get('/sys/user/sessions', async (req) => {
    const u = me(req);
    const rows = await db
      .selectFrom('sys_token')
      .select(['token', 'created_at', 'expires_at', 'ip', 'user_agent'])
      .where('user_id', '=', u.id)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', Date.now())
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute();
    return ok(
      rows.map((r) => ({
        id: sessionIdOf(String(r.token)),
        createdAt: Number(r.created_at),
        expiresAt: Number(r.expires_at),
        ip: r.ip == null ? '' : String(r.ip),
        userAgent: r.user_agent == null ? '' : String(r.user_agent),
        current: r.token === u.token,
      })),
    );
  });

  app.post('/sys/user/sessions/revoke', async (req) => {
    const u = me(req);
    const id = optText(bodyOf(req).id, 'id') ?? '';
    const rows = await db.selectFrom('sys_token').select('token').where('user_id', '=', u.id).where('revoked_at', 'is', null).execute();
    const hit = rows.find((r) => sessionIdOf(String(r.token)) === id);
    if (!id || !hit) return fail(400, PROFILE_MSG.sessionGone);
    await db.updateTable('sys_token').set({ revoked_at: Date.now() }).where('token', '=', hit.token).execute();
    ctx.sessions.drop(String(hit.token));
    return ok(null, PROFILE_MSG.sessionOut);
  });
}
