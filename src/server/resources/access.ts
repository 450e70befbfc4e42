/**
 * Per-caller view of records: fields the caller may not `view` are stripped (with their
 * `_dictText`), `_transitions` lists the transitions allowed from the row's state and
 * permitted to the caller; edits of fields the caller may not `edit` are refused.
 */
import { allowedTransitions, canEditField, canViewField, type Can } from '../../core/projections/access.js';
import type { SessionUser } from '../auth/session.js';
import { can } from '../auth/session.js';
import { ApiError } from '../errors.js';
import { toStored, type ResourceModel } from './model.js';

export const canOf = (user: SessionUser): Can => (code) => can(user, code);

/** Field keys the caller may not see. */
export function hiddenKeys(m: ResourceModel, user: SessionUser): string[] {
  const c = canOf(user);
  return m.fields.filter((f) => f.field.permission && !canViewField(f.field, c)).map((f) => f.key);
}

/** In place: strip hidden fields and add `_transitions` (for resources with states). */
export function decorate(m: ResourceModel, records: Array<Record<string, unknown>>, user: SessionUser): void {
  const hidden = hiddenKeys(m, user);
  const c = canOf(user);
  const states = !!m.schema.states;
  for (const r of records) {
    for (const k of hidden) {
      delete r[k];
      delete r[`${k}_dictText`];
    }
    if (states) r._transitions = allowedTransitions(m.schema, r, c);
  }
}

export const fieldForbidden = (title: string) => new ApiError(403, `没有权限修改字段：${title}`);

/**
 * Refuse a write that changes a field the caller may not edit. `before` is the stored row
 * (edit) or null (add: compared with the field's default). Unchanged values pass.
 */
export function checkFieldEdits(m: ResourceModel, valid: Record<string, unknown>, sent: Record<string, unknown>, before: Record<string, unknown> | null, user: SessionUser): void {
  const c = canOf(user);
  for (const col of m.fields) {
    const f = col.field;
    if (!f.permission || canEditField(f, c)) continue;
    if (!Object.prototype.hasOwnProperty.call(sent, col.key)) continue;
    const next = toStored(col, valid[col.key]);
    const prev = before ? before[col.column] : f.default === undefined ? null : toStored(col, f.default);
    const same = (next ?? null) === (prev ?? null) || ((next === null || next === '') && (prev === null || prev === ''));
    if (!same) throw fieldForbidden(f.title);
    delete valid[col.key];
  }
}
