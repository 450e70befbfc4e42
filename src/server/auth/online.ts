/**
 * 在线用户 (module sysUserOnline, table from its schema): one row per live login session.
 * - login writes the row (account, name, address, browser, login time) and links the token to
 *   it (sys_token.online_id); the token itself never leaves sys_token;
 * - the session store touches `lastSeen` when it (re)loads a session from the database (at most
 *   every session-cache period per instance), so 最近活动 is accurate to about half a minute;
 * - a session that ends anywhere (logout, freeze, password change, tenant disabled, 强退) is
 *   announced on the bus `sessions` channel; every instance then removes the rows whose token is
 *   no longer live, so the list shows live sessions only;
 * - effect `forceLogout` (强退) revokes the row's token; its cached session is dropped on every
 *   instance after commit and the websocket sweep closes its sockets.
 * - 强退 names the session by its row `id` or, as JeecgBoot's 在线用户 sends it, by `token`: the
 *   login token itself or its session id (the hash `/sys/user/sessions` shows); a token that is
 *   not a live session of the tenant acted on is 404 `未找到对应数据`, nothing changed.
 * Nothing happens when the module is not installed.
 */
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionIdOf } from '../account/profile.js';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import type { Effects } from '../resources/effects.js';
import { toStored } from '../resources/model.js';

export const ONLINE_RESOURCE = 'sysUserOnline';

/** Writes the session's row and returns its id for sys_token.online_id (null: module absent). */
export async function recordOnline(ctx: AppContext, req: FastifyRequest, user: Record<string, unknown>): Promise<string | null> {
  const m = ctx.models.get(ONLINE_RESOURCE);
  if (!m) return null;
  const now = nowText();
  const id = newId();
  const row: Record<string, unknown> = { id, tenant_id: Number(user.tenant_id), create_by: String(user.username), create_time: now, version: 1 };
  const values: Record<string, unknown> = {
    userId: String(user.id),
    username: String(user.username),
    realname: user.realname ?? null,
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
    loginTime: now,
    lastSeen: now,
  };
  for (const [k, v] of Object.entries(values)) {
    const c = m.byKey.get(k);
    if (c && v !== null && v !== undefined) row[c.column] = toStored(c, typeof v === 'string' ? v.slice(0, c.field.maxLength ?? 300) : v);
  }
  await ctx.database.db.insertInto(m.table).values(row).execute();
  return id;
}

/** Marks the session seen now (called when the session store loads it from the database). */
export async function touchOnline(ctx: Pick<AppContext, 'models' | 'database'>, onlineId: string | null | undefined): Promise<void> {
  const m = ctx.models.get(ONLINE_RESOURCE);
  const c = m?.byKey.get('lastSeen');
  if (!m || !c || !onlineId) return;
  await ctx.database.db.updateTable(m.table).set({ [c.column]: nowText() }).where('id', '=', onlineId).execute();
}

/** Removes the rows of sessions that are no longer live (revoked or expired tokens). */
export async function purgeEndedSessions(ctx: AppContext, now = Date.now()): Promise<number> {
  const m = ctx.models.get(ONLINE_RESOURCE);
  if (!m) return 0;
  const r = await ctx.database.db
    .deleteFrom(m.table)
    .where(({ not, exists, selectFrom }) => not(exists(
      selectFrom('sys_token as t')
        .select(sql.lit(1).as('one'))
        .whereRef('t.online_id', '=', sql.ref(`${m.table}.id`))
        .where('t.revoked_at', 'is', null)
        .where('t.expires_at', '>', now),
    )))
    .executeTakeFirst();
  const n = Number(r.numDeletedRows ?? 0);
  return n;
}

/** Every ended session (announced on `sessions` by any instance) leaves 在线用户 here too. */
export function attachOnlinePurge(ctx: AppContext): void {
  if (!ctx.models.has(ONLINE_RESOURCE)) return;
  let running: Promise<unknown> | null = null;
  let again = false;
  const run = (): void => {
    if (running) { again = true; return; }
    running = purgeEndedSessions(ctx)
      .catch((err: unknown) => { console.error('[online] purge failed', err); })
      .finally(() => { running = null; if (again) { again = false; run(); } });
  };
  ctx.bus.subscribe('sessions', () => run());
}

export function registerOnlineEffects(effects: Effects): void {
  /** 强退: the row's session ends now on every instance. */
  effects.register('forceLogout', async (e) => {
    const tokens = await e.db.selectFrom('sys_token').select('token').where('online_id', '=', e.id).where('revoked_at', 'is', null).execute();
    await e.db.updateTable('sys_token').set({ revoked_at: Date.now() }).where('online_id', '=', e.id).where('revoked_at', 'is', null).execute();
    await e.db.deleteFrom(e.model.table).where('id', '=', e.id).execute();
    const drop = () => { for (const t of tokens) e.ctx.sessions.drop(String(t.token)); };
    if (e.afterCommit) e.afterCommit(drop);
    else drop();
    return { username: e.before?.username ?? null, realname: e.before?.realname ?? null };
  });
}

const MAX_TOKEN = 512;

/**
 * JeecgBoot's 强退 sends `{token}`: before the generic action runs, the token (or its session id)
 * becomes the `id` of its session row, so the one action path serves both callers.
 */
export function acceptForceLogoutToken(app: FastifyInstance, ctx: AppContext): void {
  const m = ctx.models.get(ONLINE_RESOURCE);
  const action = m?.schema.actions?.find((a) => a.effect === 'forceLogout' && a.api);
  if (!m || !action?.api) return;
  const url = app.prefix + action.api.path;
  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.url !== url || !req.session) return;
    const body = req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
    const b = body as Record<string, unknown>;
    if ((b.id !== undefined && b.id !== null && b.id !== '') || b.token === undefined) return;
    const { token, ...rest } = b;
    const t = typeof token === 'string' ? token.trim() : '';
    const live = t && t.length <= MAX_TOKEN
      ? await ctx.database.db
        .selectFrom('sys_token as t')
        .innerJoin(`${m.table} as o`, 'o.id', 't.online_id')
        .select(['t.token', 'o.id'])
        .where('o.tenant_id', '=', req.tenantId)
        .where('t.revoked_at', 'is', null)
        .execute()
      : [];
    const hit = live.find((r) => String(r.token) === t || sessionIdOf(String(r.token)) === t);
    // an unknown token names no row: the generic action answers 未找到对应数据
    req.body = { ...rest, id: hit ? String(hit.id) : '0' };
  });
}
