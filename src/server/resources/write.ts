/**
 * add / edit / delete of one resource: the transactional part of the write pipeline
 * (pipeline.ts prepares the record). In ONE transaction: uniqueness (`unique`: tenant or
 * `"global"`) and auto-numbers, the version-guarded write, master-detail children
 * (`<childKey>: [rows]`; edit replaces the child set: rows with an id are updated, rows without
 * are inserted, missing ones deleted; a row id not under this parent is refused), the
 * resource's `effects.afterWrite` with the real caller, and the data log. Any failure writes
 * nothing.
 */
import { inTransaction } from '../db/connection.js';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { ApiError, badRequest, notFound, MSG } from '../errors.js';
import { childLinks, type ChildLink } from './children.js';
import { idsWithChildren } from './list.js';
import { assignAutoNumbers, hasAutoNumber, isUniqueViolation, serverWrittenKeys } from './derive.js';
import type { ResourceModel } from './model.js';
import { checkTargetTenant, columnValues, isObject, prepareRecord, rowLabel, type Caller } from './pipeline.js';
import { conflict, nextVersion, sentVersion, storedVersion, VersionMoved } from './version.js';
import { logWrites } from './write-log.js';
import { checkCaps, hasCaps } from './caps.js';
import { keepCounts, keepsCounts } from './counts.js';
// registers the authentication-table effects (syncUserRoles, dropRoleLinks) named by schemas
// registers what roles grant, for `ref.grantSubset`
import '../auth/grants.js';

export type { Caller };

type Db = Kysely<any>;
type Rec = Record<string, unknown>;

/** A server-made number met a twin written meanwhile: the write is retried with a new number. */
class AutoNumberClash extends Error {}

export async function checkUnique(db: Db, m: ResourceModel, values: Rec, tenantId: number, selfId?: string, prefix = '') {
  for (const c of m.unique) {
    const v = values[c.column];
    if (v === null || v === undefined || v === '') continue;
    let q = db.selectFrom(m.table).select('id').where(c.column, '=', v);
    if (c.field.unique !== 'global') q = q.where('tenant_id', '=', tenantId);
    const within = c.field.uniqueWithin ? m.byKey.get(c.field.uniqueWithin) : undefined;
    if (within) {
      let w = values[within.column];
      // an edit that does not send the scope field keeps the stored one
      if (w === undefined && selfId) w = (await db.selectFrom(m.table).select(`${within.column} as w`).where('id', '=', selfId).executeTakeFirst())?.w;
      q = w === null || w === undefined || w === '' ? q.where(within.column, 'is', null) : q.where(within.column, '=', w);
    }
    if (selfId) q = q.where('id', '!=', selfId);
    if (await q.executeTakeFirst()) {
      if (c.field.autoNumber) throw new AutoNumberClash(c.key);
      throw badRequest(`${prefix}${c.field.title}：${MSG.dupTaken}`, { errors: [{ field: c.key, message: MSG.dupTaken }] });
    }
  }
}

/** Runs a write; when it wrote server numbers and met a twin (check or unique index), runs it again. */
async function withAutoNumberRetry<T>(numbered: boolean, write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (e) {
      const clash = e instanceof AutoNumberClash || (numbered && isUniqueViolation(e));
      if (!clash) throw e;
      if (attempt >= 5) throw badRequest(MSG.dupTaken);
    }
  }
}

/** Work queued by effects for after the commit. */
export type Pending = Array<() => void | Promise<void>>;

/** The resource's `effects.afterWrite`, in the write's transaction, with the real caller. */
export async function runAfterWrite(ctx: AppContext, db: Db, m: ResourceModel, caller: Caller, op: 'add' | 'edit' | 'delete', ids: string[], values: Rec, pending: Pending): Promise<void> {
  if (!ids.length) return;
  for (const name of m.schema.effects?.afterWrite ?? []) {
    const effect = ctx.effects.get(name);
    if (!effect) throw new ApiError(500, `服务端效果未注册：${name}`);
    await effect({
      ctx, db, model: m, caller, id: ids[0] ?? '', before: null, values, write: { op, ids },
      set() { /* writes: nothing to add */ },
      afterCommit(fn) { pending.push(fn); },
    });
  }
}

