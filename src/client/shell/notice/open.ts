/**
 * Opening an announcement: mark it read,
 * reload the lists, then either navigate (openType component -> openPage with busId) or show
 * the AnnouncementModal (loading the content by id when the item has none).
 */
import { fetchAnnouncement, markAnnouncementRead } from './api';
import { noticesChanged, reloadNoticeList } from './store';
import { anntIdOf, type Announcement } from './types';

export interface OpenDeps {
  navigate: (to: string) => void;
  show: (a: Announcement) => void;
  /** Extra reload after marking read (e.g. the 我的消息 table). */
  reload?: () => unknown;
}

export function componentTarget(a: Announcement): string | null {
  if (a.openType !== 'component' || !a.openPage) return null;
  const page = String(a.openPage);
  if (!a.busId) return page;
  return `${page}${page.includes('?') ? '&' : '?'}id=${encodeURIComponent(String(a.busId))}`;
}

export async function openAnnouncement(a: Announcement, deps: OpenDeps): Promise<void> {
  const id = anntIdOf(a);
  const ok = await markAnnouncementRead(id);
  if (ok) {
    void reloadNoticeList();
    if (deps.reload) void deps.reload();
    else noticesChanged();
  }
  const target = componentTarget(a);
  if (target) {
    deps.navigate(target);
    return;
  }
  let shown = a;
  if (a.msgContent === undefined || (a.sender === undefined && a.sendTime === undefined)) {
    const full = await fetchAnnouncement(id).catch(() => null);
    if (full) shown = { ...full, ...stripEmpty(a), id: full.id ?? id, msgContent: full.msgContent ?? a.msgContent };
  }
  deps.show(shown);
}

function stripEmpty(a: Announcement): Announcement {
  const out: Announcement = { id: a.id };
  for (const [k, v] of Object.entries(a)) if (v !== undefined && v !== null) out[k] = v;
  return out;
}
