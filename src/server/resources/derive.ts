/**
 * Values the server fills from the schema language, never from the client:
 *
 * - `autoNumber` (on add): `<prefix><date><sequence>`; the sequence is the highest number of
 *   the tenant in the same period + 1, read inside the write's transaction. A concurrent twin
 *   is refused by the unique index and the write retries (write.ts, `withAutoNumberRetry`).
 * - `compute` (on add and edit): `product` / `add` / `subtract` / `percentOf` of row paths (the
 *   arithmetic of core/schema/formula.ts), `sum` / `sumProduct` over a child's rows; `ref.field` paths read the referenced rows of the caller's tenant, one query per path;
 *   an operand whose field is hidden by its `visibleWhen` (on the row as it will be stored) counts as 0.
 *   Children run first (their own computed fields), then the parent, in declaration order.
 *   Results are rounded to the field's precision (money 2, integer 0).
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { ComputeSpec, FieldSchema } from '../../core/schema/types.js';
import { percentOf, subtract } from '../../core/schema/formula.js';
import { evaluateCondition } from '../../core/validators/index.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import type { ChildLink } from './children.js';
import { fromStored, rowToRecord, type ResourceModel } from './model.js';
import { fromFen, toFen } from '../../core/kinds/index.js';
import { effectiveAutoNumber } from '../rules/fill.js';


type Db = Kysely<any>;
type Rec = Record<string, unknown>;

/** Validated children arrays of a payload by child key (undefined: not sent, kept as stored). */
export type ChildRows = Record<string, Rec[] | undefined>;

/** Keys of `m` the server writes although they are readOnly to clients (computed fields). */
export function serverWrittenKeys(m: ResourceModel): string[] {
  return m.fields.filter((c) => c.field.compute).map((c) => c.key);
}

// ---------------------------------------------------------------------------------------------
// autoNumber

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The fixed head of numbers made now: prefix + date segment. */
export function numberHead(spec: NonNullable<FieldSchema['autoNumber']>, d = new Date()): string {
  const date = spec.date === 'yyyyMMdd' ? `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}` : spec.date === 'yyyyMM' ? `${d.getFullYear()}${pad(d.getMonth() + 1)}` : '';
  return `${spec.prefix}${date}`;
}

