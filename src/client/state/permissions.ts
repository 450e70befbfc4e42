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
import { appStore, buttonAuthAtom, buttonAuthTexts, type ButtonAuth } from './atoms';
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

/**
 * Reads the button auth lists from sessionStorage (the source of truth). The lists in the atom are
 * returned while the stored texts are the ones they came from, and no second parsed copy (nor a
 * joined copy of the texts) is kept. The texts (about 140 KB each for an administrator) are
 * compared at most once per task: a render asks can() hundreds of times. A direct write to the
 * storage is seen from the next task on; the console's own writes (setButtonAuth) at once.
 */
let lastRead: ButtonAuth | null = null; // only while storage differs from the atom
/** The answer of this task's first read (cleared at the next task, and by the console's writes). */
let readThisTask: ButtonAuth | null = null;
export function readButtonAuth(): ButtonAuth {
  if (readThisTask) return readThisTask;
  readThisTask = readStored();
  setTimeout(() => (readThisTask = null), 0);
  return readThisTask;
}

function readStored(): ButtonAuth {
  const auth = ss.getRaw(SESSION_KEYS.buttonAuth);
  const allAuth = ss.getRaw(SESSION_KEYS.sysButtonAuth);
  const current = appStore.get(buttonAuthAtom);
  const from = buttonAuthTexts.get(current);
  if (from && from[0] === auth && from[1] === allAuth) {
    lastRead = null;
    return current;
  }
  const last = lastRead && buttonAuthTexts.get(lastRead);
  if (lastRead && last && last[0] === auth && last[1] === allAuth) return lastRead;
  const value = {
    auth: ss.getJson<AuthEntry[]>(SESSION_KEYS.buttonAuth, []),
    allAuth: ss.getJson<AuthEntry[]>(SESSION_KEYS.sysButtonAuth, []),
  };
  buttonAuthTexts.set(value, [auth, allAuth]);
  lastRead = value;
  return value;
}

/** Stores the button auth lists (sessionStorage + atom). */
export function setButtonAuth(auth: AuthEntry[], allAuth: AuthEntry[]): void {
  ss.setJson(SESSION_KEYS.buttonAuth, auth);
  ss.setJson(SESSION_KEYS.sysButtonAuth, allAuth);
  const value = { auth, allAuth };
  buttonAuthTexts.set(value, [ss.getRaw(SESSION_KEYS.buttonAuth), ss.getRaw(SESSION_KEYS.sysButtonAuth)]);
  readThisTask = null;
  appStore.set(buttonAuthAtom, value);
}

export function clearButtonAuth(): void {
  ss.remove(SESSION_KEYS.buttonAuth);
  ss.remove(SESSION_KEYS.sysButtonAuth);
  const value = { auth: [], allAuth: [] };
  buttonAuthTexts.set(value, [null, null]);
  readThisTask = null;
  appStore.set(buttonAuthAtom, value);
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
  return useMemo(() => allowedBy(grantsOfLists(auth, allAuth)), [auth, allAuth]);
}
