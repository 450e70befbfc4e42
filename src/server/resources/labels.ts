/**
 * `<key>_dictText` companions: dictionary labels from sys_dict_item (system/dict-cache.ts) and
 * ref/refs labels batch-resolved from the target table (one query per field, tenant-scoped).
 */
import type { AppContext } from '../context.js';
import type { FieldCol, ResourceModel } from './model.js';

const CHUNK = 500;

/** Labels of a dictionary as the database holds them (console edits), else the schema's. */
async function dictLabels(ctx: AppContext, code: string | undefined): Promise<Map<string, string>> {
  const live = code ? await ctx.dicts.labels(code) : undefined;
  if (live) return live;
  const d = code ? ctx.registry.dicts.get(code) : undefined;
  return new Map((d?.items ?? []).map((i) => [i.value, i.text]));
}

function values(v: unknown, multi: boolean): string[] {
  if (v === null || v === undefined || v === '') return [];
  const s = String(v);
  return multi ? s.split(',').filter((x) => x !== '') : [s];
}

async function refLabels(ctx: AppContext, c: FieldCol, ids: string[], tenantId: number): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const ref = c.field.ref;
  const target = ref ? ctx.models.get(ref.resource) : undefined;
  if (!ref || !target || ids.length === 0) return out;
  const valueCol = ref.value && ref.value !== 'id' ? target.byKey.get(ref.value)?.column : 'id';
  const labelCol = target.byKey.get(ref.label)?.column ?? (ref.label === 'id' ? 'id' : undefined);
  if (!valueCol || !labelCol) return out;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await ctx.database.db
      .selectFrom(target.table)
      .select([`${valueCol} as v`, `${labelCol} as l`])
      .where('tenant_id', '=', tenantId)
      .where(valueCol, 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(String(r.v), r.l == null ? '' : String(r.l));
  }
  return out;
}

/** Adds `<key>_dictText` to every record, in place. */
export async function addLabels(
  ctx: AppContext,
  m: ResourceModel,
  records: Array<Record<string, unknown>>,
  tenantId: number,
): Promise<void> {
  if (records.length === 0) return;
  for (const c of m.labelled) {
    let labels: Map<string, string>;
    if (c.field.kind === 'dict') labels = await dictLabels(ctx, c.field.dict);
    else {
      const ids = new Set<string>();
      for (const r of records) for (const v of values(r[c.key], c.multi)) ids.add(v);
      labels = await refLabels(ctx, c, [...ids], tenantId);
    }
    for (const r of records) {
      const vs = values(r[c.key], c.multi);
      r[`${c.key}_dictText`] = vs.length === 0 ? null : vs.map((v) => labels.get(v) ?? v).join(',');
    }
  }
}
