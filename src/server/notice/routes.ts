/**
 * Announcement routes beyond the generic CRUD of the sysAnnouncement schema
 * (base /sys/annountCement, permission prefix annountCement):
 *
 * The generic layer serves add/edit (richtext sanitized by the pipeline), the transitions
 * publish/revoke (effects announcementPublish/announcementRevoke, notice/effects.ts) and
 * queryById (effects.read announcementRead: holders of annountCement:list get the tenant's
 * record, everybody else only what was sent to them). Here, by their JeecgBoot names:
 *   GET  /sys/annountCement/doReleaseData?id=   publish (annountCement:publish)
 *   GET  /sys/annountCement/doReovkeData?id=    revoke  (annountCement:revoke) [JeecgBoot spelling]
 * every logged-in user, always scoped to the caller's own inbox:
 *   GET  /sys/annountCement/listByUser           {anntMsgList, anntMsgTotal, sysMsgList, sysMsgTotal}
 *   PUT  /sys/sysAnnouncementSend/editByAnntIdAndUserId {anntId}   mark read (+ editReadStatus alias)
 *   PUT  /sys/sysAnnouncementSend/readAll
 *   GET  /sys/sysAnnouncementSend/getMyAnnouncementSend (+ /list alias)   我的消息 page
 * State refusals are JeecgBoot Result.error: HTTP 200, success false, code 400.
 */
import { sql, type SqlBool } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok, fail } from '../../core/protocol/index.js';
import { requiredPermission } from '../../core/projections/menu.js';
import { apiPath } from '../../core/schema/naming.js';
import type { AppContext } from '../context.js';
import { ApiError, badRequest, notFound } from '../errors.js';
import { runTransition } from '../resources/transition.js';
import {
  ANNOUNCEMENT_RESOURCE,
  ITEM_COLUMNS,
  NOTICE_MSG,
  SEND_TABLE,
  ensureInbox,
  inboxItem,
  inboxQuery,
  markRead,
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

export function registerNotice(app: FastifyInstance, ctx: AppContext): void {
  const model = ctx.models.get(ANNOUNCEMENT_RESOURCE);
  if (!model) return; // schema removed: nothing to serve
  const s = model.schema;
  const labels = (code: string, v: unknown) => (v == null ? null : (ctx.registry.dicts.get(code)?.items.find((i) => i.value === String(v))?.text ?? String(v)));

  const base = apiPath(s, 'list').replace(/\/list$/, '');

  // ---- publish / revoke by their JeecgBoot names: the schema's transitions (state check,
  // effects, data log) answered as JeecgBoot does (refusals: HTTP 200, success false, code 400)
  const transition = (action: 'publish' | 'revoke') => async (req: FastifyRequest, reply: FastifyReply) => {
    const id = requireId(req);
    const t = s.states?.transitions.find((x) => x.action === action);
    if (!t) throw notFound();
    try {
      await runTransition(ctx, model, t, { id }, { user: req.session!, tenantId: req.tenantId });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) return reply.send(fail(400, e.message));
      throw e;
    }
    const row = await ctx.database.db.selectFrom(model.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return ok(toItem(row), action === 'publish' ? NOTICE_MSG.publishOk : NOTICE_MSG.revokeOk);
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