/** Fills every autoNumber field of `values` (column values) with the tenant's next number. */
export async function assignAutoNumbers(db: Db, m: ResourceModel, values: Rec, tenantId: number, rowLabel = ''): Promise<void> {
  if (!hasAutoNumber(m)) return;
  // PostgreSQL runs writers concurrently: numbering of one table and tenant is serialised by a
  // lock held until the transaction ends, so two adds cannot read the same maximum. (SQLite
  // already runs one write transaction at a time.)
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(hashtext(${`${m.table}:${tenantId}`}))`.execute(db);
  }
  for (const c of m.fields) {
    const declared = c.field.autoNumber;
    if (!declared) continue;
    // an administrator's 编码规则 of that code replaces the declaration
    const spec = await effectiveAutoNumber(db, declared, m.fillRules);
    const head = numberHead(spec);
    const width = head.length + spec.digits;
    // same width + same head: the greatest string is the greatest number
    const row = await db
      .selectFrom(m.table)
      .select((eb) => eb.fn.max(c.column).as('last'))
      .where('tenant_id', '=', tenantId)
      .where(c.column, 'like', `${head}%`)
      .where((eb) => eb(eb.fn('length', [c.column]), '=', width))
      .executeTakeFirst();
    const v = row?.last;
    const n = typeof v === 'string' && v.startsWith(head) ? Number(v.slice(head.length)) : 0;
    const last = Number.isInteger(n) ? n : 0;
    if (last + 1 >= 10 ** spec.digits) throw badRequest(`${rowLabel}${c.field.title}：编号流水号已用尽`, { errors: [{ field: c.key, message: '编号流水号已用尽' }] });
    values[c.column] = `${head}${String(last + 1).padStart(spec.digits, '0')}`;
  }
}

export const hasAutoNumber = (m: ResourceModel) => m.fields.some((c) => c.field.autoNumber);

/** A unique-index refusal of the database (SQLite or PostgreSQL). */
export function isUniqueViolation(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

// ---------------------------------------------------------------------------------------------
// compute

const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;
  return Number.isFinite(n) ? n : 0;
};

/** Rounds to the field's decimals: precision, else money 2, integer 0 (number: 10, float noise only). */
export function roundFor(f: FieldSchema, n: number): number {
  const p = f.precision ?? (f.kind === 'money' ? 2 : f.kind === 'integer' ? 0 : 10);
  const k = 10 ** p;
  return Math.round((n + Number.EPSILON * Math.sign(n)) * k) / k;
}

interface Operand {
  /** Reads the operand of row `i` of the rows it was prepared for. */
  at(i: number): number;
}

/** Prepares one path over `rows` of model `m`: own field, or `ref.field` (batch-loaded in the tenant). */
async function operand(ctx: AppContext, db: Db, m: ResourceModel, path: string, rows: Rec[], tenantId: number): Promise<Operand> {
  const inner = await operandOf(ctx, db, m, path, rows, tenantId);
  // a field its visibleWhen hides counts as empty, whatever an earlier state of the row left in it
  const cond = m.byKey.get(path.split('.')[0]!)?.field.visibleWhen;
  return cond ? { at: (i) => (evaluateCondition(cond, rows[i]!) ? inner.at(i) : 0) } : inner;
}

async function operandOf(ctx: AppContext, db: Db, m: ResourceModel, path: string, rows: Rec[], tenantId: number): Promise<Operand> {
  const [head, tail] = path.split('.') as [string, string | undefined];
  if (tail === undefined) return { at: (i) => num(rows[i]![head]) };
  const refCol = m.byKey.get(head);
  const target = refCol?.field.ref ? ctx.models.get(refCol.field.ref.resource) : undefined;
  const col = target?.byKey.get(tail);
  if (!target || !col) return { at: () => 0 };
  const valueKey = refCol!.field.ref!.value ?? 'id';
  const valueCol = valueKey === 'id' ? 'id' : target.byKey.get(valueKey)?.column ?? 'id';
  // a `refs` head (several records, an array or comma-joined) sums the field over them, in fen for money
  const idsOf = (v: unknown): string[] => (v === null || v === undefined || v === '' ? [] : (Array.isArray(v) ? v : String(v).split(',')).map(String).filter(Boolean));
  const keys = [...new Set(rows.flatMap((r) => (refCol!.multi ? idsOf(r[head]) : idsOf(r[head]).slice(0, 1).length ? [String(r[head])] : [])))];
  const found = new Map<string, number>();
  for (let i = 0; i < keys.length; i += 500) {
    const part = keys.slice(i, i + 500);
    const got = await db.selectFrom(target.table).select([`${valueCol} as k`, `${col.column} as v`]).where('tenant_id', '=', tenantId).where(valueCol, 'in', part).execute();
    for (const g of got) found.set(String(g.k), num(fromStored(col.storage, g.v)));
  }
  if (refCol!.multi) {
    const exact = col.storage === 'fen';
    return { at: (i) => { const s = idsOf(rows[i]![head]).reduce((a, k) => a + (exact ? toFen(found.get(k) ?? 0) : found.get(k) ?? 0), 0); return exact ? fromFen(s) : s; } };
  }
  return { at: (i) => found.get(String(rows[i]![head] ?? '')) ?? 0 };
}

/** Per row: the sum of `paths` (compute `add`). */
async function addOver(ctx: AppContext, db: Db, m: ResourceModel, paths: string[], rows: Rec[], tenantId: number): Promise<number[]> {
  const ops = await Promise.all(paths.map((p) => operand(ctx, db, m, p, rows, tenantId)));
  return rows.map((_, i) => ops.reduce((acc, o) => acc + o.at(i), 0));
}

async function productOver(ctx: AppContext, db: Db, m: ResourceModel, paths: string[], rows: Rec[], tenantId: number): Promise<number[]> {
  const ops = await Promise.all(paths.map((p) => operand(ctx, db, m, p, rows, tenantId)));
  return rows.map((_, i) => ops.reduce((acc, o) => acc * o.at(i), 1));
}

/** Decimals of a computed field: precision, else money 2, integer 0, number 10. */
const placesOf = (f: FieldSchema) => f.precision ?? (f.kind === 'money' ? 2 : f.kind === 'integer' ? 0 : 10);

/** Per row: a formula over the row's own paths (product, add, subtract, percentOf); undefined for child formulas. */
async function rowFormula(ctx: AppContext, db: Db, m: ResourceModel, f: FieldSchema, rows: Rec[], tenantId: number): Promise<number[] | undefined> {
  const spec = f.compute!;
  if ('add' in spec) return addOver(ctx, db, m, spec.add, rows, tenantId);
  if ('product' in spec) return productOver(ctx, db, m, spec.product, rows, tenantId);
  if ('subtract' in spec) {
    const ops = await Promise.all(spec.subtract.map((p) => operand(ctx, db, m, p, rows, tenantId)));
    return rows.map((_, i) => subtract(ops.map((o) => o.at(i)), placesOf(f)));
  }
  if ('percentOf' in spec) {
    const [base, pct] = await Promise.all([operand(ctx, db, m, spec.percentOf.base, rows, tenantId), operand(ctx, db, m, spec.percentOf.percent, rows, tenantId)]);
    return rows.map((_, i) => percentOf(base.at(i), pct.at(i), placesOf(f), spec.percentOf.cap));
  }
  return undefined;
}

/** Row-level compute fields of `rows` of `m`: written into each row, in declaration order. */
async function computeRows(ctx: AppContext, db: Db, m: ResourceModel, rows: Rec[], tenantId: number): Promise<void> {
  if (!rows.length) return;
  for (const c of m.fields) {
    if (!c.field.compute) continue;
    const values = await rowFormula(ctx, db, m, c.field, rows, tenantId);
    if (values) rows.forEach((r, i) => { r[c.key] = roundFor(c.field, values[i]!); });
  }
}

function childKeyOf(spec: ComputeSpec): string | undefined {
  return 'sum' in spec ? spec.sum.child : 'sumProduct' in spec ? spec.sumProduct.child : undefined;
}

export interface ComputeInput {
  /** Validated parent values (API keys); computed keys are set here. */
  values: Rec;
  children: ChildRows;
  links: ChildLink[];
  tenantId: number;
  /** edit: the stored parent row (snake_case), for paths absent from a partial payload. */
  existing?: Rec;
  /** edit: the parent id, to read stored children that were not sent. */
  id?: string;
}

/**
 * Fills every `compute` field of the parent and of the sent children rows. Paths missing from a
 * payload are read from the stored row (edit); children not sent are read as stored.
 */
export async function computeValues(ctx: AppContext, m: ResourceModel, input: ComputeInput): Promise<void> {
  const { db } = ctx.database;
  const needsChild = new Set(m.fields.map((c) => (c.field.compute ? childKeyOf(c.field.compute) : undefined)).filter((k): k is string => !!k));
  const rowsOf = new Map<string, Rec[]>();
  for (const l of input.links) {
    const sent = input.children[l.spec.key];
    const childComputes = l.model.fields.some((c) => c.field.compute);
    if (!sent && !needsChild.has(l.spec.key)) continue;
    if (!childComputes && !needsChild.has(l.spec.key)) continue;
    let stored: Rec[] = [];
    if (input.id && (!sent || sent.some((r) => r.id !== undefined && r.id !== null && r.id !== ''))) {
      const rows = await db.selectFrom(l.model.table).selectAll().where('tenant_id', '=', input.tenantId).where(l.fk.column, '=', input.id).execute();
      stored = rows.map((r) => rowToRecord(l.model, r as Rec));
    }
    if (sent) {
      // merged views (stored values under what was sent) for computing; results go to the sent rows
      const byId = new Map(stored.map((r) => [String(r.id), r]));
      const views = sent.map((r) => ({ ...(r.id !== undefined && r.id !== null ? byId.get(String(r.id)) ?? {} : {}), ...r }));
      await computeRows(ctx, db, l.model, views, input.tenantId);
      views.forEach((v, i) => { for (const c of l.model.fields) if (c.field.compute) sent[i]![c.key] = v[c.key]; });
      rowsOf.set(l.spec.key, views);
    } else rowsOf.set(l.spec.key, stored);
  }

  const self: Rec = { ...(input.existing ? rowToRecord(m, input.existing) : {}), ...input.values };
  for (const c of m.fields) {
    const spec = c.field.compute;
    if (!spec) continue;
    let n: number;
    const own = await rowFormula(ctx, db, m, c.field, [self], input.tenantId);
    if (own) n = own[0]!;
    else if (!('sum' in spec || 'sumProduct' in spec)) n = 0;
    else {
      const link = input.links.find((l) => l.spec.key === childKeyOf(spec));
      const rows = rowsOf.get(childKeyOf(spec)!) ?? [];
      if (!link) n = 0;
      else if ('sum' in spec) {
        const o = await operand(ctx, db, link.model, spec.sum.field, rows, input.tenantId);
        n = rows.reduce((acc, _, i) => acc + o.at(i), 0);
      } else n = (await productOver(ctx, db, link.model, spec.sumProduct.fields, rows, input.tenantId)).reduce((a, b) => a + b, 0);
    }
    self[c.key] = input.values[c.key] = roundFor(c.field, n);
  }
}
