/**
 * Header notice bell: badge anntMsgTotal + sysMsgTotal,
 * a 300 px popover with tabs 通知(N) / 系统消息(N), a 查看更多 button per tab
 * (-> /isps/userAnnouncement) and 全部已读. Owns the list refresh (every 6000 ms, stops on the
 * first error) and the websocket (pushes reload the list and pop 消息提醒 / 查看详情).
 * No props; mount it once inside the shell (router + jotai store).
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Badge, Button, Popover, Spin } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useRouteNavigate } from '../../app/navigate';
import { popupAllowed } from '../../state/userPrefs';
import { feedback, handleHttpError } from '../../api/index';
import { API_BASE } from '../../api/config';
import { appStore, tokenAtom, userInfoAtom } from '../../state/atoms';
import { untilOpened } from '../untilOpened';
import { fetchAnnouncement, fetchAnnouncementList, markAllRead } from './api';
import { openAnnouncement } from './open';
import { createPoller } from './poller';
import { NoticeSocket, noticeSocketUrl } from './socket';
import { closeNoticeModal, noticeListAtom, noticeModalAtom, noticesChanged, openNoticeModal, setNoticeReloader } from './store';
import type { Announcement, NoticeMessage } from './types';
import type { NoticePanelProps } from './NoticePanel';

export const USER_ANNOUNCEMENT_PATH = '/isps/userAnnouncement';

/**
 * The bell's panel (antd Tabs and List, ~15 KiB) loads when the pointer or the focus reaches the
 * bell, or when it opens: every page shows the bell, few open it.
 */
const loadPanel = () => import('./NoticePanel');
const NoticePanel = lazy(() => loadPanel().then((m) => ({ default: m.NoticePanel })));
const warmPanel = () => void loadPanel().catch(() => undefined);

function Panel(props: NoticePanelProps) {
  return (
    <Suspense fallback={<Spin size="small" style={{ display: 'block', padding: 24 }} />}>
      <NoticePanel {...props} />
    </Suspense>
  );
}

/** The announcement modal (and the HTML sanitizer) loads when an announcement is first shown. */
const AnnouncementModal = untilOpened(() => import('../dialogs/AnnouncementModal').then((m) => m.AnnouncementModal));

/** Starts the list refresh and the websocket for the logged-in user; stops both on unmount / logout. */
export function useNoticeFeed(onPush: (msg: NoticeMessage) => void): () => Promise<void> {
  const token = useAtomValue(tokenAtom, { store: appStore });
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const userId = user?.id ? String(user.id) : '';
  const pushRef = useRef(onPush);
  pushRef.current = onPush;
  const reloadRef = useRef<() => Promise<void>>(async () => {});

  useEffect(() => {
    if (!token || !userId) return;
    let alive = true;
    const poller = createPoller(async () => {
      const list = await fetchAnnouncementList();
      if (alive) appStore.set(noticeListAtom, list);
    });
    const reload = () => poller.reload();
    reloadRef.current = reload;
    setNoticeReloader(reload);
    poller.start();
    const socket = new NoticeSocket({
      url: () => noticeSocketUrl(API_BASE, userId, token),
      onNotice: (msg) => {
        void poller.reload();
        pushRef.current(msg);
      },
      // the token was refused (frozen, logged out elsewhere): the 401 answer's logout, at once
      onRefused: () => { handleHttpError(401, null); },
    });
    socket.start();
    return () => {
      alive = false;
      poller.stop();
      socket.stop();
      setNoticeReloader(async () => {});
    };
  }, [token, userId]);

  return useCallback(() => reloadRef.current(), []);
}

export function NoticeBell() {
  const navigate = useRouteNavigate();
  const list = useAtomValue(noticeListAtom, { store: appStore });
  const modalItem = useAtomValue(noticeModalAtom, { store: appStore });
  const [open, setOpen] = useState(false);

  const showDetail = useCallback(
    async (msgId: string | undefined, key: string) => {
      (feedback.notification as { destroy?: (key?: string) => void }).destroy?.(key);
      if (!msgId) return;
      const a = await fetchAnnouncement(msgId).catch(() => null);
      if (!a) return;
      await openAnnouncement(a, { navigate, show: openNoticeModal });
    },
    [navigate],
  );

  const reload = useNoticeFeed((msg) => {
    if (!popupAllowed(msg.cmd)) return; // 个人设置 › 新消息通知
    const key = `notice-${msg.msgId ?? Date.now()}`;
    feedback.notification.info({
      key,
      message: '消息提醒',
      description: msg.msgTxt ?? msg.title ?? '',
      duration: 10,
      actions: (
        <Button type="primary" size="small" onClick={() => void showDetail(msg.msgId, key)}>
          查看详情
        </Button>
      ),
    });
  });

  const onOpenItem = (a: Announcement) => {
    setOpen(false);
    void openAnnouncement(a, { navigate, show: openNoticeModal });
  };
  const onMore = () => {
    setOpen(false);
    navigate(USER_ANNOUNCEMENT_PATH);
  };
  const onReadAll = async () => {
    const r = await markAllRead().catch(() => null);
    if (r?.success) {
      feedback.message.success(r.message || '全部已读');
      noticesChanged();
      void reload();
    } else if (r) feedback.message.warning(r.message);
  };

  const total = list.anntMsgTotal + list.sysMsgTotal;
  const content = <Panel list={list} onOpen={onOpenItem} onMore={onMore} onReadAll={() => void onReadAll()} />;

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        content={content}
        styles={{ root: { width: 300 } }}
        arrow={false}
      >
        <span
          data-testid="notice-bell"
          role="button"
          aria-label="消息通知"
          style={{ cursor: 'pointer', padding: '0 8px', display: 'inline-flex' }}
          onMouseEnter={warmPanel}
          onFocus={warmPanel}
        >
          <Badge count={total} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </span>
      </Popover>
      <AnnouncementModal open={!!modalItem} announcement={modalItem} onClose={closeNoticeModal} />
    </>
  );
}

export default NoticeBell;
