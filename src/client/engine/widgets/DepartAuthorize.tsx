/**
 * 部门权限 (custom widget of the department list's 部门权限 action; JeecgBoot DepartAuthModal):
 * the menu tree the caller may grant, checked by the department's permissions — what the
 * department's roles may be given. Saved with saveDepartPermission; the server keeps what the
 * caller may not grant and takes a removed entry from the department's roles too.
 */
import type { CustomWidgetProps } from '../registry';
import { GrantTree, type GrantTreeConfig } from './RoleAuthorize';

export const DEPART_AUTH_PATHS = {
  tree: '/sys/role/queryTreeList',
  granted: '/sys/permission/queryDepartPermission',
  save: '/sys/permission/saveDepartPermission',
} as const;

const CONFIG: GrantTreeConfig = {
  treePath: DEPART_AUTH_PATHS.tree,
  grantedPath: DEPART_AUTH_PATHS.granted,
  savePath: DEPART_AUTH_PATHS.save,
  idParam: 'departId',
  rules: false,
  testId: 'depart-authorize',
};

export default function DepartAuthorize({ row, onClose }: CustomWidgetProps) {
  return <GrantTree id={String(row?.id ?? '')} config={CONFIG} onClose={onClose} />;
}
