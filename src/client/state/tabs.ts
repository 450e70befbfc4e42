/**
 * Multi-tab strip state (.vue).
 *
 * - One tab per route fullPath (different queries give different tabs); the label is the
 *   tab title: remembered in localStorage `pro__route:title:<fullPath>` (vue-ls format,
 *   JeecgBoot 2.1–2.3) or the route's meta.title; a page may change it (useTabTitle).
 * - The home tab /dashboard/analysis (首页) is always first and cannot be closed.
 * - Closing: the last remaining tab -> `这是最后一页，不能再关闭了啦`; the home tab ->
 *   `首页不能关闭!`. (The last-page rule is checked first: with the home tab always present it
 *   is the only way that message can show — closing the lone home tab.) After a close the tab
 *   at the same index, or the last one, becomes active.
 * - Context menu keys: 1 close left (keeps home first; no-op on home), 2 close right,
 *   3 close others (keeps home + the clicked one), 4 refresh (remount: `refresh` counter).
 * - keepAlive bookkeeping: `keepAlive` tabs keep their page mounted while open; closing the
 *   tab drops it (the page reloads when reopened) — the shell reads `cachedKeys()`.
 * - The open tabs persist in sessionStorage (`MULTI_TAB_PAGES`), so a reload keeps them.
 *
 * The reducer functions are pure; the atom + actions below wrap them.
 */
import { createContext, useContext, useEffect } from 'react';
import { atom } from 'jotai';
import { appStore } from './atoms';
import { ls, ss } from './storage';

export const INDEX_KEY = '/dashboard/analysis';
export const INDEX_TITLE = '首页';
export const MSG_HOME_NOT_CLOSABLE = '首页不能关闭!';
export const MSG_LAST_PAGE = '这是最后一页，不能再关闭了啦';
export const TABS_SESSION_KEY = 'MULTI_TAB_PAGES';
export const TITLE_KEY_PREFIX = 'route:title:';

/** Context-menu keys of JeecgBoot's Contextmenu.vue. */
export const TAB_MENU = { closeLeft: '1', closeRight: '2', closeOthers: '3', refresh: '4' } as const;
export type TabMenuKey = (typeof TAB_MENU)[keyof typeof TAB_MENU];

export interface TabPage {
  /** pathname + search + hash: the tab key. */
  fullPath: string;
  /** Route pathname. */
  path: string;
  title: string;
  /** Menu meta.keepAlive: keep the page mounted while the tab is open. */
  keepAlive?: boolean;
  /** Bumped by 刷新: the page remounts. */
  refresh?: number;
}

export interface TabsState {
  pages: TabPage[];
  active: string;
}

export interface TabResult {
  state: TabsState;
  /** The warning to show when the action was refused. */
  warning?: string;
}

export const homeTab = (): TabPage => ({ fullPath: INDEX_KEY, path: INDEX_KEY, title: INDEX_TITLE });

export const EMPTY_TABS: TabsState = { pages: [homeTab()], active: INDEX_KEY };

/** Home first, no duplicates. */
export function withHome(pages: readonly TabPage[]): TabPage[] {
  const seen = new Set<string>();
  const rest: TabPage[] = [];
  let home: TabPage | undefined;
  for (const p of pages) {
    if (!p || typeof p.fullPath !== 'string' || seen.has(p.fullPath)) continue;
    seen.add(p.fullPath);
    if (p.fullPath === INDEX_KEY) home = p;
    else rest.push(p);
  }
  return [home ?? homeTab(), ...rest];
}

/**
 * Opens (or activates) a tab. An existing tab is replaced in place but keeps its title
 * (JeecgBoot keeps the old meta, preserving custom titles) and its refresh counter.
 */
export function openTab(state: TabsState, page: TabPage): TabsState {
  const pages = withHome(state.pages);
  const i = pages.findIndex((p) => p.fullPath === page.fullPath);
  if (i >= 0) {
    const old = pages[i]!;
    pages[i] = { ...page, title: old.title || page.title, refresh: old.refresh };
  } else {
    pages.push(page);
  }
  return { pages, active: page.fullPath };
}

/** Closes one tab (the close icon). */
export function closeTab(state: TabsState, key: string): TabResult {
  const pages = state.pages;
  const i = pages.findIndex((p) => p.fullPath === key);
  if (i < 0) return { state };
  if (pages.length === 1) return { state, warning: MSG_LAST_PAGE };
  if (key === INDEX_KEY) return { state, warning: MSG_HOME_NOT_CLOSABLE };
  const next = pages.filter((p) => p.fullPath !== key);
  let active = state.active;
  if (active === key || !next.some((p) => p.fullPath === active)) {
    active = (next[i] ?? next[next.length - 1])!.fullPath;
  }
  return { state: { pages: next, active } };
}

/** 关闭左侧 (key 1): keeps the home tab first; a no-op on home. */
export function closeLeft(state: TabsState, key: string): TabsState {
  const i = state.pages.findIndex((p) => p.fullPath === key);
  if (i < 0 || key === INDEX_KEY) return state;
  const pages = withHome(state.pages.slice(i));
  return { pages, active: pages.some((p) => p.fullPath === state.active) ? state.active : key };
}

