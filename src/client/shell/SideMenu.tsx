/**
 * The server menu as an antd Menu (side: inline; top: horizontal). JeecgBoot rules
 * Hidden items are not shown; root submenus are an
 * accordion; route '0' items link by path like the others; external menus
 * (meta.internalOrExternal) open a new tab; iframe menus (layouts/IframePageView) route to
 * their page, which shows the iframe in the content area; meta.target opens meta.url there.
 */
import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { ConfigProvider, Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { getToken } from '../state/storage';
import type { MenuItem } from '../state/types';
import { rememberTitle, tabsAtom } from '../state/tabs';
import { appStore } from '../state/atoms';
import { ancestorKeys, findMenuItem, isExternalMenu, menuUrl, selectedMenuKey, toMenuItems, withOpenChildrenOnly } from './menu';
import { useCan } from '../state/permissions';
import { afterWaitingLists } from '../state/milestones';
import { menuResources, prefetchResources } from '../app/loaders';

/**
 * Groups open and close at once, without the collapse motion: during it the entries moved under
 * the pointer, and a click sent in its first frames landed beside the entry it aimed at; every
 * first click on a group's entry also waited for it.
 */
const NO_MOTION = { motionAppear: false, motionEnter: false, motionLeave: false };
/** The top menu's entries are narrower (one object: a new one would render every entry again). */
const TOP_MENU_THEME = { components: { Menu: { itemPaddingInline: 12 } } };

export interface SideMenuProps {
  menu: readonly MenuItem[];
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  collapsed?: boolean;
  /** Called after a pick (the mobile drawer closes). */
  onPicked?: () => void;
}

/** What a menu pick does: open a URL in a new tab, or navigate to a path. */
export function menuAction(item: MenuItem | undefined, key: string, token: string | null): { open: string; target?: string } | { go: string } {
  if (item && isExternalMenu(item)) {
    const url = menuUrl(item, token);
    if (url) return { open: url };
  }
  if (item?.meta?.target && item.meta.url) return { open: menuUrl(item, token)!, target: item.meta.target };
  if (/^https?:/i.test(key)) return { open: key };
  return { go: key };
}

/**
 * earlyStart once loaded: a click then starts the calls synchronously, before the page renders.
 * The menu loads it when it mounts (a page first opened on the dashboard has not): asked on the
 * click, it came only after the route's render, and the calls with it.
 */
let early: typeof import('../app/earlyStart') | undefined;
const loadEarly = () => import('../app/earlyStart').then((m) => (early = m));
function withEarly(use: (m: typeof import('../app/earlyStart')) => void): void {
  if (early) use(early);
  else void loadEarly().then(use, () => undefined);
}
function startCalls(path: string): void {
  withEarly((m) => m.startCallsAt(path, ''));
}

/**
 * rc-menu makes the entry under the mouse, or focused by a press, its "active" entry, and every
 * change of it renders all entries again (~20 ms on two cores), on each entry the pointer crosses
 * and once more on the press that precedes a click. The open side menu shows hover by CSS and
 * needs the active entry only for the arrow keys: the mouse's enter and leave do not reach it,
 * and a press does not move the focus (the keyboard's own focus and arrows are unchanged).
 */
function quietPointer(e: MouseEvent<HTMLElement>) {
  e.stopPropagation();
}
function keepFocus(e: MouseEvent<HTMLElement>) {
  if ((e.target as Element).closest('.ant-menu-item, .ant-menu-submenu-title')) e.preventDefault();
}

export function SideMenu({ menu, mode, theme, collapsed, onPicked }: SideMenuProps) {
  const location = useLocation();
  const navigate = useNavigate();
  // the top menu shows the groups by title only (compact: every group fits a desktop row)
  const items = useMemo(() => toMenuItems(menu, 0, mode === 'inline'), [menu, mode]);
  // The highlight follows the page once it is drawn, at a priority that yields to it: rc-menu
  // renders every entry again when its selection changes, and in the navigation's own render
  // that work came before the new page's rows. A list drawn with its spinner first is drawn
  // once its rows are (the highlight's render, done while the answer was on its way, held the
  // rows back when the answer came in the middle of it).
  const routeKey = selectedMenuKey(menu, location.pathname);
  const [selected, setSelected] = useState(routeKey);
  useEffect(() => afterWaitingLists(() => startTransition(() => setSelected(routeKey))), [routeKey]);
  const rootKeys = useMemo(() => menu.map((m) => m.path), [menu]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (selected ? ancestorKeys(menu, selected) ?? [] : []));
  const can = useCan();
  // the menu's id prefixes each entry's data-menu-id (rc-menu): `<id>-<key>`
  const menuId = mode === 'inline' ? 'side-menu' : 'top-menu';

  /**
   * Loads the engine, the schemas and the dictionaries of a group's modules as it opens: a click
   * on one of them then waits for its list call only.
   */
  function warmGroup(key: string) {
    const group = findMenuItem(menu, key);
    if (!group?.children?.length) return;
    const names = menuResources(group.children, can);
    prefetchResources(names);
    if (names.length) withEarly((m) => m.startDictsOf(names));
  }
  /**
   * The groups open from the start (the page's own) load their modules when the pointer or the
   * focus reaches the menu, as a group does when it opens: a page whose menu is never used keeps
   * no other module's schema in memory.
   */
  const warmOpenGroups = () => openKeys.forEach(warmGroup);

  useEffect(() => {
    if (!selected) return;
    const keys = ancestorKeys(menu, selected) ?? [];
    setOpenKeys((prev) => (keys.every((k) => prev.includes(k)) ? prev : keys));
  }, [selected, menu]);

  function onOpenChange(keys: string[]) {
    const latest = keys.find((k) => !openKeys.includes(k));
    if (latest) warmGroup(latest);
    if (latest && rootKeys.includes(latest)) setOpenKeys([latest]);
    else setOpenKeys(keys);
  }

  /** Where a pick of `key` goes, and whether its page needs its first calls (a kept-alive open tab asks nothing). */
  function destination(key: string) {
    const item = findMenuItem(menu, key);
    const action = menuAction(item, key, getToken());
    if ('open' in action) return { item, action, calls: false };
    const kept = item?.meta?.keepAlive && appStore.get(tabsAtom).pages.some((p) => p.fullPath === action.go);
    return { item, action, calls: !kept && action.go !== location.pathname };
  }

  function pick({ key }: { key: string }) {
    const { item, action, calls } = destination(key);
    if ('open' in action) window.open(action.open, action.target);
    else {
      const title = item?.meta?.title;
      if (title) rememberTitle(action.go, title);
      // a list page's first calls leave now, while the page renders (the same calls started on
      // the press are taken, not asked again)
      if (calls) startCalls(action.go);
      navigate(action.go);
    }
    onPicked?.();
  }

  /**
   * A mouse press on an entry starts its page's first calls: a click comes on the release, about
   * a tenth of a second later for a person, and the answer is then on its way or in. Mouse only:
   * a finger that lands on the menu may be starting to scroll it.
   */
  function press(e: PointerEvent<HTMLElement>) {
    if (e.pointerType !== 'mouse' || e.button !== 0) return;
    const id = (e.target as Element).closest('.ant-menu-item')?.getAttribute('data-menu-id');
    const key = id?.startsWith(`${menuId}-`) ? id.slice(menuId.length + 1) : undefined;
    if (!key) return;
    const { action, calls } = destination(key);
    if (calls && 'go' in action) startCalls(action.go);
  }

  const inline = mode === 'inline';
  const controlled = inline && !collapsed;
  const shown = useMemo(() => (controlled ? withOpenChildrenOnly(items, openKeys) : items), [controlled, items, openKeys]);

  // rc-menu renders every entry again whenever it renders, new handlers alone included (~40 ms
  // on two cores). The shell renders on every navigation, tab change and header show/hide: the
  // menu element is kept while what it shows is the same, its handlers reading the latest
  // render through a ref.
  const handlers = useRef({ pick, press, onOpenChange, warmGroup, warmOpenGroups });
  handlers.current = { pick, press, onOpenChange, warmGroup, warmOpenGroups };
  const onPick = useCallback((info: { key: string }) => handlers.current.pick(info), []);
  const onPress = useCallback((e: PointerEvent<HTMLElement>) => handlers.current.press(e), []);
  const onOpen = useCallback((keys: string[]) => handlers.current.onOpenChange(keys), []);
  const onWarmOpen = useCallback((keys: string[]) => keys.forEach((k) => handlers.current.warmGroup(k)), []);
  const onIntent = useCallback(() => handlers.current.warmOpenGroups(), []);
  // the pointer coming onto the open menu (its enter is held back from rc-menu, quietPointer)
  const onQuietOver = useCallback((e: MouseEvent<HTMLElement>) => {
    quietPointer(e);
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) handlers.current.warmOpenGroups();
  }, []);
  // The menu mounts in a transition, after the shell: a page's own content (a list's rows),
  // updated at normal priority, is drawn first. rc-menu mounting two dozen groups was ~50 ms
  // of a cold list page's path to its rows.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setMounted(true));
    if (!early) void loadEarly().catch(() => undefined);
  }, []);
  const menuEl = useMemo(() => (
    <Menu
      mode={mode}
      theme={theme}
      items={shown}
      selectedKeys={selected ? [selected] : []}
      motion={NO_MOTION}
      {...(controlled ? { openKeys, onOpenChange: onOpen } : { onOpenChange: onWarmOpen })}
      id={menuId}
      selectable={false}
      onClick={onPick}
      onPointerDown={onPress}
      onMouseEnter={onIntent}
      onFocus={onIntent}
      style={inline ? { borderInlineEnd: 0 } : { flex: 1, minWidth: 0, borderBottom: 0, lineHeight: '46px', paddingInline: 8 }}
      data-testid={inline ? 'side-menu' : 'top-menu'}
    />
  ), [mode, theme, shown, selected, controlled, openKeys, onOpen, onWarmOpen, onPick, onPress, onIntent, inline, menuId]);
  if (!mounted) return <div aria-busy="true" data-testid={inline ? 'side-menu-pending' : 'top-menu-pending'} />;
  if (!inline) return <ConfigProvider theme={TOP_MENU_THEME}>{menuEl}</ConfigProvider>;
  // The wrapper is there collapsed too, so that collapsing or expanding the sidebar does not
  // mount rc-menu anew; it holds the pointer back only in the open menu (the collapsed one's
  // tooltips and popups need the hover).
  return (
    <div
      onMouseOverCapture={controlled ? onQuietOver : undefined}
      onMouseOutCapture={controlled ? quietPointer : undefined}
      onMouseDown={controlled ? keepFocus : undefined}
    >
      {menuEl}
    </div>
  );
}
