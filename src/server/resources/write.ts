/**
 * add / edit / delete of one resource: validation, field permissions, uniqueness, tenancy,
 * audit columns, hashing, and master-detail children (`<childKey>: [rows]`): the parent and
 * its children are written in ONE transaction (edit replaces the child set: rows with an id
 * are updated, rows without are inserted, missing ones deleted); any failure writes nothing.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import type { SessionUser } from '../auth/session.js';
import { hashPassword } from '../auth/password.js';
import { newId, nowText } from '../db/ids.js';
import { badRequest, notFound, MSG } from '../errors.js';
import { checkFieldEdits } from './access.js';
import { childLinks, type ChildLink } from './children.js';
import { idsWithChildren } from './list.js';
import { RESOURCE_HOOKS, type ChildRows } from './hooks.js';
import { toStored, type FieldCol, type ResourceModel } from './model.js';
import { validatePayload } from './validate.js';
import { sanitizeRecord } from '../sanitize/index.js';

export interface Caller {
  user: SessionUser;
  tenantId: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;
type Rec = Record<string, unknown>;

function isObject(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function checkUnique(db: Db, m: ResourceModel, values: Rec, tenantId: number, selfId?: string, prefix = '') {
  const global = new Set(RESOURCE_HOOKS[m.name]?.globalUnique ?? []);
  for (const c of m.unique) {
    const v = values[c.column];
    if (v === null || v === undefined || v === '') continue;
    let q = db.selectFrom(m.table).select('id').where(c.column, '=', v);
    if (!global.has(c.key)) q = q.where('tenant_id', '=', tenantId);
    if (selfId) q = q.where('id', '!=', selfId);
    if (await q.executeTakeFirst()) throw badRequest(`${prefix}${c.field.title}：${MSG.dupTaken}`, { errors: [{ field: c.key, message: MSG.dupTaken }] });
  }
}

/**
 * Payload -> column values for the writable fields present (or defaulted on add).
 * `computed`: server-computed keys (hooks) written even when readOnly.
 */
async function columnValues(m: ResourceModel, payload: Rec, mode: 'add' | 'edit', computed: readonly string[] = []) {
  const out: Rec = {};
  for (const c of m.fields) {
    const f = c.field;
    const present = Object.prototype.hasOwnProperty.call(payload, c.key);
    // The validator has applied defaults on add (readOnly fields included) and
    // dropped readOnly / createOnly keys on edit, so what is present is what is written.
    if (!present) continue;
    if (mode === 'edit' && (f.readOnly || f.createOnly) && !computed.includes(c.key)) continue;
    const v = payload[c.key];
    if (f.kind === 'password') {
      if (typeof v === 'string' && v !== '') out[c.column] = await hashPassword(v);
      continue;
    }
    out[c.column] = toStored(c, v);
  }
  return out;
}

/** Moves the validated children arrays out of the payload (undefined: not sent). */
function takeChildren(links: ChildLink[], valid: Rec): ChildRows {
  const out: ChildRows = {};
  for (const l of links) {
    const rows = valid[l.spec.key];
    delete valid[l.spec.key];
    out[l.spec.key] = Array.isArray(rows) ? (rows as Rec[]) : undefined;
  }
  return out;
}

const rowLabel = (l: ChildLink, i: number) => `${l.spec.title}第${i + 1}行：`;

async function insertChild(db: Db, l: ChildLink, row: Rec, parentId: string, caller: Caller, i: number, now: string): Promise<void> {
  const computed = RESOURCE_HOOKS[l.model.name]?.computed ?? [];
  const values = await columnValues(l.model, row, 'add', computed);
  values[l.fk.column] = parentId;
  await checkUnique(db, l.model, values, caller.tenantId, undefined, rowLabel(l, i));
  await db.insertInto(l.model.table).values({ ...values, id: newId(), tenant_id: caller.tenantId, create_by: caller.user.username, create_time: now }).execute();
}

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
  const computed = RESOURCE_HOOKS[l.model.name]?.computed ?? [];
  for (const [i, row] of rows.entries()) {
    const id = typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : '';
    if (!id) continue;
    if (!have.has(id) || kept.has(id)) throw badRequest(`${rowLabel(l, i)}${MSG.noData}`, { errors: [{ field: `${l.spec.key}[${i}].id`, message: MSG.noData }] });
    kept.add(id);
  }
  const gone = [...have].filter((id) => !kept.has(id));
  if (gone.length) await db.deleteFrom(l.model.table).where('tenant_id', '=', caller.tenantId).where('id', 'in', gone).execute();
  for (const [i, row] of rows.entries()) {
    const id = typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : '';
    if (!id) {
      await insertChild(db, l, row, parentId, caller, i, now);
      continue;
    }
    const values = await columnValues(l.model, row, 'edit', computed);
    delete values[l.fk.column];
    await checkUnique(db, l.model, values, caller.tenantId, id, rowLabel(l, i));
    await db
      .updateTable(l.model.table)
      .set({ ...values, update_by: caller.user.username, update_time: now })
      .where('id', '=', id)
      .where('tenant_id', '=', caller.tenantId)
      .execute();
  }
}

