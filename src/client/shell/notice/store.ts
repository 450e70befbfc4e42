/**
 * Notice state shared by the bell, the websocket popup and the 我的消息 page
 * (all in the app's jotai store, so non-React code can set them).
 */
import { atom } from 'jotai';
import { appStore } from '../../state/atoms';
import type { Announcement, AnnouncementList } from './types';
import { EMPTY_LIST } from './types';

export const noticeListAtom = atom<AnnouncementList>(EMPTY_LIST);

/** The announcement shown by the bell's AnnouncementModal (null: closed). */
export const noticeModalAtom = atom<Announcement | null>(null);

/** Reload hook of the mounted bell (the page's 查看 / 全部标注已读 refresh the bell too). */
let reloadList: () => Promise<void> = async () => {};
export function setNoticeReloader(fn: () => Promise<void>): void {
  reloadList = fn;
}
export function reloadNoticeList(): Promise<void> {
  return reloadList();
}

export function openNoticeModal(a: Announcement): void {
  appStore.set(noticeModalAtom, a);
}
export function closeNoticeModal(): void {
  appStore.set(noticeModalAtom, null);
}

/**
 * Bumped whenever notices were marked read outside a page that lists them (the bell's 全部已读,
 * opening one from the bell): 我的消息 reloads on each change.
 */
export const noticesChangedAtom = atom(0);
export function noticesChanged(): void {
  appStore.set(noticesChangedAtom, (n) => n + 1);
}
