/**
 * Tenant / organisation selection:
 * - Organisation selection stores the chosen tenant id and organisation id (`pro__TENANT_ID`,
 *   `pro__ORG_ID`) and updates the displayed name (`currentOrgAtom`, kept in `pro__CURRENT_ORG`
 *   together with the tenant it belongs to, so a stale label never shows for another tenant).
 * - Super-tenant user: the user tenant is stored and no organisation id (session.applyLogin);
 *   picking a whole tenant (orgId '0', the super tenant itself included) stores no organisation id;
 *   picking an organisation of any tenant stores its id (the server narrows a super-tenant user's
 *   lists to it: src/server/tenancy/org-scope.ts).
 * - Admin-tenant check: tenant id unset or 0 (session.isAdminTenant).
 * - Tenant id / org id from the page URL (`?tenantId=&orgId=`) are stored at start-up
 *   (`applyTenantFromUrl`, called by main.tsx); a tenant id clears any stored org id first.
 */
import { atom } from 'jotai';
import { appStore, orgIdAtom, tenantIdAtom } from './atoms';
import { selectOrganisation, isAdminTenant } from './session';
import { KEYS, ls } from './storage';

export { isAdminTenant, selectOrganisation };

export const CURRENT_ORG_KEY = 'CURRENT_ORG';

export interface CurrentOrg {
  title: string;
  tenantId: string | number;
  orgId?: string | number | null;
}

export const currentOrgAtom = atom<CurrentOrg | null>(ls.get<CurrentOrg>(CURRENT_ORG_KEY));

/** An organisation id worth storing: not empty and not '0' (the whole tenant). */
export function realOrgId(orgId: unknown): string | number | null {
  if (orgId === null || orgId === undefined) return null;
  const s = String(orgId).trim();
  return s === '' || s === '0' ? null : (orgId as string | number);
}

/**
 * Picks an organisation: stores tenant + org (none for a whole tenant) and the label.
 */
export function chooseOrganisation(org: { title: string; tenantId: string | number; orgId?: string | number | null }): void {
  // an organisation of any tenant (the super tenant's too) is stored; the tenant itself ('0') is none
  const orgId = realOrgId(org.orgId);
  selectOrganisation(org.tenantId, orgId);
  const current: CurrentOrg = { title: org.title, tenantId: org.tenantId, orgId };
  ls.set(CURRENT_ORG_KEY, current);
  appStore.set(currentOrgAtom, current);
}

/** The label to show for the current tenant, or null when the stored one belongs elsewhere. */
export function currentOrgLabel(current: CurrentOrg | null, tenantId: string | number | null): string | null {
  if (!current || tenantId === null || tenantId === undefined) return null;
  return String(current.tenantId) === String(tenantId) ? current.title : null;
}

/** Stores `tenantId` / `orgId` from a URL query string; returns what it applied. */
export function applyTenantFromUrl(search: string = typeof window !== 'undefined' ? window.location.search : ''): {
  tenantId: string | null;
  orgId: string | null;
} {
  const q = new URLSearchParams(search);
  const tenantId = q.get('tenantId')?.trim() || null;
  const orgId = q.get('orgId')?.trim() || null;
  if (tenantId) {
    ls.set(KEYS.tenantId, tenantId);
    appStore.set(tenantIdAtom, tenantId);
    ls.remove(KEYS.orgId);
    appStore.set(orgIdAtom, null);
  }
  if (orgId) {
    ls.set(KEYS.orgId, orgId);
    appStore.set(orgIdAtom, orgId);
  }
  return { tenantId, orgId };
}
