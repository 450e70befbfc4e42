/**
 * POST <base>/importExcel?dryRun=1|0 (multipart `file`, .xlsx, <= 10 MB, <= 5,000 data rows).
 *
 * Steps: read the first sheet -> map header TITLES to importable fields (unknown columns are
 * ignored, duplicated titles refused) -> convert cells (dict labels -> values, ref labels -> ids
 * with the ref's filter applied per row, 是/否 -> booleans, Excel dates -> YYYY-MM-DD ...) ->
 * each row through the write pipeline's steps (resources/pipeline.ts): sanitize, validate with
 * core createValidator(schema, 'add'), field edit access, references, rule codes, words -> unique
 * checks within the file and against the database.
 * Report: {total, valid, invalid, errors: [{row, field, title, message}]} where `row` is the
 * Excel row number and `message` is `<title>：<rule message>` (the validation envelope format).
 * A dry run writes nothing; a commit refuses the whole file (400 + the report) when any row is
 * invalid, else writes in ONE transaction: compute, auto-numbers, the rows (version 1), the
 * resource's `effects.afterWrite` with the real caller, and the data log; a failing effect
 * rolls every row back.
 */
import { inTransaction } from '../db/connection.js';
import { excelJs } from './exceljs.js';
import { createValidator } from '../../core/projections/validator.js';
import type { AppContext } from '../context.js';
import type { SessionUser } from '../auth/session.js';
import { newId, nowText } from '../db/ids.js';
import { ApiError, badRequest } from '../errors.js';
import { assignAutoNumbers, computeValues, hasAutoNumber } from '../resources/derive.js';
import { checkEditableFields } from '../resources/guard.js';
import { ruleProblems, type Caller } from '../resources/pipeline.js';
import { checkRefs } from '../resources/refs.js';
import { wordChecker } from '../resources/words.js';
import { flush, runAfterWrite, type Pending } from '../resources/write.js';
import { checkCaps } from '../resources/caps.js';
import { keepCounts } from '../resources/counts.js';
import { logWrites } from '../resources/write-log.js';
import { sanitizeRecord } from '../sanitize/index.js';
import { toStored, type FieldCol, type ResourceModel } from '../resources/model.js';
import { dictItems, importFields, refTarget } from './fields.js';
import { excelKind, type Cell } from './kinds.js';

export const MAX_IMPORT_ROWS = 5000;
export const MAX_REPORTED_ERRORS = 1000;

export interface RowError {
  row: number;
  field: string;
  title: string;
  message: string;
}

export interface ImportReport {
  total: number;
  valid: number;
  invalid: number;
  errors: RowError[];
  /** More errors than MAX_REPORTED_ERRORS were found (the list is cut). */
  truncated?: boolean;
}


interface SheetData {
  headers: Array<{ index: number; title: string }>;
  rows: Array<{ row: number; cells: Map<number, Cell> }>;
}

function primitive(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.richText)) return primitive((o.richText as Array<{ text?: string }>).map((t) => t.text ?? '').join(''));
    if ('result' in o) return primitive(o.result);
    if ('formula' in o || 'sharedFormula' in o) return null;
    if ('text' in o) return primitive(o.text);
    if ('error' in o) return String(o.error);
  }
  return String(v);
}

/**
 * First worksheet: header row + data rows (fully empty rows skipped).
 * The workbook is loaded in memory (uploads are capped at 10 MB): exceljs's streaming reader
 * parks a worksheet in a temp file when it precedes the shared strings, a timing-dependent path
 * that intermittently failed to parse valid files under load.
 */
export async function readSheet(data: Buffer): Promise<SheetData> {
  const out: SheetData = { headers: [], rows: [] };
  const wb = new (excelJs().Workbook)();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('Excel文件无法解析，请使用导入模板（.xlsx）');
  }
  const ws = wb.worksheets[0];
  if (!ws) return out;
  let sawHeader = false;
  for (let n = 1; n <= ws.rowCount; n++) {
    const row = ws.getRow(n);
    const values = (Array.isArray(row.values) ? row.values : []) as unknown[];
    const cells = new Map<number, Cell>();
    values.forEach((v, i) => {
      const p = primitive(v);
      if (p !== null && i > 0) cells.set(i, p);
    });
    if (!sawHeader) {
      if (cells.size === 0) continue;
      sawHeader = true;
      for (const [index, v] of cells) out.headers.push({ index, title: String(v) });
      continue;
    }
    if (cells.size === 0) continue;
    out.rows.push({ row: n, cells });
    if (out.rows.length > MAX_IMPORT_ROWS) throw badRequest(`单次导入不能超过${MAX_IMPORT_ROWS}行数据`);
  }
  return out;
}

