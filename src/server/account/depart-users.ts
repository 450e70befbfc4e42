/**
 * 部门用户 and 通讯录 over the users' `departIds` (用户管理's 所属部门, departments of 部门管理):
 * - effects `departAddUsers` / `departRemoveUsers` (部门用户's toolbar actions, JeecgBoot
 *   `POST /sys/user/editSysDepartWithUser {depId, userIdList}` and
 *   `DELETE /sys/user/deleteUserInDepartBatch?depId=&userIds=`): the named users of the caller's
 *   tenant gain / lose the department; each user row moves to its next version and is data-logged
 *   as an edit of the resource written;
 * - `DELETE /sys/user/deleteUserInDepart?depId=&userId=`: one user, same effect and code;
 * - `GET /sys/user/queryUserByDepId?id=`: the department's users (JeecgBoot's user picker);
 * - `GET /sys/user/queryByOrgCodeForAddressList?orgCode=&realname=&workNo=`: 通讯录's list for the
 *   department of that 机构编码 and its sub-departments (the tree below it).
 * The written resource is the effect's own (its table is the users'); reads need its list code.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codeFor, lookupOf } from '../../core/access/index.js';
import { ok } from '../../core/protocol/index.js';
import { can } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { badRequest, forbidden } from '../errors.js';
import type { EffectContext, Effects } from '../resources/effects.js';
import { listRecords, treeParentColumn } from '../resources/list.js';
import { toListQuery } from '../resources/list-query.js';
import { presentRecords } from '../resources/read.js';
import { nextVersion } from '../resources/version.js';
import { logWrites } from '../resources/write-log.js';
import type { ResourceModel } from '../resources/model.js';

const DEPART_IDS = 'departIds';
const DEPART_USER_RESOURCE = 'sysDepartUser';
const ADDRESS_RESOURCE = 'sysAddressList';

const split = (v: unknown) => String(v ?? '').split(',').map((x) => x.trim()).filter(Boolean);

/** Adds (or removes) `depId` in the departIds of `userIds` of the caller's tenant; returns the ids changed. */
async function moveUsers(e: Pick<EffectContext, 'db' | 'model' | 'caller'>, depId: string, userIds: string[], add: boolean, op: string): Promise<string[]> {
  const column = e.model.byKey.get(DEPART_IDS)?.column;
  if (!column) throw badRequest('该资源没有所属部门字段');
  if (!depId) throw badRequest('部门：请选择部门');
  if (!userIds.length) throw badRequest('用户：请选择用户');
  const rows = await e.db.selectFrom(e.model.table).select(['id', `${column} as d`]).where('id', 'in', userIds).where('tenant_id', '=', e.caller.tenantId).execute();
  const changed: string[] = [];
  for (const r of rows) {
    const now = split(r.d);
    const has = now.includes(depId);
    if (has === add) continue;
    const next = add ? [...now, depId] : now.filter((x) => x !== depId);
    await e.db.updateTable(e.model.table).set({ [column]: next.length ? next.join(',') : null, version: nextVersion() }).where('id', '=', String(r.id)).execute();
    changed.push(String(r.id));
  }
  if (changed.length) await logWrites(e.db, e.caller, e.model.name, op, changed);
  return changed;
}

export function registerDepartUserEffects(effects: Effects): void {
  effects.register('departAddUsers', async (e) => ({ changed: (await moveUsers(e, String(e.values.depId ?? ''), split(e.values.userIdList), true, 'addUsers')).length }));
  effects.register('departRemoveUsers', async (e) => ({ changed: (await moveUsers(e, String(e.values.depId ?? ''), split(e.values.userIds), false, 'removeUsers')).length }));
}

type Query = Record<string, unknown>;

/** `roots` and every department below them (level by level, at most 32 levels). */
async function subtree(ctx: AppContext, m: ResourceModel, roots: string[], tenantId: number): Promise<string[]> {
  const parent = treeParentColumn(m);
  const all = new Set(roots);
  let level = roots;
  for (let depth = 0; parent && level.length && depth < 32; depth++) {
    const rows = await ctx.database.db.selectFrom(m.table).select('id').where('tenant_id', '=', tenantId).where(parent, 'in', level).execute();
    level = rows.map((r) => String(r.id)).filter((id) => !all.has(id));
    for (const id of level) all.add(id);
  }
  return [...all];
}
const one = (q: Query, k: string) => {
  const v = Array.isArray(q[k]) ? (q[k] as unknown[])[0] : q[k];
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
};

export function registerDepartUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const lookup = lookupOf([...ctx.models.values()].map((x) => x.schema));
  const need = (user: NonNullable<FastifyRequest['session']>, m: ResourceModel, action: string) => {
    const code = codeFor(m.schema, action, lookup);
    if (!can(user, code)) throw forbidden(code);
  };
  const departUsers = ctx.models.get(DEPART_USER_RESOURCE);
  if (departUsers) {
    app.delete('/sys/user/deleteUserInDepart', async (req) => {
      const user = req.session!;
      need(user, departUsers, 'removeUsers');
      const q = (req.query ?? {}) as Query;
      const changed = await ctx.database.db.transaction().execute((trx) =>
        moveUsers({ db: trx, model: departUsers, caller: { user, tenantId: req.tenantId } }, one(q, 'depId'), split(one(q, 'userId')), false, 'removeUsers'));
      return ok({ changed: changed.length }, '移出部门成功！');
    });
    app.get('/sys/user/queryUserByDepId', async (req) => {
      const user = req.session!;
      need(user, departUsers, 'list');
      const id = one((req.query ?? {}) as Query, 'id');
      if (!id) throw badRequest('缺少参数：id');
      const q = toListQuery(departUsers, { [DEPART_IDS]: id, pageSize: '1000' });
      const page = await listRecords(ctx, departUsers, q, req.tenantId);
      presentRecords(departUsers, page.records, user);
      return ok(page.records);
    });
  }
  const address = ctx.models.get(ADDRESS_RESOURCE);
  const departs = ctx.models.get('sysDepart');
  if (address && departs) {
    app.get('/sys/user/queryByOrgCodeForAddressList', async (req) => {
      const user = req.session!;
      need(user, address, 'list');
      const { orgCode: _o, ...rest } = (req.query ?? {}) as Query;
      const orgCode = one((req.query ?? {}) as Query, 'orgCode');
      const q = toListQuery(address, rest);
      if (orgCode) {
        const codeCol = departs.byKey.get('orgCode')!.column;
        const roots = (await ctx.database.db.selectFrom(departs.table).select('id').where('tenant_id', '=', req.tenantId).where(codeCol, '=', orgCode).execute()).map((r) => String(r.id));
        const ids = await subtree(ctx, departs, roots, req.tenantId);
        const column = address.byKey.get(DEPART_IDS)!.column;
        q.filters.push({ column, key: DEPART_IDS, op: 'in', value: ids, multiValued: true });
      }
      const page = await listRecords(ctx, address, q, req.tenantId);
      presentRecords(address, page.records, user);
      return ok(page);
    });
  }
}