/** 关闭右侧 (key 2). */
export function closeRight(state: TabsState, key: string): TabsState {
  const i = state.pages.findIndex((p) => p.fullPath === key);
  if (i < 0) return state;
  const pages = state.pages.slice(0, i + 1);
  return { pages, active: pages.some((p) => p.fullPath === state.active) ? state.active : key };
}

/** 关闭其它 (key 3): keeps home + the clicked tab, which becomes active. */
export function closeOthers(state: TabsState, key: string): TabsState {
  if (!state.pages.some((p) => p.fullPath === key)) return state;
  const pages = state.pages.filter((p) => p.fullPath === INDEX_KEY || p.fullPath === key);
  return { pages: withHome(pages), active: key };
}

/** 刷新 (key 4): bumps the tab's refresh counter and activates it. */
export function refreshTab(state: TabsState, key: string): TabsState {
  if (!state.pages.some((p) => p.fullPath === key)) return state;
  return {
    pages: state.pages.map((p) => (p.fullPath === key ? { ...p, refresh: (p.refresh ?? 0) + 1 } : p)),
    active: key,
  };
}

/** Dispatches a context-menu key. */
export function tabMenuAction(state: TabsState, menuKey: string, key: string): TabsState {
  switch (menuKey) {
    case TAB_MENU.closeLeft:
      return closeLeft(state, key);
    case TAB_MENU.closeRight:
      return closeRight(state, key);
    case TAB_MENU.closeOthers:
      return closeOthers(state, key);
    case TAB_MENU.refresh:
      return refreshTab(state, key);
    default:
      return state;
  }
}

/** Sets a tab's title (no-op when the tab is not open). */
export function setTabTitle(state: TabsState, key: string, title: string): TabsState {
  if (!title || !state.pages.some((p) => p.fullPath === key && p.title !== title)) return state;
  return { ...state, pages: state.pages.map((p) => (p.fullPath === key ? { ...p, title } : p)) };
}

/** Single-page mode (multipage off): the list resets to the current route (plus home). */
export function singlePage(page: TabPage): TabsState {
  return { pages: withHome([page]), active: page.fullPath };
}

/** Keys of the pages to keep mounted: open keepAlive tabs, plus the active one. */
export function cachedKeys(state: TabsState): string[] {
  return state.pages.filter((p) => p.keepAlive).map((p) => p.fullPath);
}

// ------------------------------------------------------------- titles in localStorage

export function rememberedTitle(fullPath: string): string | null {
  return ls.get<string>(TITLE_KEY_PREFIX + fullPath);
}

export function rememberTitle(fullPath: string, title: string): void {
  if (fullPath && title) ls.set(TITLE_KEY_PREFIX + fullPath, title);
}

// ------------------------------------------------------------- persistence + atom

function sanitize(raw: unknown): TabsState {
  if (!raw || typeof raw !== 'object') return EMPTY_TABS;
  const r = raw as Partial<TabsState>;
  const pages = withHome(
    (Array.isArray(r.pages) ? r.pages : [])
      .filter((p): p is TabPage => !!p && typeof p.fullPath === 'string' && typeof p.path === 'string')
      .map((p) => ({ fullPath: p.fullPath, path: p.path, title: String(p.title ?? ''), keepAlive: !!p.keepAlive })),
  );
  const active = typeof r.active === 'string' && pages.some((p) => p.fullPath === r.active) ? r.active : INDEX_KEY;
  return { pages, active };
}

export function loadTabs(): TabsState {
  return sanitize(ss.getJson<unknown>(TABS_SESSION_KEY, null));
}

export function saveTabs(state: TabsState): void {
  ss.setJson(TABS_SESSION_KEY, {
    pages: state.pages.map(({ fullPath, path, title, keepAlive }) => ({ fullPath, path, title, keepAlive: !!keepAlive })),
    active: state.active,
  });
}

export function clearTabs(): void {
  ss.remove(TABS_SESSION_KEY);
  appStore.set(tabsAtom, EMPTY_TABS);
}

export const tabsAtom = atom<TabsState>(loadTabs());

/** Sets the tab state and persists it. */
export function setTabs(next: TabsState): void {
  if (next === appStore.get(tabsAtom)) return;
  appStore.set(tabsAtom, next);
  saveTabs(next);
}

/** Title of the active tab asked by a page (useTabTitle); consumed by the shell. */
export function updateTabTitle(fullPath: string, title: string): void {
  rememberTitle(fullPath, title);
  setTabs(setTabTitle(appStore.get(tabsAtom), fullPath, title));
}

/** The fullPath of the tab a page is rendered in (provided by the shell's page containers). */
export const TabKeyContext = createContext<string | null>(null);

/**
 * A page sets its tab's title (and the document title while active). The tab is the one the
 * page is rendered in (TabKeyContext), else the browser location at the time of the call.
 */
export function useTabTitle(title: string | null | undefined): void {
  const ctxKey = useContext(TabKeyContext);
  useEffect(() => {
    if (!title) return;
    const key = ctxKey ?? (typeof window === 'undefined' ? '' : window.location.pathname + window.location.search + window.location.hash);
    if (key) updateTabTitle(key, title);
  }, [title, ctxKey]);
}
