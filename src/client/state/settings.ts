/**
 * Layout / theme settings of the settings drawer, with their defaults.
 * Persisted in localStorage in vue-ls format (`pro__<KEY>` =
 * `{"value": .., "expire": null}`) under JeecgBoot's keys:
 *
 *   navTheme       pro__DEFAULT_THEME               'dark' | 'light'        (light)
 *   primaryColor   pro__DEFAULT_COLOR               '#1890FF' ...           (#1890FF)
 *   layout         pro__DEFAULT_LAYOUT_MODE         'sidemenu' | 'topmenu'  (sidemenu)
 *   contentWidth   pro__DEFAULT_CONTENT_WIDTH_TYPE  'Fixed' | 'Fluid'       (Fixed)
 *   fixedHeader    pro__DEFAULT_FIXED_HEADER        boolean                 (false)
 *   autoHideHeader pro__DEFAULT_FIXED_HEADER_HIDDEN boolean                 (false)
 *   fixSiderbar    pro__DEFAULT_FIXED_SIDEMENU      boolean                 (false)
 *   colorWeak      pro__DEFAULT_COLOR_WEAK          boolean                 (false)
 *   multipage      pro__DEFAULT_MULTI_PAGE          boolean                 (true)
 *   sidebarOpen    pro__SIDEBAR_TYPE                boolean                 (true)
 *
 * Dependencies (SettingDrawer.vue): switching to topmenu turns fixSiderbar off; turning the
 * fixed header off turns auto-hide off; Fluid width only with topmenu (back to Fixed in
 * sidemenu); auto-hide needs the fixed header.
 */
import { atom } from 'jotai';
import { appStore } from './atoms';
import { KEYS, ls } from './storage';
import { themeWith, type ConsoleTheme } from '../app/themes';

export type NavTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

export interface Settings {
  navTheme: NavTheme;
  primaryColor: string;
  layout: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
  sidebarOpen: boolean;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  navTheme: 'light',
  primaryColor: '#1890FF',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multipage: true,
  sidebarOpen: true,
});

/** Storage key (without the pro__ namespace) of each setting. */
export const SETTING_KEYS: Readonly<Record<keyof Settings, string>> = Object.freeze({
  navTheme: KEYS.theme,
  primaryColor: KEYS.color,
  layout: KEYS.layoutMode,
  contentWidth: KEYS.contentWidthType,
  fixedHeader: KEYS.fixedHeader,
  autoHideHeader: KEYS.fixedHeaderHidden,
  fixSiderbar: KEYS.fixedSidemenu,
  colorWeak: KEYS.colorWeak,
  multipage: KEYS.multiPage,
  sidebarOpen: KEYS.sidebarType,
});

/** Theme colours of the drawer (src/components/tools/setting.js). */
export const THEME_COLORS: ReadonlyArray<{ key: string; color: string }> = [
  { key: '薄暮', color: '#F5222D' },
  { key: '火山', color: '#FA541C' },
  { key: '日暮', color: '#FAAD14' },
  { key: '明青', color: '#13C2C2' },
  { key: '极光绿', color: '#52C41A' },
  { key: '拂晓蓝（默认）', color: '#1890FF' },
  { key: '极客蓝', color: '#2F54EB' },
  { key: '酱紫', color: '#722ED1' },
];

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const isColor = (v: unknown): v is string => typeof v === 'string' && HEX.test(v);

function pick<K extends keyof Settings>(key: K, raw: unknown): Settings[K] {
  const def = DEFAULT_SETTINGS[key];
  switch (key) {
    case 'navTheme':
      return (raw === 'dark' || raw === 'light' ? raw : def) as Settings[K];
    case 'layout':
      return (raw === 'sidemenu' || raw === 'topmenu' ? raw : def) as Settings[K];
    case 'contentWidth':
      return (raw === 'Fixed' || raw === 'Fluid' ? raw : def) as Settings[K];
    case 'primaryColor':
      return (isColor(raw) ? raw : def) as Settings[K];
    default:
      return (typeof raw === 'boolean' ? raw : raw === 'true' ? true : raw === 'false' ? false : def) as Settings[K];
  }
}