const normTitle = (s: string) => s.replace(/\s+/g, '').replace(/[*＊]+$/, '').replace(/[（(]必填[)）]$/, '');

interface PendingRef {
  row: number;
  col: FieldCol;
  labels: string[];
}

class RowErrors {
  list: RowError[] = [];
  private seen = new Set<string>();
  add(row: number, c: FieldCol | { key: string; field: { title: string } }, message: string): void {
    const id = `${row}:${c.key}`;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    this.list.push({ row, field: c.key, title: c.field.title, message: c.field.title ? `${c.field.title}：${message}` : message });
  }
  has(row: number, key: string): boolean {
    return this.seen.has(`${row}:${key}`);
  }
}

export interface ImportOutcome {
  report: ImportReport;
  /** Valid, validated payloads (only when every row is valid). */
  payloads: Array<Record<string, unknown>>;
}

/** Parses and checks the file; writes nothing. */
export async function analyzeImport(ctx: AppContext, m: ResourceModel, data: Buffer, tenantId: number, user: SessionUser): Promise<ImportOutcome> {
  const sheet = await readSheet(data);
  const fields = importFields(m);
  const byTitle = new Map<string, FieldCol>();
  for (const c of fields) {
    byTitle.set(normTitle(c.field.title), c);
    if (!byTitle.has(c.key)) byTitle.set(c.key, c);
  }
  const mapping = new Map<number, FieldCol>();
  const used = new Map<string, string>();
  for (const h of sheet.headers) {
    const c = byTitle.get(normTitle(h.title));
    if (!c) continue;
    if (used.has(c.key)) throw badRequest(`表头重复：${h.title}`);
    used.set(c.key, h.title);
    mapping.set(h.index, c);
  }
  if (mapping.size === 0) throw badRequest('未识别到有效的表头，请使用导入模板');
  if (sheet.rows.length === 0) throw badRequest('Excel中没有数据');

  const errors = new RowErrors();
  const payloads = sheet.rows.map(() => ({}) as Record<string, unknown>);
  const pending: PendingRef[] = [];

  sheet.rows.forEach((r, i) => {
    const payload = payloads[i]!;
    for (const [index, c] of mapping) {
      const v = r.cells.get(index);
      if (v === undefined || v === null) continue;
      const f = c.field;
      const parsed = excelKind(f).parse(v, f, () => dictItems(ctx, f.dict));
      if ('error' in parsed) errors.add(r.row, c, parsed.error);
      else if ('labels' in parsed) pending.push({ row: i, col: c, labels: parsed.labels });
      else payload[c.key] = parsed.value;
    }
  });

  await resolveRefs(ctx, tenantId, sheet, payloads, pending, errors);

  // the write pipeline's steps, row by row (references batched per field)
  const validate = createValidator(m.schema, 'add', ctx.registry);
  const words = await wordChecker(ctx, tenantId, [m.schema.fields]);
  const rules = await ctx.checkRules.current();
  const liveDicts = await ctx.dicts.enabledValues();
  const validated: Array<Record<string, unknown> | null> = payloads.map((p, i) => {
    const rowNo = sheet.rows[i]!.row;
    sanitizeRecord(m.schema, p, ctx.registry);
    const res = validate(p, liveDicts);
    if (res.ok) {
      try {
        checkEditableFields(m, res.value, p, null, user); // field edit access, as on add
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        errors.add(rowNo, { key: '', field: { title: '' } }, e.message);
      }
      for (const problem of ruleProblems(rules, m.schema.fields, res.value)) errors.add(rowNo, m.byKey.get(problem.field)!, problem.message);
      for (const problem of words(m.schema.fields, res.value)) errors.add(rowNo, m.byKey.get(problem.field)!, problem.message);
      return errors.list.some((e) => e.row === rowNo) ? null : res.value;
    }
    for (const e of res.errors) {
      const c = m.byKey.get(e.field);
      if (c && !errors.has(rowNo, c.key)) errors.add(rowNo, c, e.message);
      else if (!c) errors.add(rowNo, { key: e.field, field: { title: e.field } }, e.message);
    }
    return null;
  });

  const checked = validated.flatMap((v, i) => (v ? [{ v, i }] : []));
  const caller: Caller = { user, tenantId };
  for (const e of await checkRefs(ctx, ctx.database.db, m.schema.fields, checked.map((x) => ({ values: x.v })), caller)) {
    const i = checked[e.row]!.i;
    errors.add(sheet.rows[i]!.row, m.byKey.get(e.field)!, e.message);
    validated[i] = null;
  }

  // rows that failed elsewhere are still checked with their converted values (one report, all problems)
  const candidates = validated.map((v, i) => v ?? payloads[i]!);
  await checkUnique(ctx, m, tenantId, sheet, candidates, errors, new Set(fields.map((c) => c.key)));

  const badRows = new Set(errors.list.map((e) => e.row));
  errors.list.sort((a, b) => a.row - b.row);
  const report: ImportReport = {
    total: sheet.rows.length,
    valid: sheet.rows.length - badRows.size,
    invalid: badRows.size,
    errors: errors.list.slice(0, MAX_REPORTED_ERRORS),
  };
  if (errors.list.length > MAX_REPORTED_ERRORS) report.truncated = true;
  const ok = badRows.size === 0;
  return { report, payloads: ok ? (validated as Array<Record<string, unknown>>) : [] };
}

