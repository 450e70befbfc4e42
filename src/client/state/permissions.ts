/**
 * The console's permission seam over the one access rule (src/core/access), shared with the server:
 *   can(code)            non-hook check
 *   useCan()             hook returning (code) => boolean, re-rendering on permission changes
 *
 * Button rule: kept when the code is among the user's button permissions (LOGIN_USER_BUTTON_AUTH
 * entries whose type is not '2', actions may be comma-joined) OR a system-level entry
 * (SYS_BUTTON_AUTH, type not '2') with that action has status '0' (rule switched off);
 * otherwise removed (an unregistered code is removed too unless the user owns it).
 */
import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { appStore, buttonAuthAtom, type ButtonAuth } from './atoms';
import { SESSION_KEYS, ss } from './storage';
import type { AuthEntry } from './types';
import { grantsFromAuth, holds } from '../../core/access';



/** The button rule, as the server applies it: the one access rule of src/core/access. */
export function hasButtonPermission(code: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): boolean {
  return holds(grantsFromAuth(auth, allAuth), code);
}

/** Reads the button auth lists from sessionStorage (the source of truth). */
export function readButtonAuth(): ButtonAuth {
  return {
    auth: ss.getJson<AuthEntry[]>(SESSION_KEYS.buttonAuth, []),
    allAuth: ss.getJson<AuthEntry[]>(SESSION_KEYS.sysButtonAuth, []),
  };
}

/** Stores the button auth lists (sessionStorage + atom). */
export function setButtonAuth(auth: AuthEntry[], allAuth: AuthEntry[]): void {
  ss.setJson(SESSION_KEYS.buttonAuth, auth);
  ss.setJson(SESSION_KEYS.sysButtonAuth, allAuth);
  appStore.set(buttonAuthAtom, { auth, allAuth });
}

export function clearButtonAuth(): void {
  ss.remove(SESSION_KEYS.buttonAuth);
  ss.remove(SESSION_KEYS.sysButtonAuth);
  appStore.set(buttonAuthAtom, { auth: [], allAuth: [] });
}

/** Non-hook check. */
export function can(code: string): boolean {
  const { auth, allAuth } = readButtonAuth();
  return hasButtonPermission(code, auth, allAuth);
}

/** Hook: a stable-per-permissions checker. */
export function useCan(): (code: string) => boolean {
  const { auth, allAuth } = useAtomValue(buttonAuthAtom, { store: appStore });
  return useCallback((code: string) => hasButtonPermission(code, auth, allAuth), [auth, allAuth]);
}
