/**
 * Page registry: menu `component` strings (JeecgBoot `views/<component>`) -> lazy page modules.
 * `resource/<name>` components never come here (they open the generic engine page) and
 * `layouts/*` resolve to layout components in app/components.tsx.
 */
import type { ComponentType } from 'react';
import type { MenuMeta } from '../state/types';

export interface PageProps {
  /** Menu title of the page. */
  title?: string;
  meta?: MenuMeta;
  /** Absolute route path. */
  path?: string;
}

export type PageModule = { default: ComponentType<PageProps> };
export type PageLoader = () => Promise<PageModule>;

export const pageRegistry: Record<string, PageLoader> = {
  'dashboard/Analysis': () => import('./dashboard/Analysis'),
  'dashboard/Workplace': () => import('./dashboard/Workplace'),
  'exception/403': () => import('./exception/Exception403'),
  'exception/404': () => import('./exception/Exception404'),
  'exception/500': () => import('./exception/Exception500'),
  'account/settings/BaseSetting': () => import('./account/AccountPages').then((m) => ({ default: m.AccountSettings })),
  'account/settings/Index': () => import('./account/AccountPages').then((m) => ({ default: m.AccountSettings })),
  'account/center/Index': () => import('./account/AccountPages').then((m) => ({ default: m.AccountCenter })),
  'system/UserAnnouncementList': () => import('./announcement/UserAnnouncementList'),
  'monitor/SystemMonitor': () => import('./monitor/SystemMonitor'),
  'decoration/Editor': () => import('./decoration/Editor'),
  'settings/DownloadCenter': () => import('./settings/DownloadCenter'),
  'dashboard/Chart': () => import('./dashboard/ChartIndex'),
  'dashboard/Task': () => import('./dashboard/TaskIndex'),
  'dashboard/Monitor': () => import('./dashboard/MonitorIndex'),
};

/** Normalises a menu component string: no leading slash, no `views/` prefix, no extension. */
export function normalizeComponent(component: string): string {
  return component
    .trim()
    .replace(/^\/+/, '')
    .replace(/^views\//, '')
    .replace(/\.(vue|tsx?|jsx?)$/, '');
}

/** Finds the registry key of a component (exact, then case-insensitive). */
export function findPage(component: string, registry: Record<string, PageLoader> = pageRegistry): string | undefined {
  const key = normalizeComponent(component);
  if (key in registry) return key;
  const lower = key.toLowerCase();
  return Object.keys(registry).find((k) => k.toLowerCase() === lower);
}
