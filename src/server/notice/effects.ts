/**
 * The announcement's registered effects, named by the sysAnnouncement schema:
 * - `announcementPublish` (transition publish): the inbox rows of every recipient are written
 *   in the transition's transaction (no recipient → 400, nothing changes); once committed the
 *   recipients' sockets get {cmd:'user', msgId, msgTxt, title, priority}.
 * - `announcementRevoke` (transition revoke): once committed the recipients' sockets get
 *   {cmd:'topic', ..., revoked: true} so open lists reload.
 * - `announcementRead` (effects.read): queryById for whoever the announcement was sent to;
 *   holders of the list code get the tenant's record, with their own read flag.
 */
import type { Kysely } from 'kysely';
import type { Effects } from '../resources/effects.js';
import { badRequest } from '../errors.js';
import { sanitizeHtml } from './sanitize.js';
import { NOTICE_MSG, SEND_TABLE, ensureInbox, inboxItem, insertInbox } from './service.js';

type Rec = Record<string, unknown>;
type Db = Kysely<any>;

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const splitIds = (v: unknown): string[] => [...new Set(String(v ?? '').split(',').map((x) => x.trim()).filter(Boolean))];

/** Users of the announcement's tenant (ALL) or the chosen users of that tenant (USER). */
export async function recipientsOf(db: Db, tenantId: number, msgType: unknown, userIds: unknown): Promise<string[]> {
  let q = db.selectFrom('sys_user').select('id').where('tenant_id', '=', tenantId).where('del_flag', '=', 0);
  if (String(msgType) !== 'ALL') {
    const chosen = splitIds(userIds);
    if (chosen.length === 0) return [];
    q = q.where('id', 'in', chosen);
  }
  return (await q.execute()).map((r) => String(r.id));
}

export function registerNoticeEffects(effects: Effects): void {
  effects.register('announcementPublish', async (e) => {
    const row = e.before as Rec;
    const recipients = await recipientsOf(e.db, e.caller.tenantId, row.msgType, row.userIds);
    if (recipients.length === 0) throw badRequest(NOTICE_MSG.noRecipients);
    await insertInbox(e.db, e.id, e.caller.tenantId, recipients);
    const title = String(row.title ?? '');
    e.afterCommit?.(() => { e.ctx.pushToUsers?.(recipients, { cmd: 'user', msgId: e.id, msgTxt: title, title, priority: str(row.priority), msgCategory: str(row.msgCategory) }); });
  });

  effects.register('announcementRevoke', async (e) => {
    const row = e.before as Rec;
    const users = (await e.db.selectFrom(SEND_TABLE).select('user_id').where('annt_id', '=', e.id).execute()).map((r) => String(r.user_id));
    const title = String(row.title ?? '');
    e.afterCommit?.(() => { e.ctx.pushToUsers?.(users, { cmd: 'topic', msgId: e.id, msgTxt: title, title, priority: str(row.priority), revoked: true }); });
  });

  effects.register('announcementRead', async (e) => {
    const user = e.caller.user;
    const rec = e.before;
    if (rec) {
      rec.msgContent = sanitizeHtml(rec.msgContent);
      rec.titile = rec.title;
      const mine = await e.db.selectFrom(SEND_TABLE).select(['read_flag']).where('annt_id', '=', e.id).where('user_id', '=', user.id).executeTakeFirst();
      if (mine) rec.readFlag = String(mine.read_flag ?? 0);
      return rec;
    }
    await ensureInbox(e.ctx, user);
    return inboxItem(e.ctx, user, e.id);
  });
}
