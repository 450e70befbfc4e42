/**
 * `<key>_dictText` companions: dictionary labels from sys_dict_item (system/dict-cache.ts) and
 * ref/refs labels batch-resolved from the target tables (one query for all ref fields of a page,
 * tenant-scoped).
 */
import { sql, type Kysely } from 'kysely';
import { QueryShapes } from '../db/prepared.js';
import type { AppContext } from '../context.js';
import type { FieldCol, ResourceModel } from './model.js';

const CHUNK = 500;

/** Labels of a dictionary as the database holds them (console edits), else the schema's. */
async function dictLabels(ctx: AppContext, code: string | undefined): Promise<ReadonlyMap<string, string>> {
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

/** Id list lengths are padded up to one of these (the last id repeated), so a few query texts serve every page. */
function bucket(n: number): number {
  let b = 4;
  while (b < n) b *= 2;
  return Math.min(b, CHUNK);
}

const LABEL_SHAPES = new QueryShapes();

/**
 * The labels of a page's ref fields in one round trip (UNION ALL, one part per field, `k`
 * naming the part), as refLabels answers them field by field. Each part's id list is padded to
 * a bucket length, so the query is built and compiled once per shape (QueryShapes) and
 * PostgreSQL keeps it as a named statement. PostgreSQL unions need one type per column: values
 * and labels are read as text there (what String() gives).
 */
async function refLabelsTogether(ctx: AppContext, parts: Array<{ src: RefSource; ids: string[] }>, tenantId: number): Promise<Array<Map<string, string>>> {
  const { db, dialect } = ctx.database;
  const sizes = parts.map((p) => bucket(p.ids.length));
  const key = parts.map((p, k) => `${p.src.table}.${p.src.valueCol}.${p.src.labelCol}.${sizes[k]}`).join(',');
  // arguments: the tenant, then each part's ids padded to its bucket
  const args: unknown[] = [tenantId];
  parts.forEach((p, k) => {
    for (let i = 0; i < sizes[k]!; i++) args.push(p.ids[Math.min(i, p.ids.length - 1)]);
  });
  const build = (d: Kysely<any>, tenant: string, ...ids: string[]) => {
    const text = (col: string) => (dialect === 'postgres' ? sql`cast(${sql.ref(col)} as text)` : sql.ref(col));
    let at = 0;
    const selects = parts.map(({ src }, k) => {
      const mine = ids.slice(at, (at += sizes[k]!));
      return d
        .selectFrom(src.table)
        .select([sql.lit(k).as('k'), text(src.valueCol).as('v'), text(src.labelCol).as('l')])
        .where('tenant_id', '=', tenant)
        .where(src.valueCol, 'in', mine);
    });
    return selects.slice(1).reduce((q, part) => q.unionAll(part), selects[0]!);
  };
  const rows = await LABEL_SHAPES.execute<{ k: unknown; v: unknown; l: unknown }>(db, key, build, args);
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
  // ref labels first: one compiled query for the page's ref fields together when each fits one chunk
  const refs = m.labelled.flatMap((c) => {
    const src = c.field.kind === 'dict' ? undefined : refSource(ctx, c);
    if (!src) return [];
    const ids = new Set<string>();
    for (const r of records) for (const v of values(r[c.key], c.multi)) ids.add(v);
    return ids.size ? [{ c, src, ids: [...ids] }] : [];
  });
  const refLabelsOf = new Map<FieldCol, Map<string, string>>();
  if (refs.length > 0 && refs.every((x) => x.ids.length <= CHUNK)) {
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