export async function addRecord(ctx: AppContext, m: ResourceModel, body: unknown, caller: Caller): Promise<string> {
  if (!isObject(body)) throw badRequest('请求体必须是对象');
  sanitizeRecord(m.schema, body, ctx.registry); // rich text sanitized on save (src/server/sanitize)
  const valid = validatePayload(ctx, m, 'add', body);
  checkFieldEdits(m, valid, body, null, caller.user);
  const links = childLinks(ctx, m);
  const children = takeChildren(links, valid);
  const hooks = RESOURCE_HOOKS[m.name];
  await hooks?.beforeWrite?.(ctx, { values: valid, children, tenantId: caller.tenantId, mode: 'add' });
  const values = await columnValues(m, valid, 'add', hooks?.computed);
  const id = newId();
  const now = nowText();
  await ctx.database.db.transaction().execute(async (trx) => {
    await checkUnique(trx, m, values, caller.tenantId);
    await trx.insertInto(m.table).values({ ...values, id, tenant_id: caller.tenantId, create_by: caller.user.username, create_time: now }).execute();
    for (const l of links) {
      for (const [i, row] of (children[l.spec.key] ?? []).entries()) await insertChild(trx, l, row, id, caller, i, now);
    }
  });
  ctx.counts.invalidate(m.table);
  for (const l of links) ctx.counts.invalidate(l.model.table);
  await hooks?.afterWrite?.(ctx, [id], 'add');
  return id;
}

export async function editRecord(ctx: AppContext, m: ResourceModel, body: unknown, caller: Caller): Promise<string> {
  if (!isObject(body)) throw badRequest('请求体必须是对象');
  sanitizeRecord(m.schema, body, ctx.registry); // rich text sanitized on save (src/server/sanitize)
  const id = body.id;
  if (typeof id !== 'string' && typeof id !== 'number') throw badRequest('缺少参数：id');
  const sid = String(id);
  const existing = await ctx.database.db
    .selectFrom(m.table)
    .selectAll()
    .where('id', '=', sid)
    .where('tenant_id', '=', caller.tenantId)
    .executeTakeFirst();
  if (!existing) throw notFound(MSG.noData);
  const valid = validatePayload(ctx, m, 'edit', body);
  checkFieldEdits(m, valid, body, existing as Rec, caller.user);
  const links = childLinks(ctx, m);
  const children = takeChildren(links, valid);
  const hooks = RESOURCE_HOOKS[m.name];
  await hooks?.beforeWrite?.(ctx, { values: valid, children, tenantId: caller.tenantId, mode: 'edit' });
  const values = await columnValues(m, valid, 'edit', hooks?.computed);
  const now = nowText();
  await ctx.database.db.transaction().execute(async (trx) => {
    await checkUnique(trx, m, values, caller.tenantId, sid);
    await trx
      .updateTable(m.table)
      .set({ ...values, update_by: caller.user.username, update_time: now })
      .where('id', '=', sid)
      .where('tenant_id', '=', caller.tenantId)
      .execute();
    for (const l of links) {
      const rows = children[l.spec.key];
      if (rows) await replaceChildren(trx, l, rows, sid, caller, now);
    }
  });
  ctx.counts.invalidate(m.table);
  for (const l of links) ctx.counts.invalidate(l.model.table);
  await hooks?.afterWrite?.(ctx, [sid], 'edit');
  return sid;
}

export function parseIds(raw: unknown): string[] {
  const s = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
  const ids = [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))];
  if (ids.length === 0) throw badRequest('缺少参数：ids');
  if (ids.length > 1000) throw badRequest('一次最多删除1000条数据');
  return ids;
}

/** Deletes rows of the caller's tenant and their children, in one transaction. */
export { childLinks, type ChildLink };

export async function deleteRecords(ctx: AppContext, m: ResourceModel, ids: string[], caller: Caller): Promise<number> {
  const { db } = ctx.database;
  const found = await db.selectFrom(m.table).select('id').where('tenant_id', '=', caller.tenantId).where('id', 'in', ids).execute();
  if (found.length === 0) throw notFound(MSG.noData);
  const own = found.map((r) => String(r.id));
  const busy = await idsWithChildren(ctx, m, own, caller.tenantId);
  if (busy.length) throw badRequest('该节点下还有下级数据，请先删除下级数据', { ids: busy });
  const links = childLinks(ctx, m);
  await db.transaction().execute(async (trx) => {
    for (const l of links) await trx.deleteFrom(l.model.table).where('tenant_id', '=', caller.tenantId).where(l.fk.column, 'in', own).execute();
    await trx.deleteFrom(m.table).where('tenant_id', '=', caller.tenantId).where('id', 'in', own).execute();
  });
  ctx.counts.invalidate(m.table);
  for (const l of links) ctx.counts.invalidate(l.model.table);
  await RESOURCE_HOOKS[m.name]?.afterWrite?.(ctx, own, 'delete');
  return own.length;
}
