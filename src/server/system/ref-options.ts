/**
 * GET /sys/ref/options?resource=&field=[&keyword=][&ids=a,b][&parent=][&pageNo=&pageSize=][&<targetKey>=]
 *
 * Options of one relation field, by named id (source resource + field), never a table or
 * column: the server reads the field's `ref` (or, for a kind naming a platform service such as
 * `region`, the module serving it) and
 * answers `{records: [{value, label, isLeaf?}], total}` from the target table.
 *
 * - `field`: a field of the source (or of one of its transition / action forms) of kind
 *   ref / refs / treeRef / region; otherwise 400 `未知的关联字段：<resource>.<field>`.
 * - Permission: any of the SOURCE's list / add / edit codes (a child resource without a menu
 *   uses its parent's codes, as the generic routes do; a transition / action form field also
 *   accepts that action's code). The target's codes are not needed: the caller only sees the
 *   value and label columns of the target, which the source's `_dictText` already shows.
 * - Tenant-scoped like labels.ts. `keyword`: escaped LIKE on the label column; `ids`: exact
 *   lookup (at most 200) for labels of current values; `ref.filter` `{value}` constants always
 *   apply, `{field}` ones when their target-key parameter is given (any other parameter is
 *   400 `不支持的查询条件：<k>`); `parent` (tree targets only): '' -> roots, else that node's
 *   children, each with `isLeaf` from one correlated EXISTS (no N+1). pageSize default 20,
 *   max 100; ordered by label.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import { ok } from '../../core/protocol/index.js';
import { requiredPermission } from '../../core/projections/menu.js';
import { KINDS } from '../../core/kinds/index.js';
import type { FieldSchema, RefSpec } from '../../core/schema/types.js';
import { can } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { badRequest, forbidden } from '../errors.js';
import { canOf } from '../resources/access.js';
import { canViewField } from '../../core/projections/access.js';
import { treeParentColumn } from '../resources/list.js';
import { toStored, type FieldCol, type ResourceModel } from '../resources/model.js';

export const REF_OPTIONS_PATH = '/sys/ref/options';
export const REF_PAGE_SIZE = 20;
export const REF_PAGE_MAX = 100;
export const REF_IDS_MAX = 200;

const RESERVED = new Set(['resource', 'field', 'keyword', 'ids', 'parent', 'pageNo', 'pageSize', '_t']);
/** Kinds whose values name rows of another module: by the field's `ref`, or by the kind's own relation. */
const hasOptions = (f: FieldSchema) => f.kind === 'ref' || f.kind === 'refs' || f.kind === 'treeRef' || KINDS[f.kind].relation !== undefined;

type Query = Record<string, unknown>;

const one = (v: unknown): string | undefined => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === 'string' ? x : typeof x === 'number' || typeof x === 'boolean' ? String(x) : undefined;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function intParam(v: string | undefined, name: string, dflt: number): number {
  if (v === undefined || v === '') return dflt;
  if (!/^\d{1,9}$/.test(v)) throw badRequest(`参数不正确：${name}`);
  return Number(v);
}

/** The field and, when it sits in a transition / action form, that action's permission code. */
function findRefField(m: ResourceModel, key: string): { field: FieldSchema; actionCode?: string } | undefined {
  const own = m.schema.fields.find((f) => f.key === key);
  if (own) return { field: own };
  for (const t of m.schema.states?.transitions ?? []) {
    const f = t.form?.find((x) => x.key === key);
    if (f) return { field: f, actionCode: requiredPermission(m.schema, t.action) || undefined };
  }
  for (const a of m.schema.actions ?? []) {
    const f = a.form?.find((x) => x.key === key);
    if (f) return { field: f, actionCode: requiredPermission(m.schema, a.action) || undefined };
  }
  return undefined;
}

/** Codes any of which lets the caller read the options of a field of `m`. */
function sourceCodes(ctx: AppContext, m: ResourceModel): string[] {
  const parent = m.schema.menu ? undefined : [...ctx.models.values()].find((p) => p.schema.children?.some((c) => c.resource === m.name));
  const owner = parent?.schema ?? m.schema;
  return ['list', 'add', 'edit'].map((a) => requiredPermission(owner, a)).filter((c) => c !== '');
}

/** Column of a target key (`id` or a declared, non-secret field). */
function columnOf(target: ResourceModel, key: string): FieldCol | { column: 'id'; multi: false } | undefined {
  if (key === 'id') return { column: 'id', multi: false };
  const c = target.byKey.get(key);
  return c && !c.secret ? c : undefined;
}

/** A comma-joined column contains one member (as the list filters do). */
const member = (col: string, v: string) => sql<SqlBool>`(',' || ${sql.ref(col)} || ',') like ${'%,' + escapeLike(v) + ',%'} escape '\\'`;

