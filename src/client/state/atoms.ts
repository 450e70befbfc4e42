/**
 * Jotai atoms of the session, living in one store (`appStore`) so that non-React code
 * (session actions, the request layer hooks) and components share them. Initial values
 * come from storage, so a reload keeps the session.
 */
import { atom, getDefaultStore } from 'jotai';
import { KEYS, ls, SESSION_KEYS, ss } from './storage';
import type { AuthEntry, GlobalConfig, MenuItem, UserInfo } from './types';
import { grantsFromAuth, type Grants } from '../../core/access';

export const appStore = getDefaultStore();

export const tokenAtom = atom<string | null>(ls.get<string>(KEYS.accessToken));
export const userInfoAtom = atom<UserInfo | null>(ls.get<UserInfo>(KEYS.userInfo));
export const tenantIdAtom = atom<string | number | null>(ls.get<string | number>(KEYS.tenantId));
export const orgIdAtom = atom<string | number | null>(ls.get<string | number>(KEYS.orgId));
/** The server menu (JeecgBoot `permissionList`); empty until fetched after login. */
export const permissionListAtom = atom<MenuItem[]>([]);
/**
 * The stored texts (LOGIN_USER_BUTTON_AUTH, SYS_BUTTON_AUTH) each grants object was derived from
 * or stored as, so that a read of unchanged storage reuses the grants rather than parse the lists
 * again (an admin's lists are ~280 KB of text). Only the grants are kept: the parsed lists (a
 * thousand entries each, with their descriptions) are dropped once the sets are built. Weak: a
 * replaced grants object goes with its texts.
 */
export const buttonGrantsTexts = new WeakMap<Grants, readonly [string | null, string | null]>();

/** The grants of the lists as sessionStorage holds them now. */
export function storedButtonGrants(): Grants {
  const grants = grantsFromAuth(ss.getJson<AuthEntry[]>(SESSION_KEYS.buttonAuth, []), ss.getJson<AuthEntry[]>(SESSION_KEYS.sysButtonAuth, []));
  buttonGrantsTexts.set(grants, [ss.getRaw(SESSION_KEYS.buttonAuth), ss.getRaw(SESSION_KEYS.sysButtonAuth)]);
  return grants;
}
/** The user's button grants (core/access), from the session's two lists. */
export const buttonGrantsAtom = atom<Grants>(storedButtonGrants());
/** Global config; `undefined` while loading, `null` when the call failed. */
export const globalConfigAtom = atom<GlobalConfig | null | undefined>(undefined);
