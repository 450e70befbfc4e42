/**
 * Home-page decoration effects (schemas/registry.json "effects"):
 * - `decorationPublish` (transition 发布 of the page): validates the stored page with the core
 *   registry (required images, links that resolve to records of the tenant, one navbar and one
 *   bottom navigation; 400 with the first Chinese message naming the component, every problem in
 *   `result.errors`, nothing changed), freezes it as the next version and records that number as
 *   the published version. The transition's `supersede` moves the client's other published page
 *   offline in the same transaction.
 * - `decorationCopy` (row action 复制): a new 草稿 page of the same client with the same content.
 * - `decorationRestore` (row action 恢复此版本 of a version): the version's page becomes the page's
 *   content and its published version, the page is 已发布 and the client's other published page
 *   goes offline.
 */
import type { Kysely } from 'kysely';
import { validatePage } from '../../core/decoration/validate.js';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { badRequest } from '../errors.js';
import type { EffectContext, Effects } from '../resources/effects.js';
import { rowToRecord, toStored, type ResourceModel } from '../resources/model.js';
import { nextVersion } from '../resources/version.js';
import { logWrites } from '../resources/write-log.js';

type Rec = Record<string, unknown>;

export const DECORATION_RESOURCE = 'hisHomeDecoration';
export const VERSION_RESOURCE = 'hisHomeDecorationVersion';
export const STATUS = { draft: '1', published: '2', offline: '3' } as const;

function model(ctx: AppContext, name: string): ResourceModel {
  const m = ctx.models.get(name);
  if (!m) throw badRequest(`未声明资源：${name}`);
  return m;
}

/** Stored columns of API values. */
export function columnsOf(m: ResourceModel, values: Rec): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(values)) {
    const c = m.byKey.get(k);
    if (c) out[c.column] = toStored(c, v);
  }
  return out;
}

/** Which ids of a resource are rows of the tenant (links of the page must point there). */
function resolver(ctx: AppContext, db: Kysely<any>, tenantId: number) {
  return async (resource: string, ids: string[]): Promise<Set<string>> => {
    const m = ctx.models.get(resource);
    if (!m || !ids.length) return new Set();
    const rows = await db.selectFrom(m.table).select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    return new Set(rows.map((r) => String((r as Rec).id)));
  };
}

export async function checkPublishable(ctx: AppContext, db: Kysely<any>, tenantId: number, page: unknown): Promise<void> {
  const problems = await validatePage(page, resolver(ctx, db, tenantId));
  if (problems.length) {
    throw badRequest(problems[0]!.message, { errors: problems.map((p) => ({ field: 'page', message: p.message, index: p.index, nodeId: p.nodeId ?? null })) });
  }
}

async function publish(e: EffectContext): Promise<void> {
  const page = e.before?.page;
  await checkPublishable(e.ctx, e.db, e.caller.tenantId, page);
  const vm = model(e.ctx, VERSION_RESOURCE);
  const last = await e.db
    .selectFrom(vm.table)
    .select((eb) => eb.fn.max(vm.byKey.get('versionNo')!.column).as('n'))
    .where('tenant_id', '=', e.caller.tenantId)
    .where(vm.byKey.get('decorationId')!.column, '=', e.id)
    .executeTakeFirst();
  const versionNo = Number((last as Rec | undefined)?.n ?? 0) + 1;
  const id = newId();
  const now = nowText();
  await e.db.insertInto(vm.table).values({
    id, tenant_id: e.caller.tenantId, create_by: e.caller.user.username, create_time: now, version: 1,
    ...columnsOf(vm, { decorationId: e.id, versionNo, client: e.before?.client, publisher: e.caller.user.realname || e.caller.user.username, publishTime: now, remark: '发布', page }),
  }).execute();
  await logWrites(e.db, e.caller, vm.name, 'add', [id], 1);
  e.set({ publishedVersion: versionNo });
}

async function copy(e: EffectContext): Promise<{ id: string }> {
  const src = e.before!;
  const id = newId();
  const name = `${String(src.name ?? '')}（副本）`.slice(0, 50);
  await e.db.insertInto(e.model.table).values({
    id, tenant_id: e.caller.tenantId, create_by: e.caller.user.username, create_time: nowText(), version: 1,
    ...columnsOf(e.model, { name, client: src.client, status: STATUS.draft, template: src.template, page: src.page }),
  }).execute();
  await logWrites(e.db, e.caller, e.model.name, 'add', [id], 1);
  return { id };
}

async function restore(e: EffectContext): Promise<{ id: string; versionNo: number }> {
  const v = e.before!;
  const dm = model(e.ctx, DECORATION_RESOURCE);
  const row = await e.db.selectFrom(dm.table).selectAll().where('id', '=', String(v.decorationId)).where('tenant_id', '=', e.caller.tenantId).executeTakeFirst();
  if (!row) throw badRequest('装修页面：选择的记录不存在或无权使用');
  const page = rowToRecord(dm, row as Rec);
  const now = nowText();
  const statusCol = dm.byKey.get('status')!.column;
  const clientCol = dm.byKey.get('client')!.column;
  const others = await e.db.selectFrom(dm.table).select('id').where('tenant_id', '=', e.caller.tenantId).where(statusCol, '=', STATUS.published).where(clientCol, '=', String(page.client)).where('id', '!=', String(page.id)).execute();
  const audit = { update_by: e.caller.user.username, update_time: now, version: nextVersion() };
  if (others.length) {
    const ids = others.map((o) => String((o as Rec).id));
    await e.db.updateTable(dm.table).set({ [statusCol]: STATUS.offline, ...audit }).where('tenant_id', '=', e.caller.tenantId).where('id', 'in', ids).execute();
    await logWrites(e.db, e.caller, dm.name, 'supersede', ids);
  }
  const versionNo = Number(v.versionNo);
  await e.db.updateTable(dm.table)
    .set({ ...columnsOf(dm, { page: v.page, publishedVersion: versionNo, status: STATUS.published, publishTime: now }), ...audit })
    .where('id', '=', String(page.id)).where('tenant_id', '=', e.caller.tenantId).execute();
  await logWrites(e.db, e.caller, dm.name, 'restore', [String(page.id)]);
  return { id: String(page.id), versionNo };
}

export function registerDecorationEffects(effects: Effects): void {
  effects.register('decorationPublish', publish);
  effects.register('decorationCopy', copy);
  effects.register('decorationRestore', restore);
}
