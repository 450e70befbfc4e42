/** Notice calls. List loads are silent: a failure only stops the refresh. */
import { http } from '../../api/index';
import type { Announcement, AnnouncementList } from './types';
import { EMPTY_LIST } from './types';

export const NOTICE_PATHS = {
  listByUser: '/sys/annountCement/listByUser',
  queryById: '/sys/annountCement/queryById',
  markRead: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
  readAll: '/sys/sysAnnouncementSend/readAll',
  mine: '/sys/sysAnnouncementSend/getMyAnnouncementSend',
} as const;

/** GET listByUser; rejects on any failure (HTTP or success=false). */
export async function fetchAnnouncementList(): Promise<AnnouncementList> {
  const env = await http.get<AnnouncementList>(NOTICE_PATHS.listByUser, undefined, { silent: true });
  if (!env.success || !env.result) throw new Error(env.message || 'listByUser failed');
  const r = env.result;
  return {
    anntMsgList: Array.isArray(r.anntMsgList) ? r.anntMsgList : EMPTY_LIST.anntMsgList,
    anntMsgTotal: Number(r.anntMsgTotal) || 0,
    sysMsgList: Array.isArray(r.sysMsgList) ? r.sysMsgList : EMPTY_LIST.sysMsgList,
    sysMsgTotal: Number(r.sysMsgTotal) || 0,
  };
}

export async function fetchAnnouncement(id: string): Promise<Announcement | null> {
  const env = await http.get<Announcement>(NOTICE_PATHS.queryById, { id });
  return env.success && env.result ? env.result : null;
}

/** Marks one announcement read for the current user. Resolves whether it worked. */
export async function markAnnouncementRead(anntId: string): Promise<boolean> {
  try {
    const env = await http.put(NOTICE_PATHS.markRead, { anntId });
    return !!env.success;
  } catch {
    return false;
  }
}

export async function markAllRead(): Promise<{ success: boolean; message: string }> {
  const env = await http.put(NOTICE_PATHS.readAll, {});
  return { success: !!env.success, message: env.message ?? '' };
}
