/**
 * Which tenant a call acts on: the token user's own tenant; a user of the super
 * tenant may name another one in the `tenant-id` header (organisation switch).
 */
import { SUPER_TENANT_ID } from '../context.js';
import type { SessionUser } from '../auth/session.js';

export function resolveTenant(user: SessionUser, header: unknown): number {
  if (user.tenantId !== SUPER_TENANT_ID) return user.tenantId;
  const raw = Array.isArray(header) ? header[0] : header;
  if (typeof raw !== 'string' || !/^\d{1,12}$/.test(raw)) return user.tenantId;
  const n = Number(raw);
  return n > 0 ? n : user.tenantId;
}
