/**
 * Organisation scope of a super-tenant user's lists: after 切换 to one organisation (a hospital) the
 * console sends its id in the `org-id` header (0 = the whole tenant). For a user of the super tenant
 * the lists of every resource that refers to the organisation resource are narrowed to that
 * organisation's rows (the organisation list itself to that row). Other users are bound by their
 * tenant alone; an id that names no organisation of the acting tenant narrows nothing.
 */
import type { FastifyRequest } from 'fastify';
import { H } from '../../core/protocol/index.js';
import type { Filter } from '../../core/projections/query.js';
import { SUPER_TENANT_ID, type AppContext } from '../context.js';
import { servingModel, type ResourceModel } from '../resources/model.js';

/** The resource whose rows are the organisations below a tenant (`serves: "organisations"`; the organisation picker lists them). */
export function orgModel(ctx: Pick<AppContext, 'models' | 'registry'>): ResourceModel | undefined {
  return servingModel(ctx.models, ctx.registry, 'organisations');
}

/** The organisation id a super-tenant user's call names, or null (none, 0, or not a number). */
export function requestedOrgId(req: FastifyRequest): string | null {
  if (req.session?.tenantId !== SUPER_TENANT_ID) return null;
  const raw = req.headers[H.orgId];
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (typeof v !== 'string' || !/^\d{1,24}$/.test(v) || /^0+$/.test(v)) return null;
  return v;
}

/** The filter narrowing `m`'s list to the caller's organisation, or null. */
export async function orgScopeFilter(ctx: AppContext, m: ResourceModel, req: FastifyRequest): Promise<Filter | null> {
  const orgId = requestedOrgId(req);
  if (!orgId) return null;
  const org = orgModel(ctx);
  if (!org) return null;
  let column: string | undefined;
  let key = 'id';
  if (m.name === org.name) column = 'id';
  else {
    // a single reference by id (a ref storing another field of the organisation is not its id)
    const ref = m.fields.find((f) => f.field.kind === 'ref' && f.field.ref?.resource === org.name && (f.field.ref.value ?? 'id') === 'id');
    if (ref) {
      column = ref.column;
      key = ref.key;
    }
  }
  if (!column) return null;
  const found = await ctx.database.db.selectFrom(org.table).select('id').where('id', '=', orgId).where('tenant_id', '=', req.tenantId).executeTakeFirst();
  return found ? { column, key, op: 'eq', value: orgId } : null;
}
