/**
 * What a user's department roles grant (JeecgBoot sys_depart_role_user / sys_depart_role_permission):
 * the permission entries of the department roles the user holds, each only while it is still in
 * its department's permissions (sys_depart_permission) — narrowing a department's permissions
 * narrows its roles at once. Roles of another tenant than the user's never count.
 * Read by the session's codes, the menu and the grant checks alike.
 */
import type { Kysely } from 'kysely';

export const DEPART_PERMISSION_TABLE = 'sys_depart_permission';
export const DEPART_ROLE_PERMISSION_TABLE = 'sys_depart_role_permission';
export const DEPART_ROLE_USER_TABLE = 'sys_depart_role_user';
export const DEPART_ROLE_TABLE = 'sys_depart_role';

/** Permission ids (sys_permission.id) the user's department roles grant. */
export async function departRolePermissionIds(db: Kysely<any>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom(`${DEPART_ROLE_USER_TABLE} as ru`)
    .innerJoin('sys_user as u', 'u.id', 'ru.user_id')
    .innerJoin(`${DEPART_ROLE_TABLE} as r`, (j) => j.onRef('r.id', '=', 'ru.drole_id').onRef('r.tenant_id', '=', 'u.tenant_id'))
    .innerJoin(`${DEPART_ROLE_PERMISSION_TABLE} as rp`, 'rp.role_id', 'r.id')
    .innerJoin(`${DEPART_PERMISSION_TABLE} as dp`, (j) => j.onRef('dp.depart_id', '=', 'r.depart_id').onRef('dp.permission_id', '=', 'rp.permission_id'))
    .select('rp.permission_id')
    .distinct()
    .where('ru.user_id', '=', userId)
    .execute();
  return rows.map((r) => String(r.permission_id));
}
