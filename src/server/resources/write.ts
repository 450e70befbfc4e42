/** add / edit / delete of one resource: validation, uniqueness, tenancy, audit columns, hashing. */
import type { AppContext } from '../context.js';
import type { SessionUser } from '../auth/session.js';
import { hashPassword } from '../auth/password.js';
import { newId, nowText } from '../db/ids.js';
import { badRequest, notFound, MSG } from '../errors.js';
import { RESOURCE_HOOKS } from './hooks.js';
import { toStored, type ResourceModel } from './model.js';
import { validatePayload } from './validate.js';

export interface Caller {
  user: SessionUser;
  tenantId: number;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function checkUnique(ctx: AppContext, m: ResourceModel, values: Record<string, unknown>, tenantId: number, selfId?: string) {
  const global = new Set(RESOURCE_HOOKS[m.name]?.globalUnique ?? []);
  for (const c of m.unique) {
    const v = values[c.column];
    if (v === null || v === undefined || v === '') continue;
    let q = ctx.database.db.selectFrom(m.table).select('id').where(c.column, '=', v);
    if (!global.has(c.key)) q = q.where('tenant_id', '=', tenantId);
    if (selfId) q = q.where('id', '!=', selfId);
    if (await q.executeTakeFirst()) throw badRequest(`${c.field.title}：${MSG.dupTaken}`, { errors: [{ field: c.key, message: MSG.dupTaken }] });
  }
}

/** Payload -> column values for the writable fields present (or defaulted on add). */
async function columnValues(m: ResourceModel, payload: Record<string, unknown>, mode: 'add' | 'edit') {
  const out: Record<string, unknown> = {};
  for (const c of m.fields) {
    const f = c.field;
    const present = Object.prototype.hasOwnProperty.call(payload, c.key);
    // The validator has applied defaults on add (readOnly fields included) and
    // dropped readOnly / createOnly keys on edit, so what is present is what is written.
    if (!present) continue;
    if (mode === 'edit' && (f.readOnly || f.createOnly)) continue;
    const v = payload[c.key];
    if (f.kind === 'password') {
      if (typeof v === 'string' && v !== '') out[c.column] = await hashPassword(v);
      continue;
    }
    out[c.column] = toStored(c, v);
  }
  return out;
}

export async function addRecord(ctx: AppContext, m: ResourceModel, body: unknown, caller: Caller): Promise<string> {
  if (!isObject(body)) throw badRequest('请求体必须是对象');
  const valid = validatePayload(ctx, m, 'add', body);
  const values = await columnValues(m, valid, 'add');
  await checkUnique(ctx, m, values, caller.tenantId);
  const id = newId();
  await ctx.database.db
    .insertInto(m.table)
    .values({ ...values, id, tenant_id: caller.tenantId, create_by: caller.user.username, create_time: nowText() })
    .execute();
  ctx.counts.invalidate(m.table);
  await RESOURCE_HOOKS[m.name]?.afterWrite?.(ctx, [id], 'add');
  return id;
}

export async function editRecord(ctx: AppContext, m: ResourceModel, body: unknown, caller: Caller): Promise<string> {
  if (!isObject(body)) throw badRequest('请求体必须是对象');
  const id = body.id;
  if (typeof id !== 'string' && typeof id !== 'number') throw badRequest('缺少参数：id');
  const sid = String(id);
  const existing = await ctx.database.db
    .selectFrom(m.table)
    .select('id')
    .where('id', '=', sid)
    .where('tenant_id', '=', caller.tenantId)
    .executeTakeFirst();
  if (!existing) throw notFound(MSG.noData);
  const valid = validatePayload(ctx, m, 'edit', body);
  const values = await columnValues(m, valid, 'edit');
  await checkUnique(ctx, m, values, caller.tenantId, sid);
  await ctx.database.db
    .updateTable(m.table)
    .set({ ...values, update_by: caller.user.username, update_time: nowText() })
    .where('id', '=', sid)
    .where('tenant_id', '=', caller.tenantId)
    .execute();
  ctx.counts.invalidate(m.table);
  await RESOURCE_HOOKS[m.name]?.afterWrite?.(ctx, [sid], 'edit');
  return sid;
}

export function parseIds(raw: unknown): string[] {
  const s = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' || typeof raw === 'number' ? String(raw) : '';
  const ids = [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))];
  if (ids.length === 0) throw badRequest('缺少参数：ids');
  if (ids.length > 1000) throw badRequest('一次最多删除1000条数据');
  return ids;
}

export async function deleteRecords(ctx: AppContext, m: ResourceModel, ids: string[], caller: Caller): Promise<number> {
  const { db } = ctx.database;
  const found = await db.selectFrom(m.table).select('id').where('tenant_id', '=', caller.tenantId).where('id', 'in', ids).execute();
  if (found.length === 0) throw notFound(MSG.noData);
  const own = found.map((r) => String(r.id));
  await db.deleteFrom(m.table).where('tenant_id', '=', caller.tenantId).where('id', 'in', own).execute();
  ctx.counts.invalidate(m.table);
  await RESOURCE_HOOKS[m.name]?.afterWrite?.(ctx, own, 'delete');
  return own.length;
}