export async function flush(pending: Pending): Promise<void> {
  for (const fn of pending) await fn();
}

async function insertChild(db: Db, l: ChildLink, row: Rec, parentId: string, caller: Caller, i: number, now: string): Promise<void> {
  const values = await columnValues(l.model, row, 'add', serverWrittenKeys(l.model));
  values[l.fk.column] = parentId;
  await assignAutoNumbers(db, l.model, values, caller.tenantId, rowLabel(l, i));
  await checkUnique(db, l.model, values, caller.tenantId, undefined, rowLabel(l, i));
  await db.insertInto(l.model.table).values({ ...values, id: newId(), tenant_id: caller.tenantId, create_by: caller.user.username, create_time: now, version: 1 }).execute();
}

const rowId = (row: Rec) => (typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : '');

/** Replaces the child set of one parent (edit), inside the transaction. */
async function replaceChildren(db: Db, l: ChildLink, rows: Rec[], parentId: string, caller: Caller, now: string): Promise<void> {
  const existing = await db
    .selectFrom(l.model.table)
    .select('id')
    .where('tenant_id', '=', caller.tenantId)
    .where(l.fk.column, '=', parentId)
    .execute();
  const have = new Set(existing.map((r) => String(r.id)));
  const kept = new Set<string>();
  const computed = serverWrittenKeys(l.model);
  // a row id must be one of THIS parent's rows: rows of other parents or tenants are refused
  for (const [i, row] of rows.entries()) {
    const id = rowId(row);
    if (!id) continue;
    if (!have.has(id) || kept.has(id)) throw badRequest(`${rowLabel(l, i)}${MSG.noData}`, { errors: [{ field: `${l.spec.key}[${i}].id`, message: MSG.noData }] });
    kept.add(id);
  }
  const gone = [...have].filter((id) => !kept.has(id));
  if (gone.length) await db.deleteFrom(l.model.table).where('tenant_id', '=', caller.tenantId).where('id', 'in', gone).execute();
  for (const [i, row] of rows.entries()) {
    const id = rowId(row);
    if (!id) {
      await insertChild(db, l, row, parentId, caller, i, now);
      continue;
    }
    const values = await columnValues(l.model, row, 'edit', computed);
    delete values[l.fk.column];
    await checkUnique(db, l.model, { ...values, [l.fk.column]: parentId }, caller.tenantId, id, rowLabel(l, i));
    await db
      .updateTable(l.model.table)
      .set({ ...values, update_by: caller.user.username, update_time: now, version: nextVersion() })
      .where('id', '=', id)
      .where('tenant_id', '=', caller.tenantId)
      .where(l.fk.column, '=', parentId)
      .execute();
  }
}

/** `capBy` of child rows written with their parent (caps.ts). */
async function checkChildCaps(ctx: AppContext, db: Db, links: ChildLink[], parentId: string, tenantId: number): Promise<void> {
  for (const l of links) {
    const counts = keepsCounts(ctx, l.model);
    if (!hasCaps(l.model) && !counts) continue;
    const rows = await db.selectFrom(l.model.table).select('id').where('tenant_id', '=', tenantId).where(l.fk.column, '=', parentId).execute();
    await checkCaps(ctx, db, l.model, rows.map((r) => String(r.id)), tenantId, `${l.spec.title}：`);
    if (counts) await keepCounts(ctx, db, l.model, rows.map((r) => String(r.id)), tenantId, [], `${l.spec.title}：`);
  }
}

/**
 * `states.editable`: a record outside its editable states is neither edited nor deleted, and
 * neither are the rows of its children through their own routes (nor are rows added to it):
 * 400 `当前状态「<label>」不允许<verb>`. `rows` are stored rows (snake_case) of `m`.
 */