/** ref labels -> ids, one query per field; filtered refs (ref.filter) after the fields they depend on. */
async function resolveRefs(
  ctx: AppContext,
  tenantId: number,
  sheet: SheetData,
  payloads: Array<Record<string, unknown>>,
  pending: PendingRef[],
  errors: RowErrors,
): Promise<void> {
  const byField = new Map<string, PendingRef[]>();
  for (const p of pending) byField.set(p.col.key, [...(byField.get(p.col.key) ?? []), p]);
  const order = [...byField.values()].sort((a, b) => (a[0]!.col.field.ref?.filter ? 1 : 0) - (b[0]!.col.field.ref?.filter ? 1 : 0));
  for (const group of order) {
    const c = group[0]!.col;
    const t = refTarget(ctx, c);
    const rowNo = (p: PendingRef) => sheet.rows[p.row]!.row;
    if (!t) {
      for (const p of group) errors.add(rowNo(p), c, '关联数据无法解析');
      continue;
    }
    const filters = Object.entries(c.field.ref?.filter ?? {}).flatMap(([targetKey, spec]) => {
      const tc = t.target.byKey.get(targetKey);
      return tc ? [{ column: tc.column, multi: tc.multi, spec }] : [];
    });
    const labels = [...new Set(group.flatMap((p) => p.labels))];
    const candidates = new Map<string, Array<Record<string, unknown>>>();
    for (let i = 0; i < labels.length; i += 500) {
      const rows = await ctx.database.db
        .selectFrom(t.target.table)
        .select([`${t.valueCol} as __v`, `${t.labelCol} as __l`, ...filters.map((f) => f.column)])
        .where('tenant_id', '=', tenantId)
        .where(t.labelCol, 'in', labels.slice(i, i + 500))
        .execute();
      for (const r of rows) {
        const l = String(r.__l);
        candidates.set(l, [...(candidates.get(l) ?? []), r]);
      }
    }
    for (const p of group) {
      const payload = payloads[p.row]!;
      const ids: string[] = [];
      for (const label of p.labels) {
        const hits = (candidates.get(label) ?? []).filter((r) =>
          filters.every((f) => {
            const want = 'value' in f.spec ? f.spec.value : payload[f.spec.field];
            if (want === undefined || want === null || want === '') return true;
            const have = r[f.column];
            const wants = String(want).split(',');
            return f.multi ? String(have ?? '').split(',').some((x) => wants.includes(x)) : wants.includes(String(have));
          }),
        );
        if (hits.length === 0) errors.add(rowNo(p), c, `未找到“${label}”`);
        else if (hits.length > 1) errors.add(rowNo(p), c, `“${label}”匹配到多条数据，无法确定`);
        else ids.push(String(hits[0]!.__v));
      }
      if (ids.length === p.labels.length) payload[c.key] = ids.join(',');
    }
  }
}

