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
import { appStore, buttonGrantsAtom, buttonGrantsTexts, storedButtonGrants } from './atoms';
import { SESSION_KEYS, ss } from './storage';
import type { AuthEntry } from './types';
import { can as decide, grantsFromAuth, holds, lookupOf, type AccessRequest, type Grants, type SchemaLookup } from '../../core/access';
import type { ResourceSchema } from '../../core/schema/types';
import { loadedResourceSchemas } from '../engine/loadedSchemas';



/** The button rule, as the server applies it: the one access rule of src/core/access. */
export function hasButtonPermission(code: string, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): boolean {
  return holds(grantsFromAuth(auth, allAuth), code);
}

/**
 * The grants of the button auth lists in sessionStorage (the source of truth). The atom's grants
 * are returned while the stored texts are the ones they came from; no parsed copy of the lists
 * is kept. The texts (about 140 KB each for an administrator) are compared at most once per
 * task: a render asks can() hundreds of times. A direct write to the storage is seen from the
 * next task on; the console's own writes (setButtonAuth) at once.
 */
let lastRead: Grants | null = null; // only while storage differs from the atom
/** The answer of this task's first read (cleared at the next task, and by the console's writes). */
let readThisTask: Grants | null = null;
function readButtonGrants(): Grants {
  if (readThisTask) return readThisTask;
  readThisTask = readStored();
  setTimeout(() => (readThisTask = null), 0);
  return readThisTask;
}

function readStored(): Grants {
  const auth = ss.getRaw(SESSION_KEYS.buttonAuth);
  const allAuth = ss.getRaw(SESSION_KEYS.sysButtonAuth);
  const current = appStore.get(buttonGrantsAtom);
  const from = buttonGrantsTexts.get(current);
  if (from && from[0] === auth && from[1] === allAuth) {
    lastRead = null;
    return current;
  }
  const last = lastRead && buttonGrantsTexts.get(lastRead);
  if (lastRead && last && last[0] === auth && last[1] === allAuth) return lastRead;
  lastRead = storedButtonGrants();
  return lastRead;
}

/** Stores the button auth lists (sessionStorage) and their grants (atom). */
export function setButtonAuth(auth: AuthEntry[], allAuth: AuthEntry[]): void {
  ss.setJson(SESSION_KEYS.buttonAuth, auth);
  ss.setJson(SESSION_KEYS.sysButtonAuth, allAuth);
  publish(grantsFromAuth(auth, allAuth), [ss.getRaw(SESSION_KEYS.buttonAuth), ss.getRaw(SESSION_KEYS.sysButtonAuth)]);
}

export function clearButtonAuth(): void {
  ss.remove(SESSION_KEYS.buttonAuth);
  ss.remove(SESSION_KEYS.sysButtonAuth);
  publish(grantsFromAuth([], []), [null, null]);
}

/** The console's own write: these grants, from these stored texts, are current from now on. */
function publish(grants: Grants, texts: readonly [string | null, string | null]): void {
  buttonGrantsTexts.set(grants, texts);
  readThisTask = null;
  appStore.set(buttonGrantsAtom, grants);
}

/** Non-hook check. */
export function can(code: string): boolean {
  return holds(readButtonGrants(), code);
}

/** Hook: a stable-per-permissions checker. */
export function useCan(): (code: string) => boolean {
  const grants = useAtomValue(buttonGrantsAtom, { store: appStore });
  return useCallback((code: string) => holds(grants, code), [grants]);
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
  const grants = useAtomValue(buttonGrantsAtom, { store: appStore });
  return useMemo(() => allowedBy(grants), [grants]);
}