async function checkEditableState(ctx: AppContext, m: ResourceModel, rows: Rec[], verb: '新增' | '编辑' | '删除'): Promise<void> {
  const refuse = (p: ResourceModel, value: unknown): never => {
    const f = p.byKey.get(p.schema.states!.field)!.field;
    const text = ctx.registry.dicts.get(f.dict ?? '')?.items.find((i) => i.value === String(value ?? ''))?.text ?? String(value ?? '空');
    throw badRequest(`当前状态「${text}」不允许${verb}`);
  };
  // deletes follow `states.deletable` when declared, edits (and deletes otherwise) `states.editable`
  const editable = verb === '删除' ? m.schema.states?.deletable ?? m.schema.states?.editable : m.schema.states?.editable;
  if (editable && verb !== '新增') {
    const col = m.byKey.get(m.schema.states!.field)!.column;
    for (const r of rows) if (!editable.includes(String(r[col] ?? ''))) refuse(m, r[col]);
  }
  for (const p of ctx.models.values()) {
    const parentEditable = p.schema.states?.editable;
    if (!parentEditable) continue;
    for (const c of p.schema.children ?? []) {
      const fk = c.resource === m.name ? m.byKey.get(c.foreignKey) : undefined;
      if (!fk) continue;
      const ids = [...new Set(rows.map((r) => r[fk.column]).filter((v) => v !== null && v !== undefined && v !== '').map(String))];
      if (!ids.length) continue;
      const col = p.byKey.get(p.schema.states!.field)!.column;
      const parents = await ctx.database.db.selectFrom(p.table).select(`${col} as s`).where('id', 'in', ids).execute();
      for (const x of parents) if (!parentEditable.includes(String(x.s ?? ''))) refuse(p, x.s);
    }
  }
}

export async function addRecord(ctx: AppContext, m: ResourceModel, body: unknown, caller: Caller): Promise<string> {
  if (!isObject(body)) throw badRequest('请求体必须是对象');
  await checkTargetTenant(ctx, caller);
  const { valid, children, links, values } = await prepareRecord(ctx, m, 'add', body, caller);
  await checkEditableState(ctx, m, [values], '新增');
  let id = '';
  const now = nowText();
  const pending: Pending = [];
  const numbered = hasAutoNumber(m) || links.some((l) => hasAutoNumber(l.model));
  await withAutoNumberRetry(numbered, async () => {
    pending.length = 0;
    id = newId(); // a retry after a clash never reuses the clashing row's id
    await inTransaction(ctx.database.db, async (trx) => {
      await assignAutoNumbers(trx, m, values, caller.tenantId);
      await checkUnique(trx, m, values, caller.tenantId);
      await trx.insertInto(m.table).values({ ...values, id, tenant_id: caller.tenantId, create_by: caller.user.username, create_time: now, version: 1 }).execute();
      for (const l of links) {
        for (const [i, row] of (children[l.spec.key] ?? []).entries()) await insertChild(trx, l, row, id, caller, i, now);
      }
      await checkCaps(ctx, trx, m, [id], caller.tenantId);
      await keepCounts(ctx, trx, m, [id], caller.tenantId);
      await checkChildCaps(ctx, trx, links, id, caller.tenantId);
      await runAfterWrite(ctx, trx, m, caller, 'add', [id], valid, pending);
      await logWrites(trx, caller, m.name, 'add', [id], 1, { model: m });
    });
  });
  await flush(pending);
  return id;
}

