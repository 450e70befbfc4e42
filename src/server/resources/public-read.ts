/**
 * GET /hospital/open/<resource>/list?tenantId=<id> on the ROOT instance: the public read-only
 * list of a resource that declares `publicRead` (src/core/schema/public-read.ts). No sign, no
 * token, plain JSON (never encrypted). Only the declared fields leave the server (dict fields
 * with their `_dictText`), never the system columns (id, creator, tenant, times); only the rows
 * matching the declared filter, in the declared order, at most PUBLIC_READ_LIMIT.
 * The tenant is the `tenantId` query, else the platform tenant (PUBLIC_DEFAULT_TENANT).
 * A resource without `publicRead` (or unknown) answers 404 `未公开的资源`; a bad tenant 400.
 */
import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '../../core/protocol/index.js';
import { PUBLIC_READ_LIMIT, publicSort } from '../../core/schema/public-read.js';
import { SYSTEM_FIELDS } from '../../core/schema/system-columns.js';
import { SUPER_TENANT_ID, type AppContext } from '../context.js';
import { addLabels } from './labels.js';
import { fromStored, toStored } from './model.js';

export const PUBLIC_READ_PATH = '/open/:resource/list';
export const PUBLIC_DEFAULT_TENANT = SUPER_TENANT_ID;
export const MSG_NOT_PUBLIC = '未公开的资源';
export const MSG_BAD_TENANT = '参数不正确：租户（tenantId）';

const envelope = (code: number, message: string, result: unknown) => ({ success: code === 200, message, code, result, timestamp: Date.now() });

export function registerPublicRead(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { resource: string }; Querystring: { tenantId?: string } }>(`${API_ROOT}${PUBLIC_READ_PATH}`, { exposeHeadRoute: true }, async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Cache-Control', 'no-cache');
    const m = ctx.models.get(req.params.resource);
    const spec = m?.schema.publicRead;
    if (!m || !spec) return reply.status(404).send(envelope(404, MSG_NOT_PUBLIC, null));
    const rawTenant = req.query.tenantId;
    if (rawTenant !== undefined && !/^\d{1,12}$/.test(String(rawTenant))) return reply.status(400).send(envelope(400, MSG_BAD_TENANT, null));
    const tenantId = rawTenant === undefined ? PUBLIC_DEFAULT_TENANT : Number(rawTenant);
    const cols = spec.fields.map((k) => m.byKey.get(k)!);
    const { key, desc } = publicSort(spec.sort);
    const sortCol = m.byKey.get(key)?.column ?? SYSTEM_FIELDS.find((s) => s.key === key)!.column;
    let q = ctx.database.db.selectFrom(m.table).select(cols.map((c) => c.column)).where('tenant_id', '=', tenantId);
    for (const [k, v] of Object.entries(spec.filter ?? {})) {
      const c = m.byKey.get(k)!;
      q = q.where(c.column, '=', toStored(c, v) as string);
    }
    const rows = await q.orderBy(sortCol, desc ? 'desc' : 'asc').orderBy('id', 'desc').limit(PUBLIC_READ_LIMIT).execute();
    const records = rows.map((row) => Object.fromEntries(cols.map((c) => [c.key, fromStored(c.storage, (row as Record<string, unknown>)[c.column])])));
    await addLabels(ctx, m, records, tenantId);
    // addLabels labels every labelled field: keep only the declared ones and their texts
    const allowed = new Set(spec.fields.flatMap((k) => [k, `${k}_dictText`]));
    const out = records.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => allowed.has(k))));
    return reply.send(envelope(200, '', { records: out, total: out.length }));
  });
}
