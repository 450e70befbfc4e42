/**
 * Current organisation label with a 切换 link in the header: shown only to super-tenant
 * users (userInfo.tenantId equals globalConfig.superTenantId); 切换 opens the OrgPicker.
 */
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { appStore, globalConfigAtom, tenantIdAtom, userInfoAtom } from '../../state/atoms';
import { currentOrgAtom, currentOrgLabel } from '../../state/tenant';
import { untilOpened } from '../untilOpened';

/** The picker (a table of organisations) loads when 切换 is first clicked. */
const OrgPicker = untilOpened(() => import('./OrgPicker').then((m) => m.OrgPicker));

export function isSuperTenantUser(userTenantId: unknown, superTenantId: unknown): boolean {
  if (userTenantId === undefined || userTenantId === null || userTenantId === '') return false;
  if (superTenantId === undefined || superTenantId === null || superTenantId === '') return false;
  return String(userTenantId) === String(superTenantId);
}

export function OrgSwitch() {
  const user = useAtomValue(userInfoAtom, { store: appStore });
  const cfg = useAtomValue(globalConfigAtom, { store: appStore });
  const tenantId = useAtomValue(tenantIdAtom, { store: appStore });
  const current = useAtomValue(currentOrgAtom, { store: appStore });
  const [open, setOpen] = useState(false);
  if (!isSuperTenantUser(user?.tenantId, cfg?.superTenantId)) return null;
  const label = currentOrgLabel(current, tenantId) ?? cfg?.orgName ?? '平台';
  return (
    <span data-testid="org-switch" style={{ whiteSpace: 'nowrap' }}>
      <span style={{ marginRight: 8 }}>
        当前机构：<span data-testid="org-current">{label}</span>
      </span>
      <a role="button" onClick={() => setOpen(true)}>
        切换
      </a>
      <OrgPicker open={open} onClose={() => setOpen(false)} />
    </span>
  );
}

export default OrgSwitch;
