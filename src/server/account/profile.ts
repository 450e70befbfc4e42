/**
 * 个人中心 / 个人设置 calls of the logged-in user about themself (no list or edit code needed):
 *   GET      /sys/user/profile            -> {userInfo, roles: [name], departs: [name], tenantName}
 *   PUT|POST /sys/user/changeUserInfo {realname?, avatar?, phone?, email?} -> {userInfo}
 *            realname 1-50 characters; phone and e-mail by the core formats (empty clears them);
 *            a phone another account of the tenant uses is refused (手机号已存在); the row's
 *            version moves on like any edit, so an open edit form of the user sees the change.
 *   GET      /sys/user/sessions           -> [{id, createdAt, expiresAt, ip, userAgent, current}]
 *   POST     /sys/user/sessions/revoke {id} -> the caller's session `id` ends (退出 per device)
 * A session id is a hash of its token: the token itself never leaves the server again.
 */
import { userModel } from './user-model.js';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail, ok } from '../../core/protocol/index.js';
import { EMAIL_PATTERN, MESSAGES, PHONE_PATTERN } from '../../core/validators/index.js';
import { userInfo } from '../auth/user-info.js';
import type { AppContext } from '../context.js';
import { nowText } from '../db/ids.js';
import { badRequest } from '../errors.js';
import { userDeparts } from './departs.js';

export const PROFILE_MSG = {
  ok: '修改成功',
  realname: '姓名：请输入1-50个字符',
  email: '邮箱：请输入正确格式的邮箱!',
  phoneTaken: '手机号已存在',
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
    const realname = optText(b.realname, 'realname');
    const avatar = optText(b.avatar, 'avatar');
    const phone = optText(b.phone, 'phone');
    const email = optText(b.email, 'email');
    const set: Record<string, unknown> = {};
    if (realname !== undefined) {
      if (realname.length < 1 || realname.length > 50) return fail(400, PROFILE_MSG.realname);
      set.realname = realname;
    }
    if (avatar !== undefined) {
      if (avatar && (avatar.length > 255 || !/\.(png|jpe?g|gif|webp|bmp)$/i.test(avatar) || /^(javascript|data):/i.test(avatar))) return fail(400, PROFILE_MSG.avatar);
      set.avatar = avatar || null;
    }
    if (phone !== undefined) {
      if (phone && !PHONE_PATTERN.test(phone)) return fail(400, `手机号：${MESSAGES.phone}`);
      if (phone) {
        const other = await db.selectFrom('sys_user').select('id').where('phone', '=', phone).where('tenant_id', '=', u.tenantId).where('id', '!=', u.id).where('del_flag', '=', 0).executeTakeFirst();
        if (other) return fail(400, PROFILE_MSG.phoneTaken);
      }
      set.phone = phone || null;
    }
    if (email !== undefined) {
      if (email && (email.length > 100 || !EMAIL_PATTERN.test(email))) return fail(400, PROFILE_MSG.email);
      set.email = email || null;
    }
    if (Object.keys(set).length === 0) return fail(400, '没有要修改的内容');
    const model = userModel(ctx);
    await db
      .updateTable('sys_user')
      .set((eb) => ({
        ...set,
        update_by: u.username,
        update_time: nowText(),
        // every module table carries version (the user list's optimistic lock)
        ...(model ? { version: eb('version', '+', 1) } : {}),
      }))
      .where('id', '=', u.id)
      .execute();
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