export async function editRecord(ctx: AppContext, m: ResourceModel, body: unknown, caller: Caller): Promise<string> {
  if (!isObject(body)) throw badRequest('请求体必须是对象');
  const id = body.id;
  if (typeof id !== 'string' && typeof id !== 'number') throw badRequest('缺少参数：id');
  const sid = String(id);
  await checkTargetTenant(ctx, caller);
  const existing = await ctx.database.db
    .selectFrom(m.table)
    .selectAll()
    .where('id', '=', sid)
    .where('tenant_id', '=', caller.tenantId)
    .executeTakeFirst();
  if (!existing) throw notFound(MSG.noData);
  await checkEditableState(ctx, m, [existing as Rec], '编辑');
  const version = sentVersion(body, true)!;
  if (storedVersion(existing as Rec) !== version) throw await conflict(ctx, m, sid, caller.tenantId, caller.user);
  const { valid, children, links, values } = await prepareRecord(ctx, m, 'edit', body, caller, existing as Rec);
  const now = nowText();
  const pending: Pending = [];
  const numbered = links.some((l) => hasAutoNumber(l.model) && children[l.spec.key]);
  try {
    await withAutoNumberRetry(numbered, async () => {
      pending.length = 0;
      await inTransaction(ctx.database.db, async (trx) => {
        await checkUnique(trx, m, values, caller.tenantId, sid);
        // the version check is part of the UPDATE: a concurrent edit that committed first wins
        const res = await trx
          .updateTable(m.table)
          .set({ ...values, update_by: caller.user.username, update_time: now, version: nextVersion() })
          .where('id', '=', sid)
          .where('tenant_id', '=', caller.tenantId)
          .where('version', '=', version)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw new VersionMoved();
        for (const l of links) {
          const rows = children[l.spec.key];
          if (rows) await replaceChildren(trx, l, rows, sid, caller, now);
        }
        await checkCaps(ctx, trx, m, [sid], caller.tenantId);
        await keepCounts(ctx, trx, m, [sid], caller.tenantId, [existing as Rec]);
        await checkChildCaps(ctx, trx, links, sid, caller.tenantId);
        await runAfterWrite(ctx, trx, m, caller, 'edit', [sid], valid, pending);
        await logWrites(trx, caller, m.name, 'edit', [sid], version + 1, { model: m, before: [existing as Rec] });
      });
    });
  } catch (e) {
    if (!(e instanceof VersionMoved)) throw e;
    throw await conflict(ctx, m, sid, caller.tenantId, caller.user);
  }
  await flush(pending);
  return sid;
}

export function parseIds(raw: unknown): string[] {
  const s = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
  const ids = [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))];
  if (ids.length === 0) throw badRequest('缺少参数：ids');
  if (ids.length > 1000) throw badRequest('一次最多删除1000条数据');
  return ids;
}

export { childLinks, type ChildLink };

/** Deletes rows of the caller's tenant and their children, in one transaction. */
export async function deleteRecords(ctx: AppContext, m: ResourceModel, ids: string[], caller: Caller): Promise<number> {
  const { db } = ctx.database;
  await checkTargetTenant(ctx, caller);
  const found = await db.selectFrom(m.table).selectAll().where('tenant_id', '=', caller.tenantId).where('id', 'in', ids).execute();
  if (found.length === 0) throw notFound(MSG.noData);
  await checkEditableState(ctx, m, found as Rec[], '删除');
  const own = found.map((r) => String(r.id));
  const busy = await idsWithChildren(ctx, m, own, caller.tenantId);
  if (busy.length) throw badRequest('该节点下还有下级数据，请先删除下级数据', { ids: busy });
  const links = childLinks(ctx, m);
  const pending: Pending = [];
  await inTransaction(db, async (trx) => {
    for (const l of links) await trx.deleteFrom(l.model.table).where('tenant_id', '=', caller.tenantId).where(l.fk.column, 'in', own).execute();
    await trx.deleteFrom(m.table).where('tenant_id', '=', caller.tenantId).where('id', 'in', own).execute();
    await keepCounts(ctx, trx, m, [], caller.tenantId, found as Rec[]);
    await runAfterWrite(ctx, trx, m, caller, 'delete', own, {}, pending);
    await logWrites(trx, caller, m.name, 'delete', own, undefined, { model: m, before: found as Rec[] });
  });
  await flush(pending);
  return own.length;
}
