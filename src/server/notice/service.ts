/**
 * Announcements (sys_announcement, schema sysAnnouncement) and their inbox
 * (sys_announcement_send: one row per recipient).
 *
 * publish and revoke are the schema's transitions (their effects: effects.ts). Inbox rows
 * are also filled lazily (`ensureInbox`), JeecgBoot style, for users created after a publish.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { SessionUser } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { notFound } from '../errors.js';
import type { NoticeHub } from '../ws/hub.js';
import { sanitizeHtml } from './sanitize.js';

export const ANNOUNCEMENT_RESOURCE = 'sysAnnouncement';
export const SEND_TABLE = 'sys_announcement_send';

export const STATUS = { draft: '0', published: '1', revoked: '2' } as const;

export const NOTICE_MSG = {
  publishOk: '该系统通知发布成功',
  revokeOk: '该系统通知撤销成功',
  noRecipients: '通告对象中没有可接收的用户',
  readOk: '操作成功！',
  readAllOk: '全部已读',
} as const;

type Row = Record<string, unknown>;

export function announcementTable(ctx: AppContext): string {
  return ctx.models.get(ANNOUNCEMENT_RESOURCE)?.table ?? 'sys_announcement';
}

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function splitIds(v: unknown): string[] {
  return [...new Set(String(v ?? '').split(',').map((x) => x.trim()).filter(Boolean))];
}

/** Announcement row (+ optional inbox columns) -> the item the console reads (HeaderNotice, ShowAnnouncement, 我的消息). */
export function toItem(row: Row): Row {
  const title = str(row.title);
  const item: Row = {
    id: str(row.id),
    title,
    titile: title, // JeecgBoot spelling read by HeaderNotice / ShowAnnouncement
    msgCategory: str(row.msg_category),
    msgType: str(row.msg_type),
    msgAbstract: str(row.msg_abstract),
    msgContent: sanitizeHtml(row.msg_content),
    priority: str(row.priority),
    sender: str(row.sender),
    sendStatus: str(row.send_status),
    sendTime: str(row.send_time),
    cancelTime: str(row.cancel_time),
    createTime: str(row.create_time),
    openType: str(row.open_type),
    openPage: str(row.open_page),
    busId: str(row.bus_id),
    tenantId: row.tenant_id === undefined || row.tenant_id === null ? null : Number(row.tenant_id),
  };
  if ('read_flag' in row) {
    item.readFlag = row.read_flag === null || row.read_flag === undefined ? '0' : String(row.read_flag);
    item.readTime = str(row.read_time);
    item.sendId = str(row.send_id);
    item.anntId = str(row.id);
    item.msgId = str(row.id);
    item.msgTxt = title;
  }
  return item;
}

/** Announcement columns selected for items, qualified with alias `a`. */
export const ITEM_COLUMNS = [
  'a.id', 'a.title', 'a.msg_category', 'a.msg_type', 'a.msg_abstract', 'a.msg_content', 'a.priority', 'a.sender',
  'a.send_status', 'a.send_time', 'a.cancel_time', 'a.create_time', 'a.open_type', 'a.open_page', 'a.bus_id', 'a.tenant_id',
] as const;

/** Inbox rows of one announcement for these users (existing ones kept). */
export async function insertInbox(db: Kysely<any>, anntId: string, tenantId: number, userIds: string[]): Promise<void> {
  const now = nowText();
  const rows = userIds.map((userId) => ({ id: newId(), annt_id: anntId, user_id: userId, read_flag: 0, read_time: null, tenant_id: tenantId, create_time: now }));
  for (let i = 0; i < rows.length; i += 200) {
    await db.insertInto(SEND_TABLE).values(rows.slice(i, i + 200)).onConflict((oc) => oc.columns(['user_id', 'annt_id']).doNothing()).execute();
  }
}

/** Fills the user's missing inbox rows for published announcements addressed to them. */
export async function ensureInbox(ctx: AppContext, user: Pick<SessionUser, 'id' | 'tenantId'>): Promise<void> {
  const table = announcementTable(ctx);
  const { db } = ctx.database;
  const missing = await db
    .selectFrom(`${table} as a`)
    .select('a.id')
    .where('a.tenant_id', '=', user.tenantId)
    .where('a.send_status', '=', STATUS.published)
    .where((eb) =>
      eb.or([eb('a.msg_type', '=', 'ALL'), sql<SqlBool>`(',' || a.user_ids || ',') like ${`%,${user.id},%`}`]),
    )
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom(`${SEND_TABLE} as s`).select('s.id').whereRef('s.annt_id', '=', 'a.id').where('s.user_id', '=', user.id))),
    )
    .limit(500)
    .execute();
  for (const r of missing) await insertInbox(db, String(r.id), user.tenantId, [user.id]);
}

/** Inbox query of one user: published announcements only, joined with their send rows. */
export function inboxQuery(ctx: AppContext, userId: string) {
  return ctx.database.db
    .selectFrom(`${SEND_TABLE} as s`)
    .innerJoin(`${announcementTable(ctx)} as a`, 'a.id', 's.annt_id')
    .where('s.user_id', '=', userId)
    .where('a.send_status', '=', STATUS.published);
}

/** One announcement as its recipient sees it, or null when it was not sent to them. */
export async function inboxItem(ctx: AppContext, user: Pick<SessionUser, 'id' | 'tenantId'>, anntId: string): Promise<Row | null> {
  await ensureInbox(ctx, user);
  const row = await inboxQuery(ctx, user.id)
    .select([...ITEM_COLUMNS, 's.id as send_id', 's.read_flag', 's.read_time'])
    .where('a.id', '=', anntId)
    .executeTakeFirst();
  return row ? toItem(row) : null;
}

/** Marks announcements read for one user (all unread ones when anntId is omitted); returns rows changed. */
export async function markRead(ctx: AppContext, userId: string, anntId?: string): Promise<number> {
  let q = ctx.database.db.updateTable(SEND_TABLE).set({ read_flag: 1, read_time: nowText() }).where('user_id', '=', userId).where('read_flag', '=', 0);
  if (anntId !== undefined) q = q.where('annt_id', '=', anntId);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}
