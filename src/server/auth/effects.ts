/**
 * Authentication-table effects (registered server effects, schemas/registry.json "effects"),
 * named by the account schemas with `"effects": { "afterWrite": [...] }`. They keep the login
 * system's link tables in step with generic writes; they run in the write's transaction.
 *
 * - `syncUserRoles`: the written users' `roleIds` (a refs field) are mirrored into
 *   sys_user_role; deleted users lose their links and their tokens are revoked; sessions drop.
 * - `dropRoleLinks`: deleted roles leave sys_user_role and sys_role_permission; sessions drop
 *   (a role's name or grants may show in every cached session).
 * - `dropPermissionLinks`: menu entries and buttons (sys_permission) written in the console:
 *   deleted ones leave sys_role_permission; sessions drop everywhere (their codes come from these
 *   rows), so the next permission fetch shows the change.
 * - `endUserSessions`: the login tokens of the user records a transition or write touched are
 *   revoked and their cached sessions dropped on every instance, so a user frozen (or otherwise
 *   shut out by the change) is signed out at once, not when the token expires.
 */
import { newId } from '../db/ids.js';
import { dropSessionsAfterCommit, type Effects } from '../resources/effects.js';

/** The field holding a user's role ids: the refs field of the written resource named `roleIds`. */
const ROLE_IDS = 'roleIds';

/** Registers the authentication-table effects on an app's registry. */
export function registerAuthEffects(effects: Effects): void {
effects.register('syncUserRoles', async (e) => {
  const w = e.write;
  if (!w || !w.ids.length) return;
  await e.db.deleteFrom('sys_user_role').where('user_id', 'in', w.ids).execute();
  if (w.op === 'delete') {
    await e.db.updateTable('sys_token').set({ revoked_at: Date.now() }).where('user_id', 'in', w.ids).where('revoked_at', 'is', null).execute();
  } else {
    const col = e.model.byKey.get(ROLE_IDS)?.column;
    if (col) {
      const users = await e.db.selectFrom(e.model.table).select(['id', `${col} as r`]).where('id', 'in', w.ids).execute();
      const rows = users.flatMap((u) =>
        [...new Set(String(u.r ?? '').split(',').filter(Boolean))].map((roleId) => ({ id: newId(), user_id: u.id, role_id: roleId })),
      );
      if (rows.length) await e.db.insertInto('sys_user_role').values(rows).execute();
    }
  }
  dropSessionsAfterCommit(e);
});

effects.register('dropRoleLinks', async (e) => {
  const w = e.write;
  if (!w) return;
  if (w.op === 'delete' && w.ids.length) {
    await e.db.deleteFrom('sys_user_role').where('role_id', 'in', w.ids).execute();
    await e.db.deleteFrom('sys_role_permission').where('role_id', 'in', w.ids).execute();
  }
  dropSessionsAfterCommit(e);
});

effects.register('endUserSessions', async (e) => {
  const ids = e.write ? e.write.ids : e.id ? [e.id] : [];
  if (!ids.length) return;
  await e.db.updateTable('sys_token').set({ revoked_at: Date.now() }).where('user_id', 'in', ids).where('revoked_at', 'is', null).execute();
  dropSessionsAfterCommit(e);
});

effects.register('dropPermissionLinks', async (e) => {
  const w = e.write;
  if (!w) return;
  if (w.op === 'delete' && w.ids.length) await e.db.deleteFrom('sys_role_permission').where('permission_id', 'in', w.ids).execute();
  dropSessionsAfterCommit(e);
});
}