export function registerRefOptions(app: FastifyInstance, ctx: AppContext): void {
  app.get(REF_OPTIONS_PATH, async (req) => {
    const q = (req.query ?? {}) as Query;
    const resource = one(q.resource) ?? '';
    const key = one(q.field) ?? '';
    const unknown = () => badRequest(`未知的关联字段：${resource.slice(0, 64)}.${key.slice(0, 64)}`);
    const source = ctx.models.get(resource);
    const found = source ? findRefField(source, key) : undefined;
    if (!source || !found || !hasOptions(found.field)) throw unknown();
    const { field } = found;

    // permission: the source's codes, never the target's
    const user = req.session!;
    const codes = sourceCodes(ctx, source);
    if (found.actionCode) codes.push(found.actionCode);
    if (!codes.some((c) => can(user, c))) throw forbidden(codes[0] ?? `${resource}:list`);
    if (field.permission && !canViewField(field, canOf(user))) throw forbidden(field.permission.view ?? codes[0]!);

    // a kind that names a platform service (the region tree) answers the rows of the module serving it
    const kindRelation = KINDS[field.kind].relation;
    const served = kindRelation && ctx.registry.serving(kindRelation.service);
    const ref: RefSpec | undefined = kindRelation ? (served ? { resource: served.name, value: kindRelation.value, label: kindRelation.label } : undefined) : field.ref;
    const target = ref ? ctx.models.get(ref.resource) : undefined;
    const valueCol = target && ref ? columnOf(target, ref.value ?? 'id') : undefined;
    const labelCol = target && ref ? columnOf(target, ref.label) : undefined;
    if (!ref || !target || !valueCol || !labelCol) throw unknown();

    // parameters: reserved names plus the declared {field} filters' target keys
    const filterSpec = kindRelation ? {} : ref.filter ?? {};
    for (const k of Object.keys(q)) {
      if (RESERVED.has(k)) continue;
      const spec = filterSpec[k];
      if (!spec || !('field' in spec)) throw badRequest(`不支持的查询条件：${k.slice(0, 64)}`);
    }
    const treeCol = treeParentColumn(target);
    const parent = q.parent === undefined ? undefined : one(q.parent) ?? '';
    if (parent !== undefined && !treeCol) throw badRequest('不支持的查询条件：parent');
    const keyword = (one(q.keyword) ?? '').trim().slice(0, 64);
    const idsRaw = one(q.ids);
    const ids = idsRaw === undefined ? undefined : [...new Set(idsRaw.split(',').map((s) => s.trim()).filter((s) => s !== ''))];
    if (ids && ids.length > REF_IDS_MAX) throw badRequest(`ids 最多 ${REF_IDS_MAX} 个`);
    if (ids?.some((s) => s.length > 64)) throw badRequest('参数不正确：ids');
    const pageNo = Math.max(1, intParam(one(q.pageNo), 'pageNo', 1));
    const pageSize = Math.min(REF_PAGE_MAX, Math.max(1, intParam(one(q.pageSize), 'pageSize', REF_PAGE_SIZE)));
    if (ids && ids.length === 0) return ok({ records: [], total: 0 });

    const conds: Array<(eb: any) => any> = [];
    for (const [k, spec] of Object.entries(filterSpec)) {
      const col = columnOf(target, k);
      if (!col) throw unknown();
      const raw = 'value' in spec ? spec.value : one(q[k]);
      if (raw === undefined || raw === '') continue;
      const stored = 'storage' in col ? toStored(col, raw) : String(raw);
      const c = `t.${col.column}`;
      conds.push(col.multi ? () => member(c, String(stored)) : (eb) => eb(c, '=', stored));
    }
    if (keyword) conds.push(() => sql<SqlBool>`${sql.ref(`t.${labelCol.column}`)} like ${`%${escapeLike(keyword)}%`} escape '\\'`);
    if (ids) conds.push((eb) => eb(`t.${valueCol.column}`, 'in', ids));

    // tree: the parent field stores the parent's `parentRef.value` (default id)
    let parentValueCol = 'id';
    if (treeCol) {
      const pf = target.byKey.get(target.schema.list!.tree!.parent)!;
      parentValueCol = columnOf(target, pf.field.ref?.value ?? 'id')?.column ?? 'id';
    }
    if (parent !== undefined && treeCol) {
      const pc = `t.${treeCol}`;
      if (parent === '') conds.push((eb) => eb.or([eb(pc, 'is', null), eb(pc, '=', '')]));
      else if (parentValueCol === valueCol.column) conds.push((eb) => eb(pc, '=', parent));
      else {
        conds.push((eb) => eb(pc, 'in', eb.selectFrom(`${target.table} as pp`).select(`pp.${parentValueCol}`)
          .where('pp.tenant_id', '=', req.tenantId).where(`pp.${valueCol.column}`, '=', parent)));
      }
    }

    const { db } = ctx.database;
    const base = db
      .selectFrom(`${target.table} as t`)
      .where('t.tenant_id', '=', req.tenantId)
      .$if(conds.length > 0, (qb) => qb.where((eb) => eb.and(conds.map((c) => c(eb)))));
    const counted = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    if (total === 0) return ok({ records: [], total });

    const withLeaf = parent !== undefined && !!treeCol;
    const rows = await base
      .select([`t.${valueCol.column} as v`, `t.${labelCol.column} as l`])
      .$if(withLeaf, (qb) => qb.select((eb) => eb.exists(
        eb.selectFrom(`${target.table} as c`).select(sql.lit(1).as('one'))
          .whereRef('c.tenant_id', '=', 't.tenant_id')
          .whereRef(`c.${treeCol}`, '=', `t.${parentValueCol}`),
      ).as('has_child')))
      .orderBy(`t.${labelCol.column}`, 'asc')
      .orderBy(`t.${valueCol.column}`, 'asc')
      .limit(ids ? REF_IDS_MAX : pageSize)
      .offset(ids ? 0 : (pageNo - 1) * pageSize)
      .execute();
    const records = rows.map((r) => {
      const rec: { value: string; label: string; isLeaf?: boolean } = { value: String(r.v), label: r.l == null ? '' : String(r.l) };
      if (withLeaf) rec.isLeaf = !(r.has_child === true || Number(r.has_child) === 1);
      return rec;
    });
    return ok({ records, total });
  });
}
