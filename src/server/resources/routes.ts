/** The generic CRUD routes of every module schema, at its API base. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../core/protocol/index.js';
import { requiredPermission } from '../../core/projections/menu.js';
import { apiPath } from '../../core/schema/naming.js';
import type { AppContext } from '../context.js';
import { badRequest, notFound, MSG } from '../errors.js';
import { getRecord, listRecords } from './list.js';
import { toListQuery } from './list-query.js';
import type { ResourceModel } from './model.js';
import { addRecord, deleteRecords, editRecord, parseIds, type Caller } from './write.js';

type Query = Record<string, unknown>;

const caller = (req: FastifyRequest): Caller => ({ user: req.session!, tenantId: req.tenantId });

function idParam(q: Query): string {
  const v = q.id;
  const id = Array.isArray(v) ? v[0] : v;
  if (typeof id !== 'string' || id === '' || id.length > 64) throw badRequest('缺少参数：id');
  return id;
}

export function registerResource(app: FastifyInstance, ctx: AppContext, m: ResourceModel): void {
  const s = m.schema;
  const perm = (action: string) => ({ config: { permission: requiredPermission(s, action) } });

  app.get(apiPath(s, 'list'), perm('list'), async (req) => {
    const q = toListQuery(m, (req.query ?? {}) as Query);
    return ok(await listRecords(ctx, m, q, req.tenantId));
  });

  app.get(apiPath(s, 'queryById'), perm('queryById'), async (req) => {
    const rec = await getRecord(ctx, m, idParam((req.query ?? {}) as Query), req.tenantId);
    if (!rec) throw notFound(MSG.noData);
    return ok(rec);
  });

  app.post(apiPath(s, 'add'), perm('add'), async (req) => {
    const id = await addRecord(ctx, m, req.body, caller(req));
    return ok(id, '添加成功！');
  });

  const edit = async (req: FastifyRequest) => {
    const id = await editRecord(ctx, m, req.body, caller(req));
    return ok(id, '编辑成功！');
  };
  app.put(apiPath(s, 'edit'), perm('edit'), edit);
  app.post(apiPath(s, 'edit'), perm('edit'), edit);

  app.delete(apiPath(s, 'delete'), perm('delete'), async (req) => {
    await deleteRecords(ctx, m, [idParam((req.query ?? {}) as Query)], caller(req));
    return ok(null, '删除成功！');
  });

  app.delete(apiPath(s, 'deleteBatch'), perm('deleteBatch'), async (req) => {
    const q = (req.query ?? {}) as Query;
    const body = req.body as unknown;
    const raw = q.ids ?? (Array.isArray(body) ? body : (body as Query | undefined)?.ids);
    const n = await deleteRecords(ctx, m, parseIds(raw), caller(req));
    return ok(n, '删除成功！');
  });
}

export function registerResources(app: FastifyInstance, ctx: AppContext): void {
  for (const m of ctx.models.values()) registerResource(app, ctx, m);
}
