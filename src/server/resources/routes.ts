/**
 * The generic routes of every module schema, at its API base: CRUD, the tree's childList,
 * one `PUT|POST <base>/<action>` per state transition, and `<method> <api.path>` for actions
 * served by a registered effect. Every record sent out is decorated for the caller
 * (fields without `view` permission stripped, `_transitions`).
 */
import { answerSummary } from './answer-summary.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../core/protocol/index.js';
import { requiredPermission } from '../../core/projections/menu.js';
import { apiPath } from '../../core/schema/naming.js';
import type { ResourceAction } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { badRequest, notFound, MSG } from '../errors.js';
import { refuseHiddenQuery } from './guard.js';
import { codeFor, lookupOf, systemTransitionReason, type SchemaLookup } from '../../core/access/index.js';
import { childRecords, listRecords, treeParentColumn } from './list.js';
import { presentRecords, readRecordFor } from './read.js';
import { toListQuery } from './list-query.js';
import { rowScope } from './data-rules.js';
import { isMultiValued } from '../../core/schema/naming.js';
import type { ResourceModel } from './model.js';
import { runTransition } from './transition.js';
import { runEffectAction } from './action.js';
import { hasGrantedCodes } from './refs.js';
import { can as hasCode } from '../auth/session.js';
import { orgScopeFilter } from '../tenancy/org-scope.js';
import { addRecord, deleteRecords, editRecord, parseIds, type Caller } from './write.js';

type Query = Record<string, unknown>;

/** The generic path of an action and its `api.aliases` (absolute under the API root). */
function pathsOf(s: ResourceModel['schema'], action: 'list' | 'queryById' | 'add' | 'edit'): string[] {
  const aliases = Object.entries(s.api?.aliases ?? {}).filter(([, a]) => a === action || (typeof a === 'object' && a.to === action)).map(([p]) => p);
  return [apiPath(s, action), ...aliases];
}

const caller = (req: FastifyRequest): Caller => ({ user: req.session!, tenantId: req.tenantId });

function idParam(q: Query, name = 'id'): string {
  const v = q[name];
  const id = Array.isArray(v) ? v[0] : v;
  if (typeof id !== 'string' || id === '' || id.length > 64) throw badRequest(`缺少参数：${name}`);
  return id;
}

/**
 * `lookup` (every module's schema, made once for all of them): the one access rule's code
 * derivation, where a child resource without a menu is guarded by its parent's codes (reads by
 * list, writes by edit).
 */
export function registerResource(app: FastifyInstance, ctx: AppContext, m: ResourceModel, lookup: SchemaLookup): void {
  const s = m.schema;
  const perm = (action: string) => ({ config: { permission: codeFor(s, action, lookup) } });
  const decorateFor = (req: FastifyRequest, model: ResourceModel, recs: Array<Record<string, unknown>>) => presentRecords(model, recs, req.session!);

  for (const url of pathsOf(s, 'list')) app.get(url, perm('list'), async (req) => {
    const query = { ...((req.query ?? {}) as Query) };
    const alias = s.api?.aliases?.[url];
    const anyOf = typeof alias === 'object' ? { alias, value: idParam(query, alias.param) } : undefined;
    if (anyOf) delete query[anyOf.alias.param];
    refuseHiddenQuery(m, query, req.session!);
    const q = toListQuery(m, query);
    if (anyOf) {
      const columns = anyOf.alias.anyOf.map((k) => m.byKey.get(k)!.column);
      const multi = anyOf.alias.anyOf.map((k) => isMultiValued(m.byKey.get(k)!.field));
      q.filters.push({ column: columns[0]!, key: anyOf.alias.param, op: 'eq', value: anyOf.value, anyColumns: columns, anyMultiValued: multi });
    }
    const org = await orgScopeFilter(ctx, m, req);
    if (org) q.filters.push(org);
    const flat = query._flat === '1' || query._flat === 'true';
    const page = await listRecords(ctx, m, q, await rowScope(ctx, m, req.tenantId, req.session!), { flat });
    decorateFor(req, m, page.records);
    return ok(page);
  });

  // `effects.read`: a login suffices; the effect sees the generic record (null without the
  // list code) and answers what this caller may open (e.g. a message sent to them)
  const readEffect = s.effects?.read ? ctx.effects.get(s.effects.read) : undefined;
  if (s.effects?.read && !readEffect) throw new Error(`模块 ${s.name} 的 effects.read 引用了未注册的服务端效果：${s.effects.read}`);
  for (const url of pathsOf(s, 'queryById')) app.get(url, readEffect ? {} : perm('queryById'), async (req) => {
    const id = idParam((req.query ?? {}) as Query);
    const user = req.session!;
    let rec = !readEffect || hasCode(user, codeFor(s, 'queryById', lookup)) ? await readRecordFor(ctx, m, id, req.tenantId, user) : null;
    if (readEffect) {
      rec = (await readEffect({ ctx, db: ctx.database.db, model: m, caller: caller(req), id, before: rec, values: {}, set() {} })) as typeof rec;
    }
    if (!rec) throw notFound(MSG.noData);
    return ok(rec);
  });

  if (treeParentColumn(m)) {
    app.get(apiPath(s, 'childList'), perm('childList'), async (req) => {
      const query = { ...((req.query ?? {}) as Query) };
      const pid = idParam(query, 'pid');
      delete query.pid;
      refuseHiddenQuery(m, query, req.session!);
      const q = toListQuery(m, query);
      const recs = await childRecords(ctx, m, pid, q, await rowScope(ctx, m, req.tenantId, req.session!));
      decorateFor(req, m, recs);
      return ok(recs);
    });
  }

  if (!s.readOnly) registerWrites(app, ctx, m, perm);

  for (const t of s.states?.transitions ?? []) {
    if (t.effect && !ctx.effects.get(t.effect)) throw new Error(`模块 ${s.name} 的流转 ${t.action} 引用了未注册的服务端效果：${t.effect}`);
    const handler = async (req: FastifyRequest) => {
      // a system transition is taken by effects inside other writes, never by a call of its own
      if (t.system) throw badRequest(systemTransitionReason(t));
      const id = await runTransition(ctx, m, t, req.body, caller(req));
      return ok(id, `${t.title}成功！`);
    };
    app.route({ method: ['PUT', 'POST'], url: apiPath(s, t.action), ...perm(t.action), handler });
  }

  for (const a of s.actions ?? []) registerEffectAction(app, ctx, m, a);

  // `answerSummary`: the answer sheets of one record counted per question (the list code)
  const summary = s.answerSummary;
  if (summary) app.get(apiPath(s, 'answerSummary'), perm('list'), async (req) => ok(await answerSummary(ctx, m, summary, idParam((req.query ?? {}) as Query), req.tenantId)));
}

