/**
 * `<key>_dictText` companions: dictionary labels from sys_dict_item (system/dict-cache.ts) and
 * ref/refs labels batch-resolved from the target tables (one query for all ref fields of a page,
 * tenant-scoped).
 */
import { sql } from 'kysely';
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

/** Where a ref field's labels live: the target table, the column its values name and the label column. */
interface RefSource {
  table: string;
  valueCol: string;
  labelCol: string;
}

function refSource(ctx: AppContext, c: FieldCol): RefSource | undefined {
  const ref = c.field.ref;
  const target = ref ? ctx.models.get(ref.resource) : undefined;
  if (!ref || !target) return undefined;
  const valueCol = ref.value && ref.value !== 'id' ? target.byKey.get(ref.value)?.column : 'id';
  const labelCol = target.byKey.get(ref.label)?.column ?? (ref.label === 'id' ? 'id' : undefined);
  return valueCol && labelCol ? { table: target.table, valueCol, labelCol } : undefined;
}

async function refLabels(ctx: AppContext, src: RefSource, ids: string[], tenantId: number): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await ctx.database.db
      .selectFrom(src.table)
      .select([`${src.valueCol} as v`, `${src.labelCol} as l`])
      .where('tenant_id', '=', tenantId)
      .where(src.valueCol, 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) out.set(String(r.v), r.l == null ? '' : String(r.l));
  }
  return out;
}

/**
 * The labels of several ref fields of one page in one round trip (UNION ALL, one part per
 * field, `k` naming the part), as refLabels answers them field by field. PostgreSQL unions
 * need one type per column: values and labels are read as text there (what String() gives).
 */
async function refLabelsTogether(ctx: AppContext, parts: Array<{ src: RefSource; ids: string[] }>, tenantId: number): Promise<Array<Map<string, string>>> {
  const { db, dialect } = ctx.database;
  const text = (col: string) => (dialect === 'postgres' ? sql`cast(${sql.ref(col)} as text)` : sql.ref(col));
  const selects = parts.map(({ src, ids }, k) =>
    db
      .selectFrom(src.table)
      .select([sql.lit(k).as('k'), text(src.valueCol).as('v'), text(src.labelCol).as('l')])
      .where('tenant_id', '=', tenantId)
      .where(src.valueCol, 'in', ids),
  );
  const rows = await selects.slice(1).reduce((q, part) => q.unionAll(part), selects[0]!).execute();
  const out = parts.map(() => new Map<string, string>());
  for (const r of rows) out[Number(r.k)]!.set(String(r.v), r.l == null ? '' : String(r.l));
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
  // ref labels first: one query for the page's ref fields together when each fits one chunk
  const refs = m.labelled.flatMap((c) => {
    const src = c.field.kind === 'dict' ? undefined : refSource(ctx, c);
    if (!src) return [];
    const ids = new Set<string>();
    for (const r of records) for (const v of values(r[c.key], c.multi)) ids.add(v);
    return ids.size ? [{ c, src, ids: [...ids] }] : [];
  });
  const refLabelsOf = new Map<FieldCol, Map<string, string>>();
  if (refs.length > 1 && refs.every((x) => x.ids.length <= CHUNK)) {
    const maps = await refLabelsTogether(ctx, refs, tenantId);
    refs.forEach((x, i) => refLabelsOf.set(x.c, maps[i]!));
  } else {
    for (const x of refs) refLabelsOf.set(x.c, await refLabels(ctx, x.src, x.ids, tenantId));
  }
  for (const c of m.labelled) {
    const labels = c.field.kind === 'dict' ? await dictLabels(ctx, c.field.dict) : refLabelsOf.get(c) ?? NO_LABELS;
    for (const r of records) {
      const vs = values(r[c.key], c.multi);
      r[`${c.key}_dictText`] = vs.length === 0 ? null : vs.map((v) => labels.get(v) ?? v).join(',');
    }
  }
}

const NO_LABELS: ReadonlyMap<string, string> = new Map();