/** Enforces the drawer's dependencies on a full settings object. */
export function normalizeSettings(s: Settings): Settings {
  const out = { ...s };
  if (out.layout === 'topmenu') out.fixSiderbar = false;
  if (out.layout !== 'topmenu') out.contentWidth = 'Fixed';
  if (!out.fixedHeader) out.autoHideHeader = false;
  return out;
}

/** Applies a change with the drawer's rules (the patch wins, then dependencies). */
export function applySettingsChange(prev: Settings, patch: Partial<Settings>): Settings {
  return normalizeSettings({ ...prev, ...patch });
}

/** Reads every setting from storage, falling back to the defaults. */
export function readSettings(): Settings {
  const s = {} as Record<keyof Settings, unknown>;
  for (const k of Object.keys(DEFAULT_SETTINGS) as Array<keyof Settings>) {
    s[k] = pick(k, ls.get<unknown>(SETTING_KEYS[k]));
  }
  return normalizeSettings(s as unknown as Settings);
}

/** Writes the settings that differ from `prev` (all when `prev` is omitted); no expiry. */
export function writeSettings(next: Settings, prev?: Settings): void {
  for (const k of Object.keys(SETTING_KEYS) as Array<keyof Settings>) {
    if (!prev || prev[k] !== next[k]) ls.set(SETTING_KEYS[k], next[k]);
  }
}

export const settingsAtom = atom<Settings>(readSettings());

/** Listeners of a change made by the user (state/userPrefs.ts keeps them on the server per user). */
const changeListeners = new Set<(s: Settings) => void>();
export function onSettingsChange(fn: (s: Settings) => void): () => void {
  changeListeners.add(fn);
  return () => changeListeners.delete(fn);
}

/** Changes settings (rules applied), persists the changed keys and updates the atom. */
export function updateSettings(patch: Partial<Settings>): Settings {
  const prev = appStore.get(settingsAtom);
  const next = applySettingsChange(prev, patch);
  writeSettings(next, prev);
  appStore.set(settingsAtom, next);
  for (const fn of changeListeners) fn(next);
  return next;
}

/** Applies settings read elsewhere (the user's saved ones): known keys only, rules applied, no listeners. */
export function restoreSettings(raw: unknown): Settings {
  const prev = appStore.get(settingsAtom);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return prev;
  const s = { ...prev } as Record<keyof Settings, unknown>;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (k in DEFAULT_SETTINGS && k !== 'sidebarOpen') s[k as keyof Settings] = pick(k as keyof Settings, v);
  }
  const next = normalizeSettings(s as unknown as Settings);
  // the same settings again: no new value, so nothing re-renders
  if ((Object.keys(next) as Array<keyof Settings>).every((k) => next[k] === prev[k])) return prev;
  writeSettings(next, prev);
  appStore.set(settingsAtom, next);
  return next;
}

/** Re-reads the settings from storage (tests, another tab). */
export function reloadSettings(): Settings {
  const s = readSettings();
  appStore.set(settingsAtom, s);
  return s;
}

/** antd theme of the settings: colorPrimary. Throws on an invalid colour. */
export function themeOf(s: Pick<Settings, 'primaryColor'>): ConsoleTheme {
  if (!isColor(s.primaryColor)) throw new Error(`invalid colour ${String(s.primaryColor)}`);
  return themeWith(s.primaryColor);
}

/** 色弱模式: body.colorWeak -> filter invert(80%). */
export function applyColorWeak(on: boolean, doc: Document | undefined = typeof document === 'undefined' ? undefined : document): void {
  const body = doc?.body;
  if (!body) return;
  body.classList.toggle('colorWeak', on);
  body.style.filter = on ? 'invert(80%)' : '';
}