/**
 * call/form actions served by a registered effect: `<method> <api.path>` (action.ts).
 * Actions whose api is a generic route or a transition need nothing here.
 */
function registerEffectAction(app: FastifyInstance, ctx: AppContext, m: ResourceModel, a: ResourceAction): void {
  if (!a.effect || !a.api || (a.kind !== 'call' && a.kind !== 'form')) return;
  const effect = ctx.effects.get(a.effect);
  if (!effect) throw new Error(`模块 ${m.name} 的动作 ${a.action} 引用了未注册的服务端效果：${a.effect}`);
  const code = requiredPermission(m.schema, a.action);
  app.route({
    method: a.api.method,
    url: a.api.path,
    config: code ? { permission: code } : {},
    handler: async (req) => {
      const input = (a.api!.method === 'GET' || a.api!.method === 'DELETE' ? req.query : req.body) ?? {};
      const result = await runEffectAction(ctx, m, a, effect, input, caller(req));
      return ok(result ?? null, `${a.title}成功！`);
    },
  });
}

/** Schemas naming `ref.grantSubset` need the target's system to say what its records grant. */
function checkGrantProviders(m: ResourceModel): void {
  for (const f of m.schema.fields) {
    if (f.ref?.grantSubset && !hasGrantedCodes(f.ref.resource)) throw new Error(`模块 ${m.name} 的字段 ${f.key} 声明了 grantSubset，但资源 ${f.ref.resource} 未注册授予的权限码`);
  }
}

export function registerResources(app: FastifyInstance, ctx: AppContext): void {
  const lookup = lookupOf([...ctx.models.values()].map((x) => x.schema));
  for (const m of ctx.models.values()) {
    checkGrantProviders(m);
    registerResource(app, ctx, m, lookup);
  }
}

/** add, edit, delete and deleteBatch: absent for a resource declared `readOnly` (written by the server only). */
function registerWrites(app: FastifyInstance, ctx: AppContext, m: ResourceModel, perm: (action: string) => { config: { permission: string } }): void {
  const s = m.schema;
  for (const url of pathsOf(s, 'add')) app.post(url, perm('add'), async (req) => {
    const id = await addRecord(ctx, m, req.body, caller(req));
    return ok(id, '添加成功！');
  });

  const edit = async (req: FastifyRequest) => {
    const id = await editRecord(ctx, m, req.body, caller(req));
    return ok(id, '编辑成功！');
  };
  for (const url of pathsOf(s, 'edit')) app.route({ method: ['PUT', 'POST'], url, ...perm('edit'), handler: edit });

  app.delete(apiPath(s, 'delete'), perm('delete'), async (req) => {
    await deleteRecords(ctx, m, [idParam((req.query ?? {}) as Query)], caller(req));
    return ok(null, '删除成功！');
  });

  // ids from the body when there is one (`{ids}` or an array; large batches), else from `?ids=`
  const deleteBatch = async (req: FastifyRequest) => {
    const q = (req.query ?? {}) as Query;
    const body = req.body as unknown;
    if (body !== undefined && q.ids !== undefined) throw badRequest(MSG.paramTwice('ids'));
    const raw = body === undefined ? q.ids : Array.isArray(body) ? body : (body as Query | null)?.ids;
    const n = await deleteRecords(ctx, m, parseIds(raw), caller(req));
    return ok(n, '删除成功！');
  };
  app.route({ method: ['DELETE', 'POST'], url: apiPath(s, 'deleteBatch'), ...perm('deleteBatch'), handler: deleteBatch });
}
