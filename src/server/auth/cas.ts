/**
 * CAS single sign-on (JeecgBoot CasClientController), on when CAS_SERVER_URL is set:
 *   GET /cas/client/validateLogin?ticket=&service=  -> {token, userInfo, isJump:false}
 * The ticket is validated by the server against `<CAS_SERVER_URL>/p3/serviceValidate` (CAS 3,
 * falling back to `/serviceValidate` on 404); the CAS user is the account's username. The
 * service must be a URL of this console's own login page (no ticket minted for another site
 * is accepted here). Refusals are business answers (HTTP 200, success false).
 */
import type { FastifyInstance } from 'fastify';
import { fail, ok } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { logLogin } from '../logs/index.js';
import { accountRefusal, issueLogin, type UserRow } from './token.js';

export const CAS_MSG = {
  off: '未配置CAS单点登录',
  ticketRequired: '缺少参数：ticket',
  serviceRequired: '缺少参数：service',
  invalid: 'CAS票据验证失败，请重新登录',
  unreachable: 'CAS服务器连接失败，请稍后重试',
  noUser: (u: string) => `CAS用户「${u}」在本系统中不存在`,
} as const;

const TIMEOUT_MS = 10_000;

/** `<cas:user>` of a CAS serviceValidate answer, or null for a failure answer. */
export function casUserOf(xml: string): string | null {
  if (!/<cas:authenticationSuccess[\s>]/.test(xml)) return null;
  const m = /<cas:user>\s*([^<]+?)\s*<\/cas:user>/.exec(xml);
  return m ? m[1]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>') : null;
}

export function registerCasRoutes(app: FastifyInstance, ctx: AppContext, casServerUrl: string | undefined): void {
  const base = casServerUrl?.replace(/\/+$/, '');

  app.get('/cas/client/validateLogin', { config: { public: true } }, async (req) => {
    if (!base) return fail(400, CAS_MSG.off);
    const q = (req.query ?? {}) as Record<string, unknown>;
    const one = (v: unknown) => (typeof v === 'string' ? v.trim() : Array.isArray(v) && typeof v[0] === 'string' ? v[0].trim() : '');
    const ticket = one(q.ticket).slice(0, 512);
    const service = one(q.service).slice(0, 2048);
    if (!ticket) return fail(400, CAS_MSG.ticketRequired);
    if (!service) return fail(400, CAS_MSG.serviceRequired);
    let own: URL;
    try {
      own = new URL(service);
    } catch {
      return fail(400, CAS_MSG.invalid);
    }
    if (!/^https?:$/.test(own.protocol) || own.pathname !== '/user/login') return fail(400, CAS_MSG.invalid);

    const ask = (path: string) =>
      fetch(`${base}${path}?${new URLSearchParams({ ticket, service }).toString()}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    let xml: string;
    try {
      let res = await ask('/p3/serviceValidate');
      if (res.status === 404) res = await ask('/serviceValidate');
      if (!res.ok) return fail(400, CAS_MSG.invalid);
      xml = await res.text();
    } catch {
      return fail(400, CAS_MSG.unreachable);
    }
    const username = casUserOf(xml);
    if (!username) {
      logLogin(ctx, req, { username: 'CAS', ok: false, reason: CAS_MSG.invalid });
      return fail(400, CAS_MSG.invalid);
    }
    const user = (await ctx.database.db
      .selectFrom('sys_user')
      .selectAll()
      .where('username', '=', username)
      .where('del_flag', '=', 0)
      .orderBy('create_time')
      .executeTakeFirst()) as UserRow | undefined;
    if (!user) return fail(400, CAS_MSG.noUser(username));
    const why = await accountRefusal(ctx.database.db, user);
    if (why) {
      logLogin(ctx, req, { username, user, ok: false, reason: why });
      return fail(400, why);
    }
    return ok(await issueLogin(ctx, req, user), '登录成功');
  });
}
