/**
 * The console's permission seam over the one access rule (src/core/access), shared with the server:
 *   useAccess()          hook returning ({resource, action, field?, record?}) => boolean — what the
 *                        engine's buttons, row actions, columns and form fields ask
 *   can(code)            non-hook check of a bare code (menu entries from the server carry codes)
 *   useCan()             hook returning (code) => boolean, re-rendering on permission changes
 *
 * Button rule: kept when the code is among the user's button permissions (LOGIN_USER_BUTTON_AUTH
 * entries whose type is not '2', actions may be comma-joined) OR a system-level entry
 * (SYS_BUTTON_AUTH, type not '2') with that action has status '0' (rule switched off);
 * otherwise removed (an unregistered code is removed too unless the user owns it).
 */
import { useCallback, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { appStore, buttonAuthAtom, type ButtonAuth } from './atoms';
import { SESSION_KEYS, ss } from './storage';
import type { AuthEntry } from './types';
import { can as decide, grantsFromAuth, holds, lookupOf, type AccessRequest, type Grants, type SchemaLookup } from '../../core/access';
import type { ResourceSchema } from '../../core/schema/types';
import { loadedResourceSchemas } from '../engine/loadedSchemas';



/**
 * Grants of the last auth lists asked about: the menu, routes and every cell ask many codes of
 * the same lists, and building the sets is the cost (the lists are replaced, never mutated).
 */
let lastGrants: { auth: readonly AuthEntry[]; allAuth: readonly AuthEntry[]; grants: Grants } | null = null;
function grantsOfLists(auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): Grants {
  if (lastGrants?.auth !== auth || lastGrants.allAuth !== allAuth) lastGrants = { auth, allAuth, grants: grantsFromAuth(auth, allAuth) };
  return lastGrants.grants;
}

/** The button rule, as the server applies it: the one access rule of src/core/access. */
export function hasButtonPermission(code: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): boolean {
  return holds(grantsOfLists(auth, allAuth), code);
}

/** The lists last parsed, by their stored text: parsed again only when the text changed. */
let lastRead: { raw: string; value: ButtonAuth } | null = null;
/** Whether the stored text was compared in this task already (cleared at the next task). */
let checked = false;

/**
 * Reads the button auth lists from sessionStorage (the source of truth). The stored text (about
 * 100 KB each for an administrator) is read at most once per task: a render asks can() hundreds
 * of times, and each read copies both strings. A direct write to the storage is seen from the
 * next task on; the console's own writes (setButtonAuth) at once.
 */
export function readButtonAuth(): ButtonAuth {
  if (checked && lastRead) return lastRead.value;
  const raw = `${ss.getRaw(SESSION_KEYS.buttonAuth)}\u0000${ss.getRaw(SESSION_KEYS.sysButtonAuth)}`;
  if (!checked) {
    checked = true;
    setTimeout(() => (checked = false), 0);
  }
  if (lastRead?.raw === raw) return lastRead.value;
  const value = {
    auth: ss.getJson<AuthEntry[]>(SESSION_KEYS.buttonAuth, []),
    allAuth: ss.getJson<AuthEntry[]>(SESSION_KEYS.sysButtonAuth, []),
  };
  lastRead = { raw, value };
  return value;
}

/** Stores the button auth lists (sessionStorage + atom). */
export function setButtonAuth(auth: AuthEntry[], allAuth: AuthEntry[]): void {
  ss.setJson(SESSION_KEYS.buttonAuth, auth);
  ss.setJson(SESSION_KEYS.sysButtonAuth, allAuth);
  lastRead = null;
  appStore.set(buttonAuthAtom, { auth, allAuth });
}

export function clearButtonAuth(): void {
  ss.remove(SESSION_KEYS.buttonAuth);
  ss.remove(SESSION_KEYS.sysButtonAuth);
  lastRead = null;
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

/**
 * An access question the engine asks about one module schema: may the user do `action`
 * (a CRUD action, export/import, a transition or action name; with `field`: 'view' | 'edit'),
 * on `record` when a transition's state matters?
 */
export type Allowed = (schema: ResourceSchema, req: Omit<AccessRequest, 'resource'>) => boolean;

/** The one access rule for these grants, over the schema asked about and the schemas loaded so far. */
export function allowedBy(grants: Grants): Allowed {
  // the lookup is built again only when the loaded schemas (or the schema asked about) change:
  // a list asks once per column and per row's buttons
  let last: { known: ResourceSchema[]; schema: ResourceSchema; lookup: SchemaLookup } | null = null;
  return (schema, req) => {
    const known = loadedResourceSchemas();
    if (last?.known !== known || last.schema !== schema) {
      last = { known, schema, lookup: lookupOf(known.some((s) => s.name === schema.name) ? known : [...known, schema]) };
    }
    return decide(grants, { ...req, resource: schema.name }, last.lookup).ok;
  };
}

/** Hook: the access rule for the current user, stable until their permissions change. */
export function useAccess(): Allowed {
  const { auth, allAuth } = useAtomValue(buttonAuthAtom, { store: appStore });
  return useMemo(() => allowedBy(grantsFromAuth(auth, allAuth)), [auth, allAuth]);
}
