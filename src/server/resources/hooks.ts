/**
 * Per-resource behaviour the schema cannot say: sysUser shares its table with the
 * login system (usernames unique across tenants; roleIds mirrored into sys_user_role).
 */
import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';

export interface ResourceHooks {
  /** Unique fields checked across all tenants instead of within one. */
  globalUnique?: string[];
  afterWrite?(ctx: AppContext, ids: string[], op: 'add' | 'edit' | 'delete'): Promise<void>;
}

async function syncUserRoles(ctx: AppContext, ids: string[], op: 'add' | 'edit' | 'delete'): Promise<void> {
  const { db } = ctx.database;
  await db.deleteFrom('sys_user_role').where('user_id', 'in', ids).execute();
  if (op === 'delete') {
    await db.updateTable('sys_token').set({ revoked_at: Date.now() }).where('user_id', 'in', ids).where('revoked_at', 'is', null).execute();
  } else {
    const users = await db.selectFrom('sys_user').select(['id', 'role_ids']).where('id', 'in', ids).execute();
    const rows = users.flatMap((u) =>
      [...new Set(String(u.role_ids ?? '').split(',').filter(Boolean))].map((roleId) => ({ id: newId(), user_id: u.id, role_id: roleId })),
    );
    if (rows.length) await db.insertInto('sys_user_role').values(rows).execute();
  }
  ctx.sessions.drop();
}

export const RESOURCE_HOOKS: Record<string, ResourceHooks> = {
  sysUser: { globalUnique: ['username'], afterWrite: syncUserRoles },
  sysRole: {
    async afterWrite(ctx, ids, op) {
      if (op === 'delete') {
        await ctx.database.db.deleteFrom('sys_user_role').where('role_id', 'in', ids).execute();
        await ctx.database.db.deleteFrom('sys_role_permission').where('role_id', 'in', ids).execute();
      }
      ctx.sessions.drop();
    },
  },
};
