/**
 * Jotai atoms of the session, living in one store (`appStore`) so that non-React code
 * (session actions, the request layer hooks) and components share them. Initial values
 * come from storage, so a reload keeps the session.
 */
import { atom, getDefaultStore } from 'jotai';
import { KEYS, ls, SESSION_KEYS, ss } from './storage';
import type { AuthEntry, GlobalConfig, MenuItem, UserInfo } from './types';

export const appStore = getDefaultStore();

export const tokenAtom = atom<string | null>(ls.get<string>(KEYS.accessToken));
export const userInfoAtom = atom<UserInfo | null>(ls.get<UserInfo>(KEYS.userInfo));
export const tenantIdAtom = atom<string | number | null>(ls.get<string | number>(KEYS.tenantId));
export const orgIdAtom = atom<string | number | null>(ls.get<string | number>(KEYS.orgId));
/** The server menu (JeecgBoot `permissionList`); empty until fetched after login. */
export const permissionListAtom = atom<MenuItem[]>([]);
export interface ButtonAuth {
  auth: AuthEntry[];
  allAuth: AuthEntry[];
}
export const buttonAuthAtom = atom<ButtonAuth>({
  auth: ss.getJson<AuthEntry[]>(SESSION_KEYS.buttonAuth, []),
  allAuth: ss.getJson<AuthEntry[]>(SESSION_KEYS.sysButtonAuth, []),
});
/** Global config; `undefined` while loading, `null` when the call failed. */
export const globalConfigAtom = atom<GlobalConfig | null | undefined>(undefined);
