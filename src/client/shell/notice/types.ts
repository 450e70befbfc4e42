/** Announcement shapes. `titile` is the JeecgBoot spelling some servers still send. */
export interface Announcement {
  id: string;
  /** Send-record rows (我的消息) carry the announcement id here. */
  anntId?: string;
  title?: string;
  titile?: string;
  sender?: string;
  sendTime?: string;
  createTime?: string;
  msgContent?: string | null;
  msgCategory?: string;
  openType?: string | null;
  openPage?: string | null;
  busId?: string | null;
  readFlag?: string | number | null;
  priority?: string | null;
  [k: string]: unknown;
}

export interface AnnouncementList {
  anntMsgList: Announcement[];
  anntMsgTotal: number;
  sysMsgList: Announcement[];
  sysMsgTotal: number;
}

/** A websocket push (JSON text). */
export interface NoticeMessage {
  cmd?: string;
  msgId?: string;
  msgTxt?: string;
  title?: string;
  priority?: string;
  [k: string]: unknown;
}

export const EMPTY_LIST: AnnouncementList = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

export function titleOf(a: Pick<Announcement, 'title' | 'titile'>): string {
  return String(a.title ?? a.titile ?? '');
}

/** The announcement id of a list item or a send record. */
export function anntIdOf(a: Announcement): string {
  return String(a.anntId ?? a.id);
}

/** Priority tag: L blue 一般消息, M orange 重要消息, H red 紧急消息. */
/** The dictionary naming notice priorities (L 一般消息 / M 重要消息 / H 紧急消息, their colours): schemas/dicts. */
export const PRIORITY_DICT = 'priority';

/** Timings. */
export const LIST_RELOAD_MS = 6000;
export const RECONNECT_MS = 5000;
export const HEARTBEAT_MS = 20000;
export const HEARTBEAT_TEXT = 'HeartBeat';
