import { maskValue as maskKind } from '../../core/kinds/index.js';
import { permissionCode } from '../../core/schema/naming.js';
import type { SessionUser } from '../auth/session.js';
import { callerCan } from './guard.js';
import type { ResourceModel } from './model.js';

/** Masking of `sensitive: "mask"` fields: the field kind's (src/core/kinds), as the console shows it. */
export function maskValue(kind: string, v: unknown): unknown {
  return typeof v === 'string' && v.length > 0 ? maskKind(kind, v) : v;
}

/**
 * Who sees sensitive values whole: holders of `<prefix>:unmask` (the super administrator holds
 * every code). Everyone else gets `sensitive: "mask"` fields masked in list, childList,
 * queryById, the 409 conflict record and export alike.
 */
export const unmaskCode = (m: ResourceModel): string => permissionCode(m.schema, 'unmask');

export function mustMask(m: ResourceModel, user: SessionUser): boolean {
  return m.readable.some((c) => c.field.sensitive === 'mask') && !callerCan(user, unmaskCode(m));
}

/** In place: masks the sensitive fields of API records for a caller without the unmask code. */
export function maskRecords(m: ResourceModel, records: Array<Record<string, unknown>>, user: SessionUser): void {
  if (!mustMask(m, user)) return;
  for (const c of m.readable) {
    if (c.field.sensitive !== 'mask') continue;
    for (const r of records) r[c.key] = maskValue(c.field.kind, r[c.key]);
  }
}

/**
 * A form loaded masked sends the masked text back when the user left the field alone: such an
 * echo (exactly the mask of the stored value) means "unchanged" and is replaced by the stored
 * value before validation. `stored`: the stored row as an API record.
 */
export function restoreMaskedEchoes(m: ResourceModel, body: Record<string, unknown>, stored: Record<string, unknown>, user: SessionUser): void {
  if (!mustMask(m, user)) return;
  for (const c of m.readable) {
    if (c.field.sensitive !== 'mask' || !Object.prototype.hasOwnProperty.call(body, c.key)) continue;
    const have = stored[c.key];
    if (typeof have === 'string' && have !== '' && body[c.key] === maskValue(c.field.kind, have) && body[c.key] !== have) body[c.key] = have;
  }
}
