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
/**
 * The stored texts (LOGIN_USER_BUTTON_AUTH, SYS_BUTTON_AUTH) each lists object was parsed from or
 * stored as, so that a read of unchanged storage reuses the lists rather than parse a second copy
 * (an admin's lists are ~280 KB of text). Weak: a replaced lists object goes with its texts.
 */
export const buttonAuthTexts = new WeakMap<ButtonAuth, readonly [string | null, string | null]>();
const storedButtonAuth: ButtonAuth = {
  auth: ss.getJson<AuthEntry[]>(SESSION_KEYS.buttonAuth, []),
  allAuth: ss.getJson<AuthEntry[]>(SESSION_KEYS.sysButtonAuth, []),
};
buttonAuthTexts.set(storedButtonAuth, [ss.getRaw(SESSION_KEYS.buttonAuth), ss.getRaw(SESSION_KEYS.sysButtonAuth)]);
export const buttonAuthAtom = atom<ButtonAuth>(storedButtonAuth);
/** Global config; `undefined` while loading, `null` when the call failed. */
export const globalConfigAtom = atom<GlobalConfig | null | undefined>(undefined);
