/**
 * 部门角色 授权 (JeecgBoot DeptRoleAuthModal): the tree offers only the department's permissions
 * the caller may grant (queryTreeListForDeptRole), checked by the department role's grants; the
 * server refuses anything beyond the department's or the caller's permissions.
 */
import { useMemo } from 'react';
import type { CustomWidgetProps } from '../registry';
import { GrantTree, type GrantTreeConfig } from './RoleAuthorize';

export const DEPART_ROLE_AUTH_PATHS = {
  tree: '/sys/permission/queryTreeListForDeptRole',
  granted: '/sys/sysDepartPermission/queryDeptRolePermission',
  save: '/sys/sysDepartPermission/saveDeptRolePermission',
} as const;

export default function DepartRoleAuthorize({ row, onClose }: CustomWidgetProps) {
  const departId = String(row?.departId ?? '');
  const config = useMemo<GrantTreeConfig>(() => ({
    treePath: DEPART_ROLE_AUTH_PATHS.tree,
    treeQuery: { departId },
    grantedPath: DEPART_ROLE_AUTH_PATHS.granted,
    savePath: DEPART_ROLE_AUTH_PATHS.save,
    idParam: 'roleId',
    rules: false,
    testId: 'depart-role-authorize',
  }), [departId]);
  return <GrantTree id={String(row?.id ?? '')} config={config} onClose={onClose} />;
}
