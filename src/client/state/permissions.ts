/**
 * The console's permission seam over the one access rule (src/core/access), shared with the server:
 *   can(code)            non-hook check
 *   useCan()             hook returning (code) => boolean, re-rendering on permission changes
 *   <Authorized code>    renders children only when can(code)
 *
 * Button rule: kept when the code is among the user's button permissions (LOGIN_USER_BUTTON_AUTH
 * entries whose type is not '2', actions may be comma-joined) OR a system-level entry
 * (SYS_BUTTON_AUTH, type not '2') with that action has status '0' (rule switched off);
 * otherwise removed (an unregistered code is removed too unless the user owns it).
 */
import { createElement, Fragment, useCallback, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { appStore, buttonAuthAtom, type ButtonAuth } from './atoms';
import { SESSION_KEYS, ss } from './storage';
import type { AuthEntry } from './types';
import { grantsFromAuth, holds } from '../../core/access';

function actions(e: AuthEntry): string[] {
  return String(e.action ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}


/** The button rule, as the server applies it: the one access rule of src/core/access. */
export function hasButtonPermission(code: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): boolean {
  return holds(grantsFromAuth(auth, allAuth), code);
}

/**
 * Type-2 (disable) rule of JeecgBoot `disabledAuthFilter`: true when a registered, active
 * type-2 code exists that the user does not own.
 */
export function isDisabledByAuth(code: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): boolean {
  let flag = false;
  for (const e of allAuth) {
    if (String(e.type) !== '2' || !actions(e).includes(code)) continue;
    if (String(e.status) === '0') return false;
    flag = true;
  }
  if (flag && auth.some((e) => String(e.type) === '2' && actions(e).includes(code))) flag = false;
  return flag;
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

/** Non-hook disable check (type '2' entries). */
export function disabledByAuth(code: string): boolean {
  const { auth, allAuth } = readButtonAuth();
  return isDisabledByAuth(code, auth, allAuth);
}

/** Hook: a stable-per-permissions checker. */
export function useCan(): (code: string) => boolean {
  const { auth, allAuth } = useAtomValue(buttonAuthAtom, { store: appStore });
  return useCallback((code: string) => hasButtonPermission(code, auth, allAuth), [auth, allAuth]);
}

/** Hook: (code) => disabled by a type-2 rule. */
export function useDisabledByAuth(): (code: string) => boolean {
  const { auth, allAuth } = useAtomValue(buttonAuthAtom, { store: appStore });
  return useCallback((code: string) => isDisabledByAuth(code, auth, allAuth), [auth, allAuth]);
}

export interface AuthorizedProps {
  code: string;
  children?: ReactNode;
  /** Rendered instead when not allowed (default nothing). */
  fallback?: ReactNode;
}

export function Authorized({ code, children, fallback = null }: AuthorizedProps) {
  const check = useCan();
  return createElement(Fragment, null, check(code) ? children : fallback);
}
