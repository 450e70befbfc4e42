/**
 * Announcement routes beyond the generic CRUD of the sysAnnouncement schema
 * (base /sys/annountCement, permission prefix annountCement):
 *
 * admin (permission-checked, tenant-scoped):
 *   GET  /sys/annountCement/doReleaseData?id=   publish (annountCement:publish)
 *   GET  /sys/annountCement/doReovkeData?id=    revoke  (annountCement:revoke) [JeecgBoot spelling]
 *   PUT|POST /sys/annountCement/publish|revoke {id}   the generic transition routes of the schema's
 *        `states`, re-pointed at the same publish/revoke (refusals there: HTTP 400)
 *   add/edit of the generic layer: msgContent sanitized before the write (onRoute preHandler)
 * every logged-in user, always scoped to the caller's own inbox:
 *   GET  /sys/annountCement/listByUser           {anntMsgList, anntMsgTotal, sysMsgList, sysMsgTotal}
 *   GET  /sys/annountCement/queryById?id=        (replaces the generic handler: holders of
 *        annountCement:list get the tenant's record, everybody else only what was sent to them)
 *   PUT  /sys/sysAnnouncementSend/editByAnntIdAndUserId {anntId}   mark read (+ editReadStatus alias)
 *   PUT  /sys/sysAnnouncementSend/readAll
 *   GET  /sys/sysAnnouncementSend/getMyAnnouncementSend (+ /list alias)   我的消息 page
 * State refusals are JeecgBoot Result.error: HTTP 200, success false, code 400.
 */
import { sql, type SqlBool } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { API_ROOT, ok, fail } from '../../core/protocol/index.js';
import { requiredPermission } from '../../core/projections/menu.js';
import { apiPath } from '../../core/schema/naming.js';
import { can } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import type { NoticeHub } from '../ws/hub.js';
import { sanitizeHtml } from './sanitize.js';
import {
  ANNOUNCEMENT_RESOURCE,
  ITEM_COLUMNS,
  NOTICE_MSG,
  SEND_TABLE,
  ensureInbox,
  inboxItem,
  inboxQuery,
  markRead,
  publishAnnouncement,
  revokeAnnouncement,
  toItem,
} from './service.js';

type Query = Record<string, unknown>;

const LIST_BY_USER_LIMIT = 10;
const MAX_PAGE_SIZE = 1000;

function param(src: unknown, key: string): string | undefined {
  if (typeof src !== 'object' || src === null) return undefined;
  const v = (src as Query)[key];
  const x = Array.isArray(v) ? v[0] : v;
  if (typeof x === 'number') return String(x);
  return typeof x === 'string' && x.trim() !== '' ? x.trim() : undefined;
}

function requireId(req: FastifyRequest, key = 'id'): string {
  const id = param(req.query, key) ?? param(req.body, key);
  if (!id || id.length > 64) throw badRequest(`缺少参数：${key}`);
  return id;
}

function positiveInt(v: string | undefined, dflt: number, name: string, max = Number.MAX_SAFE_INTEGER): number {
  if (v === undefined) return dflt;
  if (!/^\d{1,9}$/.test(v) || Number(v) < 1) throw badRequest(`${name} 必须是正整数`);
  return Math.min(Number(v), max);
}

