/**
 * Notices (websocket and list refresh). The header mounts `<NoticeBell />` once.
 */
export { NoticeBell, useNoticeFeed, USER_ANNOUNCEMENT_PATH } from './NoticeBell';
export { NoticeSocket, noticeSocketUrl, parseNotice, type SocketLike, type Timers } from './socket';
export { createPoller, type Poller } from './poller';
export { noticeListAtom, noticeModalAtom, openNoticeModal, closeNoticeModal, reloadNoticeList } from './store';
export { openAnnouncement, componentTarget } from './open';
export * from './api';
export * from './types';
