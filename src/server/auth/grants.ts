/**
 * What a role grants, for the write pipeline's `ref.grantSubset` check (sysUser.roleIds): the
 * button codes of its sys_role_permission rows, as loadPermissions reads them, and, for the
 * super-administrator role code, every code (only a super administrator may grant it).
 */
import { SUPER_ADMIN_ROLE } from '../context.js';
import { registerGrantedCodes } from '../resources/refs.js';

/** A code no grant list holds: only a super administrator (who holds every code) has it. */
export const EVERY_CODE = '*';

registerGrantedCodes('sysRole', async (db, ids, tenantId) => {
  const out = new Map<string, string[]>(ids.map((id) => [id, []]));
  const roles = await db.selectFrom('sys_role').select(['id', 'role_code']).where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
  for (const r of roles) if (String(r.role_code) === SUPER_ADMIN_ROLE) out.get(String(r.id))?.push(EVERY_CODE);
  const rows = await db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_permission as p', 'p.id', 'rp.permission_id')
    .select(['rp.role_id as r', 'p.perms as code'])
    .where('rp.role_id', 'in', ids)
    .where('p.menu_type', '=', 2)
    .where('p.del_flag', '=', 0)
    .where('p.status', '=', '1')
    .execute();
  for (const row of rows) if (row.code) out.get(String(row.r))?.push(String(row.code));
  return out;
});
