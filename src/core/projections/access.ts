/**
 * What one caller may do with one row: the state transitions allowed from the row's state
 * and permitted to the caller, and the field-level view/edit permissions. Pure: the server
 * uses them to fill `_transitions` and strip fields; the client uses the same functions.
 */
import { permissionCode } from '../schema/naming.js';
import type { FieldSchema, ResourceSchema, Transition } from '../schema/types.js';
import { evaluateCondition } from '../validators/condition.js';

/** Does the caller hold a permission code? */
export type Can = (code: string) => boolean;

/** Permission code of a transition (its own or `<prefix>:<action>`). */
export function transitionPermission(schema: ResourceSchema, t: Transition): string {
  return t.permission ?? permissionCode(schema, t.action);
}

/** Is a transition allowed from `state` (a stored dict value)? */
export function transitionAllowedFrom(t: Transition, state: unknown): boolean {
  return state !== null && state !== undefined && t.from.includes(String(state));
}

/** Is a transition allowed for this row: its state field in `from` and its `when` condition holding? */
export function transitionAllowedFor(schema: Pick<ResourceSchema, 'states'>, t: Transition, row: Record<string, unknown>): boolean {
  return transitionAllowedFrom(t, row[t.field ?? schema.states!.field]) && evaluateCondition(t.when, row);
}

/** Whether the record may still be edited or deleted in its state (`states.editable`; default yes). */
export function editableInState(schema: Pick<ResourceSchema, 'states'>, row: Record<string, unknown>): boolean {
  const e = schema.states?.editable;
  if (!e) return true;
  const v = row[schema.states!.field];
  return v !== null && v !== undefined && e.includes(String(v));
}

/** Whether the record may be deleted in its state (`states.deletable`, else `states.editable`; default yes). */
export function deletableInState(schema: Pick<ResourceSchema, 'states'>, row: Record<string, unknown>): boolean {
  const d = schema.states?.deletable;
  if (!d) return editableInState(schema, row);
  const v = row[schema.states!.field];
  return v !== null && v !== undefined && d.includes(String(v));
}

/**
 * Actions of the transitions allowed for the row (state and `when`) AND permitted to the caller, in
 * declaration order; `system` transitions (taken only by the server) never.
 */
export function allowedTransitions(schema: ResourceSchema, row: Record<string, unknown>, can: Can): string[] {
  const st = schema.states;
  if (!st) return [];
  return st.transitions.filter((t) => !t.system && transitionAllowedFor(schema, t, row) && can(transitionPermission(schema, t))).map((t) => t.action);
}

export function canViewField(f: FieldSchema, can: Can): boolean {
  return !f.permission?.view || can(f.permission.view);
}

/** Editing needs the view permission too (a field one cannot see cannot be edited). */
export function canEditField(f: FieldSchema, can: Can): boolean {
  return canViewField(f, can) && (!f.permission?.edit || can(f.permission.edit));
}

export interface FieldAccess {
  /** Keys the caller may not see (stripped from outputs, hidden on the client). */
  hidden: Set<string>;
  /** Keys the caller may see but not change (read-only on the client, refused by the server). */
  readOnly: Set<string>;
}

export function fieldAccess(schema: Pick<ResourceSchema, 'fields'>, can: Can): FieldAccess {
  const hidden = new Set<string>();
  const readOnly = new Set<string>();
  for (const f of schema.fields) {
    if (!f.permission) continue;
    if (!canViewField(f, can)) hidden.add(f.key);
    else if (!canEditField(f, can)) readOnly.add(f.key);
  }
  return { hidden, readOnly };
}
