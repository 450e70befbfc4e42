/**
 * Side-menu filtering by the global config's appList switches.
 *
 * Rule (entries are identified by their path, name or component, case-insensitively):
 * - containing `servicePack` or `orderPack` -> service-pack / order-pack entries, hidden
 *   unless the switch `is_serve_pack` has status 1;
 * - containing `coupon` -> coupon-management entries, hidden unless `is_drug_mall_open`
 *   has status 1;
 * - a parent whose children are all hidden is hidden too (JEECG-63, applied recursively).
 * A switch is found by its `code` (or `value`); a missing switch counts as off.
 */
import type { AppSwitch, GlobalConfig, MenuItem } from '../state/types';

export const SWITCH = {
  followUp: 'follow_up',
  drugMall: 'is_drug_mall_open',
  servePack: 'is_serve_pack',
  remoteImaging: 'remote_imaging',
} as const;

/** True when the appList switch `code` has status 1. */
export function switchOn(appList: readonly AppSwitch[] | undefined | null, code: string): boolean {
  const s = (appList ?? []).find((a) => a && (a.code === code || a.value === code));
  return !!s && String(s.status) === '1';
}

const haystack = (m: MenuItem) => [m.path, m.name, m.component].filter(Boolean).join(' ').toLowerCase();

export const isPackEntry = (m: MenuItem) => /servicepack|orderpack/.test(haystack(m));
export const isCouponEntry = (m: MenuItem) => /coupon/.test(haystack(m));

/** Returns the menu with the switched-off entries marked hidden (a new tree). */
export function filterMenuByAppList(menu: readonly MenuItem[], config: GlobalConfig | null | undefined): MenuItem[] {
  const appList = config?.appList;
  const packs = switchOn(appList, SWITCH.servePack);
  const mall = switchOn(appList, SWITCH.drugMall);
  const walk = (items: readonly MenuItem[]): MenuItem[] =>
    items.map((m) => {
      const children = m.children ? walk(m.children) : undefined;
      let hidden = !!m.hidden;
      if (!packs && isPackEntry(m)) hidden = true;
      if (!mall && isCouponEntry(m)) hidden = true;
      if (children && children.length > 0 && children.every((c) => c.hidden)) hidden = true;
      const out: MenuItem = { ...m, hidden };
      if (children) out.children = children;
      return out;
    });
  return walk(menu);
}
