/**
 * GET /sys/duplicate/check?resource=&field=&value=&dataId= — named resource + field
 * (a declared unique field), never a table or column; scoped to the caller's tenant.
 * It answers only callers who may write that field (the resource's add or edit code, and the
 * field's edit code if it has one) and at most 60 times a minute per user, so it cannot be
 * used to find out who is registered.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { ApiError, badRequest, forbidden, MSG } from '../errors.js';
import { codeFor, lookupOf } from '../../core/access/index.js';
import { canEditField } from '../../core/projections/access.js';
import { Counters } from '../auth/counters.js';
import { can } from '../auth/session.js';

const one = (v: unknown): string | undefined => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === 'string' ? x : typeof x === 'number' ? String(x) : undefined;
};

const DUPLICATE_CHECKS_PER_MINUTE = 60;

export function registerDuplicateCheck(app: FastifyInstance, ctx: AppContext): void {
  const lookup = lookupOf([...ctx.models.values()].map((x) => x.schema));
  const counters = new Counters(ctx.database);
  app.get('/sys/duplicate/check', async (req, reply) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const resource = one(q.resource);
    const field = one(q.field);
    const value = one(q.value);
    const dataId = one(q.dataId);
    const m = resource ? ctx.models.get(resource) : undefined;
    if (!m) throw badRequest(`不支持的资源：${(resource ?? '').slice(0, 64)}`);
    const c = field ? m.unique.find((u) => u.key === field) : undefined;
    if (!c) throw badRequest(`不支持的校验字段：${(field ?? '').slice(0, 64)}`);
    const user = req.session!;
    const writer = can(user, codeFor(m.schema, 'add', lookup)) || can(user, codeFor(m.schema, 'edit', lookup));
    if (!writer || !canEditField(c.field, (code) => can(user, code))) throw forbidden(codeFor(m.schema, 'edit', lookup));
    if ((await counters.hit(`duplicate:${user.id}`, 60_000)) > DUPLICATE_CHECKS_PER_MINUTE) throw new ApiError(429, MSG.tooManyRequests);
    if (value === undefined || value === '') return ok(null, MSG.dupOk);
    let sel = ctx.database.db.selectFrom(m.table).select('id').where(c.column, '=', value);
    if (c.field.unique !== 'global') sel = sel.where('tenant_id', '=', req.tenantId);
    if (dataId) sel = sel.where('id', '!=', dataId);
    const hit = await sel.executeTakeFirst();
    if (hit) return reply.send({ success: false, message: MSG.dupTaken, code: 400, result: null, timestamp: Date.now() });
    return ok(null, MSG.dupOk);
  });
}
