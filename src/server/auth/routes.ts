/** POST /sys/login and POST /sys/logout. */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import { ApiError, badRequest, MSG } from '../errors.js';
import { Counters } from './counters.js';
import { verifyPassword } from './password.js';
import { issueLogin, type UserRow } from './token.js';
import { logLogin } from '../logs/index.js';
import { tenantRefusal } from '../tenancy/profiles.js';

/**
 * Guessing passwords is limited without letting anyone lock the owner out, with counters in
 * the database (auth/counters.ts) so that every instance and every simultaneous request counts:
 * - per username and address: the 6th attempt within 10 minutes and every later one from that
 *   address is refused (登录失败次数过多…) without looking at the password; counted before the
 *   check, so of simultaneous guesses only the first five are checked. A success clears it.
 *   The owner, from another address, is not affected.
 * - per username, over all addresses: after 5 failures in 10 minutes every further failed
 *   answer is delayed (0.5 s doubling, at most 4 s), slowing a guess spread over many addresses.
 * - per address, over all usernames: past 20 failures in 10 minutes each answer is delayed
 *   (0.25 s doubling, at most 4 s); from 60 on the address gets 429 请求过于频繁，请稍后再试.
 */
const WINDOW_MS = 10 * 60 * 1000;
const MAX_FAILURES = 5;
const ADDRESS_SLOW_AFTER = 20;
const ADDRESS_LIMIT = 60;
const MAX_DELAY_MS = 4000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const backoff = (n: number, over: number, baseMs: number) => (n > over ? Math.min(baseMs * 2 ** (n - over - 1), MAX_DELAY_MS) : 0);

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx.database;
  const counters = new Counters(ctx.database);

  /** The login log (every attempt, success or not). */
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
    const address = req.ip;
    const addressKey = `login:ip:${address}`;
    const fromAddress = await counters.peek(addressKey, now);
    if (fromAddress >= ADDRESS_LIMIT) throw new ApiError(429, MSG.tooManyRequests);
    await sleep(backoff(fromAddress, ADDRESS_SLOW_AFTER, 250));
    const pairKey = `login:pair:${username}:${address}`;
    if ((await counters.hit(pairKey, WINDOW_MS, now)) > MAX_FAILURES) {
      await attempt(username, false, now);
      logLogin(ctx, req, { username, ok: false, reason: MSG.loginLocked });
      return refuse(MSG.loginLocked);
    }

    const user = await db
      .selectFrom('sys_user')
      .selectAll()
      .where('username', '=', username)
      .where('del_flag', '=', 0)
      .orderBy('create_time')
      .executeTakeFirst();
    const passwordOk = Boolean(user) && (await verifyPassword(password, user!.password_hash));
    // a frozen account is told so, but only to someone who knows its password (no account-state oracle)
    if (passwordOk && user!.status != null && String(user!.status) !== '1') {
      await attempt(username, false, now);
      logLogin(ctx, req, { username, user, ok: false, reason: MSG.userFrozen });
      return refuse(MSG.userFrozen);
    }
    const tenantProblem = user && passwordOk ? await tenantRefusal(db, Number(user.tenant_id)) : null;
    if (tenantProblem) {
      await attempt(username, false, now);
      logLogin(ctx, req, { username, user, ok: false, reason: tenantProblem });
      return refuse(tenantProblem);
    }
    if (!user || !passwordOk) {
      await attempt(username, false, now);
      logLogin(ctx, req, { username, user, ok: false, reason: MSG.loginFailed });
      await counters.hit(addressKey, WINDOW_MS, now);
      const failures = await counters.hit(`login:user:${username}`, WINDOW_MS, now);
      await sleep(backoff(failures, MAX_FAILURES, 500));
      return refuse((await counters.peek(pairKey)) >= MAX_FAILURES ? MSG.loginLocked : MSG.loginFailed);
    }
    await attempt(username, true, now);
    await counters.reset(pairKey);
    return ok(await issueLogin(ctx, req, user as UserRow, now), MSG.loginOk);
  });

  app.post('/sys/logout', async (req) => {
    const token = req.session!.token;
    await db.updateTable('sys_token').set({ revoked_at: Date.now() }).where('token', '=', token).execute();
    ctx.sessions.drop(token);
    return ok(null, '退出登录成功！');
  });
}