async function checkUnique(
  ctx: AppContext,
  m: ResourceModel,
  tenantId: number,
  sheet: SheetData,
  validated: Array<Record<string, unknown>>,
  errors: RowErrors,
  importable: Set<string>,
): Promise<void> {
  const global = new Set(m.fields.filter((c) => c.field.unique === 'global').map((c) => c.key));
  for (const c of m.unique) {
    if (!importable.has(c.key)) continue;
    const firstRow = new Map<string, number>();
    const rowsOf = new Map<string, number[]>();
    validated.forEach((v, i) => {
      const raw = v[c.key];
      if (raw === undefined || raw === null || raw === '' || typeof raw === 'object') return;
      const s = String(toStored(c, raw));
      const rowNo = sheet.rows[i]!.row;
      const first = firstRow.get(s);
      if (first !== undefined) errors.add(rowNo, c, `与第${first}行重复`);
      else firstRow.set(s, rowNo);
      rowsOf.set(s, [...(rowsOf.get(s) ?? []), rowNo]);
    });
    const values = [...firstRow.keys()];
    for (let i = 0; i < values.length; i += 500) {
      let q = ctx.database.db.selectFrom(m.table).select(`${c.column} as v`).where(c.column, 'in', values.slice(i, i + 500));
      if (!global.has(c.key)) q = q.where('tenant_id', '=', tenantId);
      for (const r of await q.execute()) for (const rowNo of rowsOf.get(String(r.v)) ?? []) errors.add(rowNo, c, '该值不可用，系统中已存在！');
    }
  }
}

/**
 * Writes validated payloads in ONE transaction with their `effects.afterWrite` (the real caller)
 * and the data log; returns the new ids.
 */
export async function commitImport(ctx: AppContext, m: ResourceModel, payloads: Array<Record<string, unknown>>, caller: Caller): Promise<string[]> {
  const now = nowText();
  // `compute` fields as on add; children are not imported
  for (const p of payloads) await computeValues(ctx, m, { values: p, children: {}, links: [], tenantId: caller.tenantId });
  const rows = payloads.map((p) => {
    const row: Record<string, unknown> = { id: newId(), tenant_id: caller.tenantId, create_by: caller.user.username, create_time: now, version: 1 };
    for (const c of m.fields) {
      if (c.field.kind === 'password' || !Object.prototype.hasOwnProperty.call(p, c.key)) continue;
      row[c.column] = toStored(c, p[c.key]);
    }
    return row;
  });
  const ids = rows.map((r) => String(r.id));
  // one statement per chunk, staying under SQLite's bound-variable limit
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const chunk = Math.max(1, Math.floor(30000 / columns.length));
  const full = rows.map((r) => Object.fromEntries(columns.map((k) => [k, r[k] ?? null])));
  const pending: Pending = [];
  await inTransaction(ctx.database.db, async (trx) => {
    if (hasAutoNumber(m)) {
      // each number reads the tenant's current maximum, so these rows go in one by one
      for (const r of full) {
        await assignAutoNumbers(trx, m, r, caller.tenantId);
        await trx.insertInto(m.table).values(r).execute();
      }
    } else {
      for (let i = 0; i < full.length; i += chunk) await trx.insertInto(m.table).values(full.slice(i, i + chunk)).execute();
    }
    await checkCaps(ctx, trx, m, ids, caller.tenantId);
    await keepCounts(ctx, trx, m, ids, caller.tenantId);
    await runAfterWrite(ctx, trx, m, caller, 'add', ids, {}, pending);
    await logWrites(trx, caller, m.name, 'import', ids, 1, { model: m });
  });
  await flush(pending);
  return ids;
}
