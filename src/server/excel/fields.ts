/**
 * Which fields an export / import handles, and the label lookups both share
 * (dictionary labels from the registry, ref labels batch-resolved from the target table).
 */
import { KINDS } from '../../core/kinds/index.js';
import { SYSTEM_FIELDS } from '../../core/schema/system-columns.js';
import { toColumns, type ColumnSpec } from '../../core/projections/columns.js';
import type { FieldSchema } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import type { FieldCol, ResourceModel } from '../resources/model.js';

/** System columns an export may name besides the list columns. */
const SYSTEM_EXPORT = new Map(SYSTEM_FIELDS.filter((c) => c.exportable).map((c) => [c.key, c.title]));

export interface ExportColumn {
  key: string;
  title: string;
  /** Undefined for system columns. */
  col?: FieldCol;
  width?: number;
}

/**
 * Columns of an export: the `field` parameter (comma list of keys, `<key>_dictText` accepted,
 * empty entries skipped) restricted to listable fields (toColumns, hidden-in-table included)
 * and id/createBy/createTime/updateBy/updateTime; anything else is a 400. Default: the
 * visible list columns. writeOnly / password fields are never exported.
 */
export function exportColumns(m: ResourceModel, fieldParam: unknown): ExportColumn[] {
  const specs = toColumns(m.schema);
  const byKey = new Map<string, ColumnSpec>(specs.map((c) => [c.key, c]));
  const make = (key: string): ExportColumn | null => {
    const spec = byKey.get(key);
    const col = m.byKey.get(key);
    if (col?.secret) return null;
    if (spec) return { key, title: spec.title, ...(col ? { col } : {}), ...(spec.width ? { width: spec.width } : {}) };
    if (SYSTEM_EXPORT.has(key)) return { key, title: SYSTEM_EXPORT.get(key)! };
    return null;
  };
  const raw = Array.isArray(fieldParam) ? fieldParam.join(',') : fieldParam;
  if (raw === undefined || raw === null || raw === '') {
    return specs.filter((c) => !c.hideInTable).map((c) => make(c.key)).filter((c): c is ExportColumn => c !== null);
  }
  if (typeof raw !== 'string') throw badRequest('不支持的导出字段');
  const out: ExportColumn[] = [];
  const seen = new Set<string>();
  for (const part of raw.split(',')) {
    const key = part.trim().replace(/_dictText$/, '');
    if (key === '' || seen.has(key)) continue;
    const c = make(key);
    if (!c) throw badRequest(`不支持的导出字段：${key.slice(0, 64)}`);
    seen.add(key);
    out.push(c);
  }
  if (out.length === 0) throw badRequest('请至少选择一个导出字段');
  return out;
}

/** Fields a spreadsheet can fill: writable on add, shown on the form, not passwords/uploads/richtext/json. */
export function importFields(m: ResourceModel): FieldCol[] {
  return m.fields.filter((c) => {
    const f = c.field;
    return !c.secret && !f.readOnly && !f.hidden && f.form !== false && KINDS[f.kind].importable;
  });
}

export function dictItems(ctx: AppContext, code: string | undefined): Array<{ value: string; text: string }> {
  const d = code ? ctx.registry.dicts.get(code) : undefined;
  return d?.items ?? [];
}

export function splitMulti(v: unknown): string[] {
  if (v === null || v === undefined || v === '') return [];
  return String(v).split(',').filter((x) => x !== '');
}

/** The target table and columns of a ref field (value column, label column). */
export function refTarget(ctx: AppContext, c: FieldCol): { target: ResourceModel; valueCol: string; labelCol: string } | null {
  const ref = c.field.ref;
  const target = ref ? ctx.models.get(ref.resource) : undefined;
  if (!ref || !target) return null;
  const valueCol = ref.value && ref.value !== 'id' ? target.byKey.get(ref.value)?.column : 'id';
  const labelCol = ref.label === 'id' ? 'id' : target.byKey.get(ref.label)?.column;
  if (!valueCol || !labelCol) return null;
  return { target, valueCol, labelCol };
}

const CHUNK = 500;

/** id -> label for ref fields, cached for the whole export (one query per field per new batch of ids). */
export class RefLabelCache {
  private cache = new Map<string, Map<string, string>>();
  constructor(
    private ctx: AppContext,
    private tenantId: number,
  ) {}

  async labels(c: FieldCol, ids: Iterable<string>): Promise<Map<string, string>> {
    let known = this.cache.get(c.key);
    if (!known) this.cache.set(c.key, (known = new Map()));
    const missing = [...new Set(ids)].filter((id) => !known!.has(id));
    const t = refTarget(this.ctx, c);
    if (!t || missing.length === 0) return known;
    for (let i = 0; i < missing.length; i += CHUNK) {
      const part = missing.slice(i, i + CHUNK);
      const rows = await this.ctx.database.db
        .selectFrom(t.target.table)
        .select([`${t.valueCol} as v`, `${t.labelCol} as l`])
        .where('tenant_id', '=', this.tenantId)
        .where(t.valueCol, 'in', part)
        .execute();
      for (const r of rows) known.set(String(r.v), r.l == null ? '' : String(r.l));
      for (const id of part) if (!known.has(id)) known.set(id, id);
    }
    return known;
  }
}
