/**
 * Preferences kept per user on the server (/sys/userSetting), so they follow the user to any
 * browser: `ui:settings` (个性化: theme and layout of the settings drawer, not the device's
 * sidebar state) and `ui:notify` (新消息通知: which pushed messages pop up — `topic` 通知公告,
 * `user` 系统消息). They come with the permission answer; a change is saved as it is made.
 */
import { atom } from 'jotai';
import { http } from '../api/index';
import { appStore, tokenAtom } from './atoms';
import { ls, SESSION_TTL_MS } from './storage';
import { onSettingsChange, restoreSettings, type Settings } from './settings';
import { answeredUiSetting, clearUiSettings } from './tableSettingsCache';

export const SETTINGS_KEY = 'ui:settings';
export const NOTIFY_KEY = 'ui:notify';

export interface NotifyPrefs {
  topic: boolean;
  user: boolean;
}
export const DEFAULT_NOTIFY: NotifyPrefs = { topic: true, user: true };
export const notifyPrefsAtom = atom<NotifyPrefs>(DEFAULT_NOTIFY);

/** Whether a pushed message of this websocket `cmd` pops up. */
export function popupAllowed(cmd: unknown): boolean {
  const p = appStore.get(notifyPrefsAtom);
  if (cmd === 'topic') return p.topic;
  if (cmd === 'user') return p.user;
  return true;
}

const synced = (s: Settings) => {
  const { sidebarOpen: _device, ...rest } = s;
  return rest;
};

let timer: ReturnType<typeof setTimeout> | undefined;
let lastSaved = '';
onSettingsChange((s) => {
  if (!appStore.get(tokenAtom)) return;
  const value = JSON.stringify(synced(s));
  if (value === lastSaved) return; // e.g. only the device's sidebar state moved
  lastSaved = value;
  clearTimeout(timer);
  timer = setTimeout(() => void http.post('/sys/userSetting/save', { key: SETTINGS_KEY, value: JSON.parse(value) }, undefined, { silent: true }).catch(() => undefined), 300);
});

/** The saved settings are applied once per login (the token they were applied for), so a
 * reload keeps this browser's latest choice even if its save has not reached the server yet. */
const RESTORED_KEY = 'UI_SETTINGS_RESTORED';

export async function saveNotifyPrefs(p: NotifyPrefs): Promise<boolean> {
  appStore.set(notifyPrefsAtom, p);
  const env = await http.post('/sys/userSetting/save', { key: NOTIFY_KEY, value: p });
  return env.success;
}

/** Reads the user's saved preferences and applies them (failures leave the local ones). They
 * came with the permission answer when it was just fetched: applied then without a request. */
export async function loadUserPrefs(): Promise<void> {
  const answered = [answeredUiSetting(SETTINGS_KEY), answeredUiSetting(NOTIFY_KEY)];
  clearUiSettings();
  if (answered.every((v) => v !== undefined)) {
    applyUserPrefs(answered[0], answered[1]);
    return;
  }
  const get = (key: string) => http.get<unknown>('/sys/userSetting/get', { key }, { silent: true }).then((e) => (e.success ? e.result : null), () => null);
  const [settings, notify] = await Promise.all([get(SETTINGS_KEY), get(NOTIFY_KEY)]);
  applyUserPrefs(settings, notify);
}

function applyUserPrefs(settings: unknown, notify: unknown): void {
  const token = appStore.get(tokenAtom);
  if (settings && token && ls.get<string>(RESTORED_KEY) !== token) {
    lastSaved = JSON.stringify(synced(restoreSettings(settings)));
  }
  if (token) ls.set(RESTORED_KEY, token, SESSION_TTL_MS);
  if (notify && typeof notify === 'object') {
    const n = notify as Partial<NotifyPrefs>;
    const prev = appStore.get(notifyPrefsAtom);
    const next = { topic: n.topic !== false, user: n.user !== false };
    if (next.topic !== prev.topic || next.user !== prev.user) appStore.set(notifyPrefsAtom, next);
  }
}
