/**
 * `<key>_dictText` companions: dictionary labels from sys_dict_item (system/dict-cache.ts) and
 * ref/refs labels batch-resolved from the target tables (one query for all ref fields of a page,
 * tenant-scoped).
 */
import { sql, type Kysely } from 'kysely';
import { QueryShapes } from '../db/prepared.js';
import type { AppContext } from '../context.js';
import type { FieldCol, ResourceModel } from './model.js';
import type { LabelLookup, LabelSource } from './label-cache.js';

const CHUNK = 500;

/** value -> label of a schema dictionary's items, derived once per dictionary (the fallback when the database has none). */
const SCHEMA_LABELS = new WeakMap<object, ReadonlyMap<string, string>>();

/** Labels of each dictionary as the database holds them (console edits), else the schema's. */
async function dictLabels(ctx: AppContext, codes: ReadonlyArray<string | undefined>): Promise<Array<ReadonlyMap<string, string>>> {
  const live = await ctx.dicts.labelsOf(codes.map((c) => c ?? ''));
  return codes.map((code, i) => {
    const hit = code ? live[i] : undefined;
    if (hit) return hit;
    const d = code ? ctx.registry.dicts.get(code) : undefined;
    if (!d) return NO_LABELS;
    let map = SCHEMA_LABELS.get(d);
    if (!map) SCHEMA_LABELS.set(d, (map = new Map((d.items ?? []).map((i) => [i.value, i.text]))));
    return map;
  });
}

function values(v: unknown, multi: boolean): string[] {
  if (v === null || v === undefined || v === '') return [];
  const s = String(v);
  return multi ? s.split(',').filter((x) => x !== '') : [s];
}

function refSource(ctx: AppContext, c: FieldCol): LabelSource | undefined {
  const ref = c.field.ref;
  const target = ref ? ctx.models.get(ref.resource) : undefined;
  if (!ref || !target) return undefined;
  const valueCol = ref.value && ref.value !== 'id' ? target.byKey.get(ref.value)?.column : 'id';
  const labelCol = target.byKey.get(ref.label)?.column ?? (ref.label === 'id' ? 'id' : undefined);
  return valueCol && labelCol ? { table: target.table, valueCol, labelCol } : undefined;
}

async function refLabels(ctx: AppContext, src: LabelSource, ids: string[], tenantId: number): Promise<Map<string, string>> {
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
async function refLabelsTogether(ctx: AppContext, parts: Array<{ src: LabelSource; ids: string[] }>, tenantId: number): Promise<Array<Map<string, string>>> {
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

/** A labelled field as addLabels reads it: its companion key and where its labels come from. */
interface Labelled {
  c: FieldCol;
  textKey: string;
  dict: string | undefined;
  src: LabelSource | undefined;
}

/** Per model (models are built per app, so their ref targets are that app's): derived once. */
const LABELLED = new WeakMap<ResourceModel, Labelled[]>();

function labelledOf(ctx: AppContext, m: ResourceModel): Labelled[] {
  let out = LABELLED.get(m);
  if (!out) {
    out = m.labelled.map((c) => {
      const isDict = c.field.kind === 'dict';
      return { c, textKey: `${c.key}_dictText`, dict: isDict ? c.field.dict : undefined, src: isDict ? undefined : refSource(ctx, c) };
    });
    LABELLED.set(m, out);
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
  const fields = labelledOf(ctx, m);
  // ref labels first: one compiled query for the page's ref fields together when each fits one chunk
  const refs = fields.flatMap((l) => {
    if (!l.src) return [];
    const ids = new Set<string>();
    for (const r of records) for (const v of values(r[l.c.key], l.c.multi)) ids.add(v);
    return ids.size ? [{ l, src: l.src, ids: [...ids] }] : [];
  });
  const labelsOf = new Map<Labelled, ReadonlyMap<string, string>>();
  // what the label cache knows (label-cache.ts); the rest is read and kept
  const reads: Array<{ l: Labelled; src: LabelSource; ids: string[]; keep: LabelLookup['keep'] }> = [];
  for (const x of refs) {
    const hit = ctx.labels.lookup(x.src, tenantId, x.ids);
    if (hit.missing.length === 0) labelsOf.set(x.l, hit.labels);
    else reads.push({ l: x.l, src: x.src, ids: hit.missing, keep: hit.keep });
  }
  const got = reads.length > 0 && reads.every((x) => x.ids.length <= CHUNK)
    ? await refLabelsTogether(ctx, reads, tenantId)
    : await Promise.all(reads.map((x) => refLabels(ctx, x.src, x.ids, tenantId)));
  reads.forEach((x, i) => labelsOf.set(x.l, x.keep(got[i]!)));
  const dicts = fields.filter((l) => l.c.field.kind === 'dict');
  if (dicts.length) (await dictLabels(ctx, dicts.map((l) => l.dict))).forEach((map, i) => labelsOf.set(dicts[i]!, map));
  for (const l of fields) {
    const labels = labelsOf.get(l) ?? NO_LABELS;
    const { key, multi } = l.c;
    for (const r of records) {
      const v = r[key];
      if (v === null || v === undefined || v === '') {
        r[l.textKey] = null;
      } else if (!multi) {
        const s = String(v);
        r[l.textKey] = labels.get(s) ?? s;
      } else {
        const vs = values(v, true);
        r[l.textKey] = vs.length === 0 ? null : vs.map((x) => labels.get(x) ?? x).join(',');
      }
    }
  }
}

const NO_LABELS: ReadonlyMap<string, string> = new Map();
