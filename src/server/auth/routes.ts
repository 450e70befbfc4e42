/** POST /sys/login and POST /sys/logout. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ok, TOKEN_TTL_MS } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import { badRequest, MSG } from '../errors.js';
import { verifyPassword } from './password.js';
import { userInfo } from './user-info.js';

const WINDOW_MS = 10 * 60 * 1000;
const MAX_FAILURES = 5;

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;

  async function failuresSinceLastSuccess(username: string, now: number): Promise<number> {
    const lastOk = await db
      .selectFrom('sys_login_attempt')
      .select((eb) => eb.fn.max('at').as('at'))
      .where('username', '=', username)
      .where('success', '=', 1)
      .executeTakeFirst();
    const since = Math.max(now - WINDOW_MS, Number(lastOk?.at ?? 0));
    const row = await db
      .selectFrom('sys_login_attempt')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('username', '=', username)
      .where('success', '=', 0)
      .where('at', '>', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  const attempt = (username: string, success: boolean, at: number) =>
    db.insertInto('sys_login_attempt').values({ id: newId(), username, at, success: success ? 1 : 0 }).execute();

  app.post('/sys/login', { config: { public: true } }, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const username = typeof body.username === 'string' ? body.username.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!username || !password || username.length > 64 || password.length > 128) {
      throw badRequest(MSG.loginFailed);
    }
    const now = Date.now();
    // Business failures keep HTTP 200 with success=false (JeecgBoot Result.error), code 400.
    const refuse = (message: string) => reply.send({ success: false, message, code: 400, result: null, timestamp: Date.now() });
    if ((await failuresSinceLastSuccess(username, now)) >= MAX_FAILURES) return refuse(MSG.loginLocked);

    const user = await db
      .selectFrom('sys_user')
      .selectAll()
      .where('username', '=', username)
      .where('del_flag', '=', 0)
      .orderBy('create_time')
      .executeTakeFirst();
    const good = user && (user.status == null || String(user.status) === '1') && (await verifyPassword(password, user.password_hash));
    if (!good) {
      await attempt(username, false, now);
      if ((await failuresSinceLastSuccess(username, now)) >= MAX_FAILURES) return refuse(MSG.loginLocked);
      return refuse(MSG.loginFailed);
    }
    await attempt(username, true, now);
    const token = randomBytes(32).toString('hex');
    await db
      .insertInto('sys_token')
      .values({ token, user_id: user.id, tenant_id: user.tenant_id, created_at: now, expires_at: now + TOKEN_TTL_MS, revoked_at: null })
      .execute();
    return ok({ token, userInfo: userInfo(user), isJump: false }, MSG.loginOk);
  });

  app.post('/sys/logout', async (req) => {
    const token = req.session!.token;
    await db.updateTable('sys_token').set({ revoked_at: Date.now() }).where('token', '=', token).execute();
    ctx.sessions.drop(token);
    return ok(null, '退出登录成功！');
  });
}
