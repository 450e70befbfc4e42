/**
 * Tab metadata of a location: title and keepAlive from the menu routes (meta), the static
 * shell routes otherwise.
 */
import { matchPath } from 'react-router';
import { containerTarget, flattenRoutes, menuToRoutes } from '../app/menuRoutes';
import type { MenuItem } from '../state/types';

export interface RouteInfo {
  title: string;
  keepAlive: boolean;
  /** The route exists (menu or static). */
  known: boolean;
}

export const STATIC_TITLES: Readonly<Record<string, string>> = {
  '/dashboard/analysis': '首页',
  '/dashboard/workplace': '工作台',
  '/dashboard/chart': '图表',
  '/dashboard/task': '任务',
  '/dashboard/monitor': '监控',
  '/monitor/system': '系统监控',
  '/isps/userAnnouncement': '我的消息',
  '/account/settings/base': '账户设置',
  '/homeDecoration/create': '首页装修',
  '/homeDecoration/preview': '装修预览',
  '/account/settings/security': '账户设置',
  '/account/settings/binding': '账户设置',
  '/account/settings/custom': '账户设置',
  '/account/settings/notification': '账户设置',
  '/account/center': '个人中心',
  '/exception/403': '403',
  '/exception/404': '404',
  '/exception/500': '500',
};

export interface RouteIndex {
  lookup(pathname: string): RouteInfo;
}

export function buildRouteIndex(menu: readonly MenuItem[], can: (code: string) => boolean): RouteIndex {
  const routes = flattenRoutes(menuToRoutes(menu, { can })).filter((r) => r.path && !/^https?:/i.test(r.path));
  const exact = new Map(routes.map((r) => [r.path, r]));
  return {
    lookup(pathname) {
      const r = exact.get(pathname) ?? routes.find((x) => x.path.includes(':') && matchPath(x.path, pathname));
      if (r) return { title: r.title ?? r.name ?? pathname, keepAlive: r.meta.keepAlive === true, known: !containerTarget(r) };
      const t = STATIC_TITLES[pathname];
      return { title: t ?? pathname, keepAlive: false, known: !!t };
    },
  };
}
