/**
 * One-shot demo data step for announcements (recorded in sys_migration, so it runs once per
 * database, fresh or already seeded): the demo-data rows of sysAnnouncement arrive as drafts
 * with random read-only columns; drafts get those cleared and the newest three of each tenant
 * are published for real (inbox rows), so the notice bell has content on a fresh server.
 */
import type { SessionUser } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { ANNOUNCEMENT_RESOURCE, STATUS, announcementTable } from './service.js';
import { runTransition } from '../resources/transition.js';

const STEP = 'seed sys_announcement_send';
const PUBLISH_PER_TENANT = 3;

export async function seedAnnouncements(ctx: AppContext): Promise<void> {
  if (!ctx.models.has(ANNOUNCEMENT_RESOURCE)) return;
  const { db } = ctx.database;
  if (await db.selectFrom('sys_migration').select('id').where('id', '=', STEP).executeTakeFirst()) return;
  const table = announcementTable(ctx);
  const anySent = await db.selectFrom('sys_announcement_send').select('id').limit(1).executeTakeFirst();
  if (!anySent) {
    await db.updateTable(table).set({ sender: null, send_time: null, cancel_time: null }).where('send_status', '=', STATUS.draft).execute();
    const tenants = await db.selectFrom('sys_tenant').select('id').execute();
    for (const t of tenants) {
      const tenantId = Number(t.id);
      const publisher = await db
        .selectFrom('sys_user')
        .select(['id', 'username', 'realname'])
        .where('tenant_id', '=', tenantId)
        .where('del_flag', '=', 0)
        .orderBy('create_time')
        .orderBy('id')
        .executeTakeFirst();
      if (!publisher) continue;
      const user = {
        token: '',
        id: String(publisher.id),
        username: String(publisher.username),
        realname: publisher.realname == null ? null : String(publisher.realname),
        tenantId,
        orgId: null,
        roleCodes: [],
        isSuperAdmin: false,
        perms: new Set<string>(),
      } satisfies SessionUser;
      const drafts = await db
        .selectFrom(table)
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('send_status', '=', STATUS.draft)
        .orderBy('create_time', 'desc')
        .orderBy('id', 'desc')
        .limit(PUBLISH_PER_TENANT)
        .execute();
      const model = ctx.models.get(ANNOUNCEMENT_RESOURCE)!;
      const publish = model.schema.states?.transitions.find((t) => t.action === 'publish');
      if (!publish) continue;
      for (const d of drafts) await runTransition(ctx, model, publish, { id: String(d.id) }, { user, tenantId });
    }
  }
  await db.insertInto('sys_migration').values({ id: STEP, applied_at: new Date().toISOString() }).onConflict((oc) => oc.column('id').doNothing()).execute();
}
