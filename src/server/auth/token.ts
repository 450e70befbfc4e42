/** The logged-in answer shared by every way of logging in (password, phone + SMS code, CAS). */
import { recordOnline } from './online.js';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { TOKEN_TTL_MS } from '../../core/protocol/index.js';
import type { Database } from '../db/connection.js';
import { MSG } from '../errors.js';
import { logLogin } from '../logs/index.js';
import type { AppContext } from '../context.js';
import { tenantRefusal } from '../tenancy/profiles.js';
import { userInfo } from './user-info.js';

export type UserRow = Record<string, unknown> & { id: unknown; tenant_id: unknown };

/** Why this user may not log in now (frozen, tenant disabled or expired), or null. */
export async function accountRefusal(db: Database['db'], user: UserRow): Promise<string | null> {
  if (user.status != null && String(user.status) !== '1') return MSG.userFrozen;
  return tenantRefusal(db, Number(user.tenant_id));
}

/** A new session token of the user: `{token, userInfo, isJump: false}`, logged as a successful login. */
export async function issueLogin(ctx: AppContext, req: FastifyRequest, user: UserRow, now = Date.now()) {
  const token = randomBytes(32).toString('hex');
  // 在线用户: the session's row (account, address, browser, login time)
  const onlineId = await recordOnline(ctx, req, user);
  await ctx.database.db
    .insertInto('sys_token')
    .values({
      token,
      user_id: user.id,
      tenant_id: user.tenant_id,
      created_at: now,
      expires_at: now + TOKEN_TTL_MS,
      revoked_at: null,
      ip: req.ip,
      user_agent: String(req.headers['user-agent'] ?? '').slice(0, 300),
      online_id: onlineId,
    })
    .execute();
  logLogin(ctx, req, { username: String(user.username), user, ok: true });
  return { token, userInfo: userInfo(user), isJump: false };
}