/** `*x*` / `x` -> x (JeecgBoot like values), trimmed. */
function likeText(v: string | undefined): string | undefined {
  const t = v?.replace(/^\*+|\*+$/g, '').trim();
  return t ? t : undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function toArray<T>(v: T | T[] | undefined): T[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

function methodsOf(ro: RouteOptions): string[] {
  return toArray(ro.method).map((m) => String(m).toUpperCase());
}

export function registerNotice(app: FastifyInstance, ctx: AppContext, hub: NoticeHub | null): void {
  const model = ctx.models.get(ANNOUNCEMENT_RESOURCE);
  if (!model) return; // schema removed: nothing to serve
  const s = model.schema;
  const listPerm = requiredPermission(s, 'list');
  const labels = (code: string, v: unknown) => (v == null ? null : (ctx.registry.dicts.get(code)?.items.find((i) => i.value === String(v))?.text ?? String(v)));

  // ---- hooks into the generic routes of the schema (must be registered before them)
  const full = (p: string) => `${API_ROOT}${p}`;
  const writeUrls = new Set([full(apiPath(s, 'add')), full(apiPath(s, 'edit'))]);
  const queryByIdUrl = full(apiPath(s, 'queryById'));

  const sanitizeBody = async (req: FastifyRequest) => {
    const body = req.body as Query | undefined;
    if (body && typeof body === 'object' && !Array.isArray(body) && typeof body.msgContent === 'string') {
      body.msgContent = sanitizeHtml(body.msgContent);
    }
  };

  /**
   * queryById: holders of annountCement:list get the generic answer (the tenant's record,
   * decorated by the generic layer) with msgContent sanitized and `titile`/`readFlag` added;
   * everybody else (and a generic 404) falls back to what was sent to the caller.
   */
  const queryById = (generic: RouteOptions['handler']) =>
    async function (this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
      const user = req.session!;
      const id = requireId(req);
      if (can(user, listPerm)) {
        try {
          const env = (await generic.call(this, req, reply)) as { result?: Query } | undefined;
          const rec = env?.result;
          if (rec && typeof rec === 'object') {
            rec.msgContent = sanitizeHtml(rec.msgContent);
            rec.titile = rec.title;
            const mine = await ctx.database.db.selectFrom(SEND_TABLE).select(['read_flag']).where('annt_id', '=', id).where('user_id', '=', user.id).executeTakeFirst();
            if (mine) rec.readFlag = String(mine.read_flag ?? 0);
            return env;
          }
        } catch (e) {
          if (!(e instanceof ApiError) || e.status !== 404) throw e;
        }
      }
      const item = await inboxItem(ctx, user, id);
      if (!item) throw notFound();
      return ok(item);
    };

  // The generic transition routes of the schema (PUT|POST <base>/publish|revoke, body {id}) run the
  // same publish/revoke (sender, sendTime, inbox rows, push); refusals there are HTTP 400 like
  // every generic transition.
  const base = apiPath(s, 'list').replace(/\/list$/, '');
  const transitionUrls = new Map<string, 'publish' | 'revoke'>();
  for (const t of s.states?.transitions ?? []) {
    if (t.action === 'publish' || t.action === 'revoke') transitionUrls.set(full(`${base}/${t.action}`), t.action);
  }
  const genericTransition = (action: 'publish' | 'revoke') => async (req: FastifyRequest) => {
    const run = action === 'publish' ? publishAnnouncement : revokeAnnouncement;
    const r = await run(ctx, hub, requireId(req), req.session!, req.tenantId);
    if (!r.ok) throw badRequest(r.message);
    return ok(toItem(r.row).id, action === 'publish' ? NOTICE_MSG.publishOk : NOTICE_MSG.revokeOk);
  };

  app.addHook('onRoute', (ro) => {
    const methods = methodsOf(ro);
    const action = transitionUrls.get(ro.url);
    if (action && (methods.includes('POST') || methods.includes('PUT'))) ro.handler = genericTransition(action) as RouteOptions['handler'];
    if (writeUrls.has(ro.url) && (methods.includes('POST') || methods.includes('PUT'))) {
      ro.preHandler = [...toArray(ro.preHandler), sanitizeBody] as RouteOptions['preHandler'];
    }
    if (ro.url === queryByIdUrl && methods.includes('GET')) {
      // Every logged-in user may open what was sent to them (websocket popup, 我的消息).
      ro.config = { ...(ro.config ?? {}), permission: undefined };
      ro.handler = queryById(ro.handler) as RouteOptions['handler'];
    }
  });

  // ---- publish / revoke
  const transition = (action: 'publish' | 'revoke') => async (req: FastifyRequest, reply: FastifyReply) => {
    const id = requireId(req);
    const run = action === 'publish' ? publishAnnouncement : revokeAnnouncement;
    const r = await run(ctx, hub, id, req.session!, req.tenantId);
    if (!r.ok) return reply.send(fail(400, r.message));
    return ok(toItem(r.row), action === 'publish' ? NOTICE_MSG.publishOk : NOTICE_MSG.revokeOk);
  };
  for (const [path, action] of [
    ['/doReleaseData', 'publish'],
    ['/doReovkeData', 'revoke'],
  ] as const) {
    const opts = { config: { permission: requiredPermission(s, action) } };
    app.get(`${base}${path}`, opts, transition(action));
    app.put(`${base}${path}`, opts, transition(action));
  }

  // ---- the caller's inbox
  app.get(`${base}/listByUser`, async (req) => {
    const user = req.session!;
    await ensureInbox(ctx, user);
    const part = async (category: '1' | '2') => {
      const q = inboxQuery(ctx, user.id).where('s.read_flag', '=', 0).where('a.msg_category', '=', category);
      const [rows, count] = await Promise.all([
        q.select([...ITEM_COLUMNS, 's.id as send_id', 's.read_flag', 's.read_time']).orderBy('a.send_time', 'desc').orderBy('a.id', 'desc').limit(LIST_BY_USER_LIMIT).execute(),
        q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
      ]);
      return { list: rows.map(toItem), total: Number(count?.n ?? 0) };
    };
    const [annt, sys] = [await part('1'), await part('2')];
    return ok({ anntMsgList: annt.list, anntMsgTotal: annt.total, sysMsgList: sys.list, sysMsgTotal: sys.total });
  });

  const readOne = async (req: FastifyRequest) => {
    const user = req.session!;
    const anntId = requireId(req, 'anntId');
    await ensureInbox(ctx, user);
    const n = await markRead(ctx, user.id, anntId);
    if (n === 0) {
      const exists = await ctx.database.db.selectFrom(SEND_TABLE).select('id').where('user_id', '=', user.id).where('annt_id', '=', anntId).executeTakeFirst();
      if (!exists) throw notFound();
    }
    return ok(null, NOTICE_MSG.readOk);
  };
  for (const path of ['/sys/sysAnnouncementSend/editByAnntIdAndUserId', '/sys/sysAnnouncementSend/editReadStatus']) {
    app.put(path, readOne);
    app.post(path, readOne);
  }

  const readAll = async (req: FastifyRequest) => {
    const user = req.session!;
    await ensureInbox(ctx, user);
    const n = await markRead(ctx, user.id);
    return ok(n, NOTICE_MSG.readAllOk);
  };
  app.put('/sys/sysAnnouncementSend/readAll', readAll);
  app.post('/sys/sysAnnouncementSend/readAll', readAll);

  const myMessages = async (req: FastifyRequest) => {
    const user = req.session!;
    const q = (req.query ?? {}) as Query;
    const pageNo = positiveInt(param(q, 'pageNo'), 1, 'pageNo');
    const pageSize = positiveInt(param(q, 'pageSize'), 10, 'pageSize', MAX_PAGE_SIZE);
    const title = likeText(param(q, 'title') ?? param(q, 'titile'));
    const sender = likeText(param(q, 'sender'));
    const readFlag = param(q, 'readFlag');
    const msgCategory = param(q, 'msgCategory');
    if (readFlag !== undefined && readFlag !== '0' && readFlag !== '1') throw badRequest('不支持的查询条件：readFlag');
    if (msgCategory !== undefined && msgCategory !== '1' && msgCategory !== '2') throw badRequest('不支持的查询条件：msgCategory');
    await ensureInbox(ctx, user);
    let found = inboxQuery(ctx, user.id);
    if (title) found = found.where(sql<SqlBool>`a.title like ${`%${escapeLike(title)}%`} escape '\\'`);
    if (sender) found = found.where(sql<SqlBool>`a.sender like ${`%${escapeLike(sender)}%`} escape '\\'`);
    if (readFlag !== undefined) found = found.where('s.read_flag', '=', Number(readFlag));
    if (msgCategory !== undefined) found = found.where('a.msg_category', '=', msgCategory);
    const total = Number((await found.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows =
      (pageNo - 1) * pageSize < total
        ? await found
            .select([...ITEM_COLUMNS, 's.id as send_id', 's.read_flag', 's.read_time'])
            .orderBy('a.send_time', 'desc')
            .orderBy('a.id', 'desc')
            .limit(pageSize)
            .offset((pageNo - 1) * pageSize)
            .execute()
        : [];
    const records = rows.map((r) => {
      const it = toItem(r);
      return {
        ...it,
        id: it.sendId, // the send record (JeecgBoot AnnouncementSendModel); anntId names the announcement
        msgCategory_dictText: labels('msg_category', it.msgCategory),
        priority_dictText: labels('priority', it.priority),
        readFlag_dictText: labels('read_flag', it.readFlag),
      };
    });
    return ok({ records, total, size: pageSize, current: pageNo, pages: total === 0 ? 0 : Math.ceil(total / pageSize) });
  };
  app.get('/sys/sysAnnouncementSend/getMyAnnouncementSend', myMessages);
  app.get('/sys/sysAnnouncementSend/list', myMessages);
}
