/**
 * Server menu -> antd Menu items (JeecgBoot side menu rules): hidden items are not shown;
 * an item with visible children and no alwaysShow is a submenu; keys are paths (route '0'
 * items link by path too).
 */
import type { MenuProps } from 'antd';
import type { MenuItem } from '../state/types';
import { menuIcon } from './icons';

export type AntMenuItem = Required<MenuProps>['items'][number];

export function visibleChildren(item: MenuItem): MenuItem[] {
  return (item.children ?? []).filter((c) => !c.hidden);
}

/** Antd menu items; `rootIcons` false leaves the top level without icons (the compact top menu). */
export function toMenuItems(menu: readonly MenuItem[], depth = 0, rootIcons = true): AntMenuItem[] {
  return menu
    .filter((m) => m && !m.hidden)
    .map((m): AntMenuItem => {
      const kids = visibleChildren(m);
      const label = m.meta?.title ?? m.name ?? m.path;
      const icon = depth === 0 && !rootIcons ? undefined : depth === 0 || m.meta?.icon ? menuIcon(m.meta?.icon) : undefined;
      if (kids.length > 0 && !m.alwaysShow) {
        return { key: m.path, label, icon, children: toMenuItems(kids, depth + 1) };
      }
      return { key: m.path, label, icon };
    });
}

/**
 * The items with the children of closed submenus left out (the submenus themselves stay, empty,
 * and fill in when opened): the menu renders every item it is given, hidden ones included, and a
 * catalogue of 150 pages made the side menu the largest tree of every page.
 */
export function withOpenChildrenOnly(items: readonly AntMenuItem[], openKeys: readonly string[]): AntMenuItem[] {
  const open = new Set(openKeys);
  const prune = (list: readonly AntMenuItem[]): AntMenuItem[] =>
    list.map((it) => {
      if (!it || !('children' in it) || !it.children) return it;
      return { ...it, children: open.has(String(it.key)) ? prune(it.children) : [] } as AntMenuItem;
    });
  return prune(items);
}

/** Finds a menu node by path. */
export function findMenuItem(menu: readonly MenuItem[], path: string): MenuItem | undefined {
  for (const m of menu) {
    if (m.path === path) return m;
    const found = findMenuItem(m.children ?? [], path);
    if (found) return found;
  }
  return undefined;
}

/** Keys of the submenus leading to a path (for openKeys). */
export function ancestorKeys(menu: readonly MenuItem[], path: string, trail: string[] = []): string[] | undefined {
  for (const m of menu) {
    if (m.path === path) return trail;
    const found = ancestorKeys(m.children ?? [], path, [...trail, m.path]);
    if (found) return found;
  }
  return undefined;
}

/** The deepest menu path that is a prefix of the location (detail routes keep their parent selected). */
export function selectedMenuKey(menu: readonly MenuItem[], pathname: string): string | undefined {
  let best: string | undefined;
  const walk = (items: readonly MenuItem[]) => {
    for (const m of items) {
      if (m.path && (pathname === m.path || pathname.startsWith(`${m.path}/`))) {
        if (!best || m.path.length > best.length) best = m.path;
      }
      walk(m.children ?? []);
    }
  };
  walk(menu);
  return best;
}

/** Titles of the menu nodes leading to (and including) the deepest node matching a path. */
export function menuTrail(menu: readonly MenuItem[], pathname: string): MenuItem[] {
  const key = selectedMenuKey(menu, pathname);
  if (!key) return [];
  const walk = (items: readonly MenuItem[], trail: MenuItem[]): MenuItem[] | undefined => {
    for (const m of items) {
      if (m.path === key) return [...trail, m];
      const found = walk(m.children ?? [], [...trail, m]);
      if (found) return found;
    }
    return undefined;
  };
  return walk(menu, []) ?? [];
}

export interface SearchOption {
  value: string;
  label: string;
  item: MenuItem;
}

/**
 * Menu search options (UserMenu.vue searchMenuOptions): every flattened menu node that is
 * not hidden and whose component is not `layouts/RouteView` (hidden nodes hide their subtree).
 */
export function searchOptions(menu: readonly MenuItem[]): SearchOption[] {
  const out: SearchOption[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const m of items) {
      if (!m || m.hidden) continue;
      if (!/layouts\/RouteView/.test(m.component ?? '')) {
        out.push({ value: m.path, label: m.meta?.title ?? m.name ?? m.path, item: m });
      }
      walk(m.children ?? []);
    }
  };
  walk(menu);
  return out;
}

/** Title filter of the search box: ignores case. */
export function matchesTitle(label: string, input: string): boolean {
  return label.toLowerCase().includes(input.trim().toLowerCase());
}

export const isIframeMenu = (m: MenuItem) => /layouts\/IframePageView/.test(m.component ?? '');
export const isExternalMenu = (m: MenuItem) => m.meta?.internalOrExternal === true;

/** URL of an external / iframe menu, `${token}` replaced. */
export function menuUrl(m: MenuItem, token: string | null | undefined): string | undefined {
  const url = m.meta?.url ?? (/^https?:/i.test(m.path) ? m.path : undefined);
  return url ? url.replace('${token}', token ?? '') : undefined;
}
