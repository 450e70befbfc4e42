/**
 * The write pipeline's and the readers' only door to permission decisions: every call into
 * access.ts / the session's can() from resources/ and excel/ goes through here, so the access
 * rule can be replaced in one place.
 */
import type { SessionUser } from '../auth/session.js';
import { can } from '../auth/session.js';
import { checkFieldEdits, decorate, hiddenKeys } from './access.js';
import type { ResourceModel } from './model.js';
import { badRequest } from '../errors.js';

type Rec = Record<string, unknown>;

/** Does the caller hold `code`. */
export function callerCan(user: SessionUser, code: string): boolean {
  return can(user, code);
}

/**
 * Field edit access: a changed value of a field the caller may not edit is refused with 403
 * `没有权限修改字段：<title>`; an unchanged one is dropped; an echo of a field the write does not
 * store (readOnly, e.g. a server-managed reason shown on the form) is not a change. `before`: the stored row (snake_case
 * columns) or null on add (compared with the default).
 */
export function checkEditableFields(m: ResourceModel, valid: Rec, sent: Rec, before: Rec | null, user: SessionUser): void {
  // keys the validator dropped (readOnly, createOnly on edit, system columns) are not written
  const writes: Rec = {};
  for (const k of Object.keys(sent)) if (Object.prototype.hasOwnProperty.call(valid, k)) writes[k] = sent[k];
  checkFieldEdits(m, valid, writes, before, user);
}

/** Records as the caller may see them: hidden fields stripped, `_transitions` added. */
export function presentFor(m: ResourceModel, records: Rec[], user: SessionUser): void {
  decorate(m, records, user);
}

/** Keys the caller may not view. */
export function hiddenFor(m: ResourceModel, user: SessionUser): string[] {
  return hiddenKeys(m, user);
}

/**
 * Filters and sorts on fields the caller may not see would leak them (the match count is a
 * yes/no oracle): list and export refuse them like undeclared keys.
 */
export function refuseHiddenQuery(m: ResourceModel, q: Rec, user: SessionUser): void {
  for (const k of hiddenKeys(m, user)) {
    if (q[k] !== undefined || q[`${k}_begin`] !== undefined || q[`${k}_end`] !== undefined) throw badRequest(`不支持的查询条件：${k}`);
    if (q.column === k) throw badRequest(`不支持的排序字段：${k}`);
  }
}
