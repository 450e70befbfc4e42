/**
 * Organisation picker:
 *   GET /sys/org/list?orgName=&pageNo=&pageSize=  -> {records: [{id, title, tenantId, orgId, type}], total, size, current, pages}
 * Organisations are the tenants (orgId '0': the whole tenant) followed by each tenant's
 * hospitals (orgId = the hospital id). Only users of the super tenant may list them (403 otherwise).
 * orgName is trimmed (JeecgBoot `*x*` stars stripped) and matched as a substring; page size 10 by default.
 */
import { sql, type SqlBool } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/protocol/index.js';
import { SUPER_TENANT_ID, type AppContext } from '../context.js';
import { badRequest, forbidden } from '../errors.js';
import { orgModel } from '../tenancy/org-scope.js';

export const ORG_LIST_PERMISSION = 'org:list';
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 1000;

function one(v: unknown): string | undefined {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === 'string' ? x : typeof x === 'number' ? String(x) : undefined;
}

function positiveInt(v: string | undefined, dflt: number, name: string): number {
  if (v === undefined || v.trim() === '') return dflt;
  if (!/^\d{1,9}$/.test(v.trim()) || Number(v) < 1) throw badRequest(`${name} 必须是正整数`);
  return Number(v);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function registerOrgRoutes(app: FastifyInstance, ctx: AppContext): void {
  const org = orgModel(ctx);
  const hospitals = org?.table;
  // the organisation's name field (PLATFORM_SERVICES.organisations; the linter checked it is declared)
  const orgName = org?.byKey.get('name')?.column;

  app.get('/sys/org/list', async (req) => {
    const me = req.session!;
    if (me.tenantId !== SUPER_TENANT_ID) throw forbidden(ORG_LIST_PERMISSION);
    const q = (req.query ?? {}) as Record<string, unknown>;
    const pageNo = positiveInt(one(q.pageNo), 1, 'pageNo');
    const pageSize = Math.min(positiveInt(one(q.pageSize), DEFAULT_PAGE_SIZE, 'pageSize'), MAX_PAGE_SIZE);
    const name = (one(q.orgName) ?? one(q.title) ?? '').trim().replace(/^\*+|\*+$/g, '').trim();

    const tenantPart = sql`select cast(id as text) as id, name as title, id as tenant_id, '0' as org_id, 0 as kind from sys_tenant where status = 1 or status is null`;
    const orgs = hospitals && orgName
      ? sql`(${tenantPart} union all select cast(id as text) as id, ${sql.ref(orgName)} as title, tenant_id, cast(id as text) as org_id, 1 as kind from ${sql.table(hospitals)})`
      : sql`(${tenantPart})`;
    const where = name ? sql<SqlBool>`o.title like ${`%${escapeLike(name)}%`} escape '\\'` : sql<SqlBool>`1 = 1`;
    const { db } = ctx.database;
    const countRow = await sql<{ n: number | string }>`select count(*) as n from ${orgs} as o where ${where}`.execute(db);
    const total = Number(countRow.rows[0]?.n ?? 0);
    const offset = (pageNo - 1) * pageSize;
    const rows =
      offset < total
        ? (
            await sql<{ id: string; title: string; tenant_id: number; org_id: string; kind: number }>`select o.id, o.title, o.tenant_id, o.org_id, o.kind from ${orgs} as o where ${where} order by o.tenant_id, o.kind, o.title, o.id limit ${pageSize} offset ${offset}`.execute(db)
          ).rows
        : [];
    const records = rows.map((r) => ({
      id: String(r.id),
      title: String(r.title ?? ''),
      tenantId: Number(r.tenant_id),
      orgId: String(r.org_id),
      type: Number(r.kind) === 0 ? 'tenant' : 'hospital',
    }));
    return ok({ records, total, size: pageSize, current: pageNo, pages: total === 0 ? 0 : Math.ceil(total / pageSize) });
  });
}
