/**
 * GET <base>/exportXls: the list's filters and sort (core parseListQuery through
 * resources/list-query), optional `field` (columns) and `selections` (ids), at most
 * 50,000 rows, streamed as one .xlsx sheet with a header row of field titles.
 * Cells: dict / ref labels (dictionaries from the registry, refs resolved per batch of rows
 * with a cache for the whole export), booleans 是/否, money as numbers with 2 decimals
 * (format 0.00), dates in the field's format, `sensitive: mask` fields masked without the
 * unmask code (resources/mask.ts), richtext as
 * plain text; writeOnly fields never.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { excelJs } from './exceljs.js';
import type { ParsedListQuery } from '../../core/projections/query.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../errors.js';
import type { SessionUser } from '../auth/session.js';
import { hiddenKeys } from '../resources/access.js';
import { toListQuery } from '../resources/list-query.js';
import { refuseHiddenQuery } from '../resources/guard.js';
import { mustMask } from '../resources/mask.js';
import { fromStored, SYSTEM_COLS, type ResourceModel } from '../resources/model.js';
import { filterExpr } from '../resources/query.js';
import { rowScope, scopedFrom, type RowScope } from '../resources/data-rules.js';
import { dictItems, exportColumns, RefLabelCache, splitMulti, type ExportColumn } from './fields.js';
import { excelKind } from './kinds.js';

export const MAX_EXPORT_ROWS = 50_000;
export const MAX_SELECTIONS = 10_000;
const BATCH = 1000;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `attachment; filename="<ascii>"; filename*=UTF-8''<utf-8>` (RFC 6266 / 5987). */
export function contentDisposition(name: string, asciiFallback: string): string {
  const ascii = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const star = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${star}`;
}

function parseSelections(v: unknown): string[] {
  const raw = Array.isArray(v) ? v.join(',') : v;
  if (raw === undefined || raw === null || raw === '') return [];
  if (typeof raw !== 'string') throw badRequest('selections 参数不合法');
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.some((id) => id.length > 64)) throw badRequest('selections 参数不合法');
  if (ids.length > MAX_SELECTIONS) throw badRequest(`一次最多导出${MAX_SELECTIONS}条选中数据`);
  return ids;
}

export interface PreparedExport {
  filename: string;
  asciiName: string;
  total: number;
  stream: Readable;
}

/**
 * What an export writes, decided once when it is asked for (the caller's hidden fields and
 * masking included), so that a background job writes exactly what the request was allowed.
 * JSON-safe: a background export keeps it in its job row.
 */
export interface ExportPlan {
  /** The list query without `field` / `selections`. */
  query: Record<string, unknown>;
  /** Column keys, in order. */
  columns: string[];
  ids: string[];
  masked: boolean;
  tenantId: number;
  /** The caller's tenant and data rules when planned (absent in jobs queued before rules existed). */
  scope?: RowScope;
  total: number;
}

/** Validates everything (400s happen here); `maxRows` caps what one export may hold. */
export async function planExport(ctx: AppContext, m: ResourceModel, query: Record<string, unknown>, tenantId: number, user: SessionUser, maxRows = MAX_EXPORT_ROWS): Promise<ExportPlan> {
  const { selections, field, ...rest } = query;
  refuseHiddenQuery(m, rest, user);
  toListQuery(m, rest); // refuses undeclared filters and sorts
  // fields the caller may not view are left out, as the list strips them
  const hidden = new Set(hiddenKeys(m, user));
  const columns = exportColumns(m, field).filter((c) => !hidden.has(c.key)).map((c) => c.key);
  if (columns.length === 0) throw badRequest('请至少选择一个导出字段');
  const ids = parseSelections(selections);
  // the caller's data rules limit the export as they limit the list; resolved now and kept
  // in the plan, which a background job runs later without the caller's session
  const scope = await rowScope(ctx, m, tenantId, user);
  const plan: ExportPlan = { query: rest, columns, ids, masked: mustMask(m, user), tenantId, scope, total: 0 };
  const counted = await baseQuery(ctx, m, plan).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  plan.total = Number(counted?.n ?? 0);
  if (plan.total > maxRows) throw badRequest(`导出数据不能超过${maxRows}条（当前${plan.total}条），请缩小查询范围`);
  return plan;
}

function baseQuery(ctx: AppContext, m: ResourceModel, plan: ExportPlan) {
  const q: ParsedListQuery = toListQuery(m, plan.query);
  const grams = m.substring && { spec: m.substring, tenantId: plan.tenantId, table: m.table };
  return scopedFrom(ctx.database.db, m, plan.scope ?? plan.tenantId)
    .$if(q.filters.length > 0, (qb) => qb.where((eb) => eb.and(q.filters.map((f) => filterExpr(eb, f, grams)))))
    .$if(plan.ids.length > 0, (qb) => qb.where('id', 'in', plan.ids));
}

/** Validates, then returns the xlsx stream of a direct (small) export. */
export async function prepareExport(ctx: AppContext, m: ResourceModel, query: Record<string, unknown>, tenantId: number, user: SessionUser): Promise<PreparedExport> {
  return streamExport(ctx, m, await planExport(ctx, m, query, tenantId, user));
}

/** The xlsx stream of a validated plan, written as it is read. */
export function streamExport(ctx: AppContext, m: ResourceModel, plan: ExportPlan): PreparedExport {
  const pass = new PassThrough();
  writeExport(ctx, m, plan, pass).catch((e: unknown) => pass.destroy(e instanceof Error ? e : new Error(String(e))));
  return { ...exportNames(m), total: plan.total, stream: pass };
}

export function exportNames(m: ResourceModel): { filename: string; asciiName: string } {
  return { filename: `${m.schema.title}.xlsx`, asciiName: `${m.name}.xlsx` };
}

/**
 * Streams the plan's rows into `out` as one sheet (exceljs WorkbookWriter: rows are committed
 * as they are written, so memory stays flat however many rows), reading BATCH rows at a time.
 * `onBatch(done)` runs after each batch (progress, heartbeat); it may throw to stop the export.
 */
export async function writeExport(ctx: AppContext, m: ResourceModel, plan: ExportPlan, out: Writable, onBatch?: (done: number) => Promise<void>): Promise<number> {
  const q: ParsedListQuery = toListQuery(m, plan.query);
  const all = exportColumns(m, plan.columns.join(','));
  const columns = plan.columns.map((k) => all.find((c) => c.key === k)).filter((c): c is ExportColumn => !!c);
  const tenantId = plan.tenantId;
  const wb = new (excelJs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = wb.addWorksheet(m.schema.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.title,
    key: c.key,
    width: Math.min(60, Math.max(10, c.width ? Math.round(c.width / 7) : c.title.length * 2 + 4)),
    ...(c.col && excelKind(c.col.field).numFmt ? { style: { numFmt: excelKind(c.col.field).numFmt! } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const refs = new RefLabelCache(ctx, tenantId);
  const dicts = new Map<string, ReadonlyMap<string, string>>();
  for (const c of columns) {
    if (c.col?.field.kind === 'dict') dicts.set(c.key, (c.col.field.dict ? await ctx.dicts.labels(c.col.field.dict) : undefined) ?? new Map(dictItems(ctx, c.col.field.dict).map((i) => [i.value, i.text])));
  }
  const select = [...new Set([...SYSTEM_COLS.map((s) => s.column), ...columns.flatMap((c) => (c.col ? [c.col.column] : []))])];
  let done = 0;
  for (let offset = 0; offset < plan.total; offset += BATCH) {
    let page = baseQuery(ctx, m, plan).select(select).orderBy(q.sort.column, q.sort.order);
    if (q.sort.column !== 'id') page = page.orderBy('id', q.sort.order);
    const rows = await page.limit(Math.min(BATCH, plan.total - offset)).offset(offset).execute();
    if (rows.length === 0) break;
    const refLabels = new Map<string, Map<string, string>>();
    for (const c of columns) {
      const k = c.col?.field.kind;
      if (c.col && (k === 'ref' || k === 'refs' || k === 'treeRef')) {
        const col = c.col;
        refLabels.set(c.key, await refs.labels(col, rows.flatMap((r) => splitMulti(r[col.column]))));
      }
    }
    for (const r of rows) sheet.addRow(columns.map((c) => cellValue(c, r, dicts, refLabels, plan.masked))).commit();
    done += rows.length;
    await onBatch?.(done);
    // let the requests waiting on this process be served between batches (a long export shares the event loop)
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (rows.length < BATCH) break;
  }
  await sheet.commit();
  await wb.commit();
  return done;
}

function cellValue(
  c: ExportColumn,
  row: Record<string, unknown>,
  dicts: Map<string, ReadonlyMap<string, string>>,
  refLabels: Map<string, Map<string, string>>,
  masked: boolean,
): ExcelJS.CellValue {
  if (!c.col) {
    const s = SYSTEM_COLS.find((x) => x.key === c.key);
    const v = s ? row[s.column] : null;
    return v === null || v === undefined ? null : String(v);
  }
  const col = c.col;
  const f = col.field;
  const v = fromStored(col.storage, row[col.column]);
  if (v === null || v === undefined || v === '') return null;
  const labels = dicts.get(c.key) ?? refLabels.get(c.key);
  return excelKind(f).format(v, f, { label: (x) => labels?.get(x) ?? x, masked });
}
