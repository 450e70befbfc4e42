/**
 * 租户管理: the console keeps tenants as module rows (table sys_tenant_info, rows of the platform
 * tenant); the login system's own table sys_tenant follows them, so that:
 * - a tenant added in the console exists for writes and for the organisation switch;
 * - a tenant disabled (status 0) or past its end date cannot be used: its users' logins are
 *   refused with a Chinese message, their sessions end (at once on 停用, through the effect; within
 *   the session cache's time on expiry), and platform writes into it are refused;
 * - the platform tenant itself cannot be disabled, expired or deleted, and a tenant that still has
 *   users cannot be deleted.
 * Effect `syncTenant` (afterWrite and the 停用/启用 transitions of the module kept in
 * sys_tenant_info) does the mirroring; `seedTenantProfiles` gives each sys_tenant row its module
 * row on start.
 */
import type { Kysely } from 'kysely';
import { SUPER_TENANT_ID } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { badRequest } from '../errors.js';
import { dropSessionsAfterCommit, type Effects } from '../resources/effects.js';

export const TENANT_PROFILE_TABLE = 'sys_tenant_info';

export const TENANT_MSG = {
  disabled: '所属租户已停用，请联系平台管理员',
  expired: '所属租户已过期，请联系平台管理员',
  platform: '平台租户不能停用、设置到期或删除',
  hasUsers: '该租户下还有用户，不能删除',
} as const;

type Db = Kysely<any>;
type Row = Record<string, unknown>;

const today = () => nowText().slice(0, 10);

/** Why users of a tenant may not sign in or keep a session, or null. */
export async function tenantRefusal(db: Db, tenantId: number): Promise<string | null> {
  const t = await db.selectFrom('sys_tenant').select(['status', 'end_date']).where('id', '=', tenantId).executeTakeFirst();
  if (!t) return TENANT_MSG.disabled;
  if (t.status != null && Number(t.status) !== 1) return TENANT_MSG.disabled;
  if (t.end_date && String(t.end_date).slice(0, 10) < today()) return TENANT_MSG.expired;
  return null;
}

async function revokeTenantTokens(db: Db, tenantId: number): Promise<void> {
  await db.updateTable('sys_token').set({ revoked_at: Date.now() }).where('tenant_id', '=', tenantId).where('revoked_at', 'is', null).execute();
}

async function mirror(db: Db, p: Row, status: number): Promise<void> {
  const no = Number(p.tenant_no);
  const values = { name: String(p.name), status, begin_date: p.begin_date ?? null, end_date: p.end_date ?? null, profile_id: String(p.id) };
  const existing = await db.selectFrom('sys_tenant').select('id').where('id', '=', no).executeTakeFirst();
  if (existing) await db.updateTable('sys_tenant').set(values).where('id', '=', no).execute();
  else await db.insertInto('sys_tenant').values({ id: no, ...values, create_time: nowText() }).execute();
}

export function registerTenantEffects(effects: Effects): void {
  effects.register('syncTenant', async (e) => {
    const { db } = e;
    if (e.transition) {
      const p = await db.selectFrom(TENANT_PROFILE_TABLE).selectAll().where('id', '=', e.id).executeTakeFirst();
      if (!p) return;
      const status = Number(e.transition.to);
      if (Number(p.tenant_no) === SUPER_TENANT_ID && status !== 1) throw badRequest(TENANT_MSG.platform);
      await mirror(db, p, status);
      if (status !== 1) await revokeTenantTokens(db, Number(p.tenant_no));
      dropSessionsAfterCommit(e);
      return;
    }
    const w = e.write;
    if (!w || !w.ids.length) return;
    if (w.op === 'delete') {
      const gone = await db.selectFrom('sys_tenant').select('id').where('profile_id', 'in', w.ids).execute();
      for (const t of gone) {
        const id = Number(t.id);
        if (id === SUPER_TENANT_ID) throw badRequest(TENANT_MSG.platform);
        const users = await db.selectFrom('sys_user').select('id').where('tenant_id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
        if (users) throw badRequest(TENANT_MSG.hasUsers);
        await db.deleteFrom('sys_tenant').where('id', '=', id).execute();
      }
      return;
    }
    const rows = (await db.selectFrom(TENANT_PROFILE_TABLE).selectAll().where('id', 'in', w.ids).execute()) as Row[];
    for (const p of rows) {
      if (Number(p.tenant_no) === SUPER_TENANT_ID && p.end_date) throw badRequest(TENANT_MSG.platform);
      await mirror(db, p, p.status == null ? 1 : Number(p.status));
    }
    // a changed end date may shut users out: cached sessions are checked again
    dropSessionsAfterCommit(e);
  });
}

/** Gives every sys_tenant row without one its module row (start, under the start lock). */
export async function seedTenantProfiles(db: Db): Promise<void> {
  const tenants = await db.selectFrom('sys_tenant').selectAll().where('profile_id', 'is', null).execute();
  const now = nowText();
  for (const t of tenants) {
    const id = newId();
    await db
      .insertInto(TENANT_PROFILE_TABLE)
      .values({
        id, tenant_id: SUPER_TENANT_ID, create_by: 'system', create_time: t.create_time ?? now, version: 1,
        tenant_no: Number(t.id), name: t.name, status: String(t.status ?? 1), begin_date: t.begin_date ?? null, end_date: t.end_date ?? null,
      })
      .execute();
    await db.updateTable('sys_tenant').set({ profile_id: id }).where('id', '=', t.id).execute();
  }
}
