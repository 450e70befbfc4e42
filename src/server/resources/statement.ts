/**
 * 渠道账单对账 (schema word `statement`, two registered effects):
 *
 * - `statementCompare` (a task's transition): the task's statement file (CSV, UTF-8 or GBK, or
 *   Excel; a WeChat / Alipay bill: a header row somewhere, then one row per trade, backtick or
 *   tab prefixed cells, summary lines after) is parsed on the server and compared, trade number
 *   by trade number, with the `against` records of the task's day and scope:
 *   a counted platform record missing from the statement is 长款, a statement trade the platform
 *   does not have is 短款, a state the statement gives differently is 状态不符, else differing
 *   amounts (compared in fen) are 金额不符. The totals are written (platform totals are SQL sums
 *   over fen), each difference becomes a record of `diffs.resource` through the write pipeline's
 *   steps, and the task follows `outcome.same` or `outcome.differ`.
 * - `statementDiffResolved` (a difference's transition): once no difference of the task is left
 *   open, the task takes `close.action`, its note listing how the differences were resolved.
 *
 * A statement that cannot be read, or has no trade row, refuses the transition naming the file
 * field; nothing is written.
 */
import { excelJs } from '../excel/exceljs.js';
import type { Kysely } from 'kysely';
import { toFen, fromFen } from '../../core/kinds/index.js';
import type { StatementSpec, Transition } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { badRequest } from '../errors.js';
import type { EffectContext, Effects } from './effects.js';
import { fromStored, rowToRecord, toStored, type ResourceModel } from './model.js';
import { prepareRecord } from './pipeline.js';
import { transitionSetColumns } from './transition-set.js';
import { nextVersion, storedVersion } from './version.js';
import { logWrites } from './write-log.js';

type Rec = Record<string, unknown>;
type Db = Kysely<any>;

/** One trade of a statement. */
export interface StatementLine {
  key: string;
  fen: number;
  time: string;
  state: string;
}

/** Reads the whole file of an upload key (null when there is none). */
export type FileReader = (key: string) => Promise<Buffer | null>;

// ---------------------------------------------------------------------------------------------
// reading a statement

/** CSV text -> rows of cells (quotes, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell); rows.push(row); row = []; cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

/** UTF-8 (with or without BOM), else GBK (Alipay's CSV). */
function decode(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gbk').decode(buf);
  }
}

async function excelRows(buf: Buffer): Promise<string[][]> {
  const wb = new (excelJs().Workbook)();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const out: string[][] = [];
  ws?.eachRow({ includeEmpty: false }, (r) => {
    const cells: string[] = [];
    for (let c = 1; c <= r.cellCount; c++) cells.push(r.getCell(c).text ?? '');
    out.push(cells);
  });
  return out;
}

/** A bill cell without WeChat's leading backtick, tabs and spaces. */
const clean = (s: unknown) => String(s ?? '').replace(/^[`'\t\s]+|[\t\s]+$/g, '');
/** `2026-01-05 09:30:00`, `2026/1/5 9:30` -> `YYYY-MM-DD HH:mm:ss` (as written when unrecognised). */
function timeText(s: string): string {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(s);
  if (!m) return s;
  const p = (x: string | undefined) => String(Number(x ?? 0)).padStart(2, '0');
  return `${m[1]}-${p(m[2])}-${p(m[3])} ${p(m[4])}:${p(m[5])}:${p(m[6])}`;
}

/** The trades of a statement: rows under the header row that carry a trade number and an amount. */
export function statementLines(rows: string[][], columns: StatementSpec['columns']): StatementLine[] | null {
  const find = (header: string[], names?: string[]) => (names ? header.findIndex((h) => names.includes(h)) : -1);
  for (let i = 0; i < rows.length; i++) {
    const header = rows[i]!.map(clean);
    const key = find(header, columns.key);
    const amount = find(header, columns.amount);
    if (key < 0 || amount < 0) continue;
    const time = find(header, columns.time);
    const state = find(header, columns.state);
    const out: StatementLine[] = [];
    for (const r of rows.slice(i + 1)) {
      const k = clean(r[key]);
      const a = clean(r[amount]).replace(/^[¥￥]/, '').replace(/,/g, '');
      // summary lines (总交易单数, 总金额…) and blank rows carry no trade number / amount
      if (!/^[0-9A-Za-z_-]{4,64}$/.test(k) || !/^-?\d+(\.\d+)?$/.test(a)) continue;
      out.push({ key: k, fen: toFen(a), time: time >= 0 ? timeText(clean(r[time])) : '', state: state >= 0 ? clean(r[state]) : '' });
    }
    return out;
  }
  return null;
}

export async function readStatement(buf: Buffer, name: string, columns: StatementSpec['columns']): Promise<StatementLine[] | null> {
  const zip = buf.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  let rows: string[][];
  try {
    rows = zip || /\.xlsx$/i.test(name) ? await excelRows(buf) : parseCsv(decode(buf));
  } catch {
    return null;
  }
  return statementLines(rows, columns);
}

// ---------------------------------------------------------------------------------------------
// comparing

const nextDay = (d: string) => {
  const [y, m, day] = d.split('-').map(Number);
  const x = new Date(Date.UTC(y!, m! - 1, day! + 1));
  return x.toISOString().slice(0, 10);
};

function modelOf(ctx: AppContext, name: string): ResourceModel {
  const m = ctx.models.get(name);
  if (!m) throw new Error(`statement: unknown resource ${name}`);
  return m;
}
const colOf = (m: ResourceModel, key: string) => {
  const c = m.byKey.get(key);
  if (!c) throw new Error(`statement: ${m.name} has no field ${key}`);
  return c;
};

/** The platform records of the task's day and scope (a query builder on the against table). */
function platformScope(e: EffectContext, spec: StatementSpec, task: Rec) {
  const a = spec.against;
  const pm = modelOf(e.ctx, a.resource);
  const day = String(task[a.day] ?? '').slice(0, 10);
  const timeCol = colOf(pm, a.time).column;
  let q = e.db.selectFrom(pm.table).where('tenant_id', '=', e.caller.tenantId).where(timeCol, '>=', `${day} 00:00:00`).where(timeCol, '<', `${nextDay(day)} 00:00:00`);
  for (const [taskKey, key] of Object.entries(a.match ?? {})) {
    const c = colOf(pm, key);
    q = q.where(c.column, '=', toStored(c, task[taskKey]));
  }
  for (const [taskKey, m] of Object.entries(a.map ?? {})) {
    const values = m.values[String(task[taskKey] ?? '')] ?? [];
    q = values.length ? q.where(colOf(pm, m.field).column, 'in', values) : q.where('id', '=', '');
  }
  return { q, pm };
}

async function compare(e: EffectContext, files: FileReader): Promise<void> {
  const m = e.model;
  const spec = m.schema.statement;
  const task = e.before;
  if (!spec || !task) throw new Error(`statementCompare: ${m.name} declares no statement`);
  const fileField = colOf(m, spec.file).field;
  const key = String(task[spec.file] ?? '').split(',')[0]!.trim();
  const refuse = (message: string) => badRequest(`${fileField.title}：${message}`, { errors: [{ field: spec.file, message }] });
  if (!key) throw refuse('请先上传渠道账单（CSV 或 Excel）');
  const buf = await files(key);
  if (!buf) throw refuse('文件不存在，请重新上传');
  const lines = await readStatement(buf, key, spec.columns);
  if (!lines) throw refuse(`未找到账单表头（需包含“${spec.columns.key[0]}”和“${spec.columns.amount[0]}”列）`);
  if (!lines.length) throw refuse('账单中没有交易记录');

  const a = spec.against;
  const { q, pm } = platformScope(e, spec, task);
  const keyCol = colOf(pm, a.key).column;
  const amountCol = colOf(pm, a.amount);
  const timeCol = colOf(pm, a.time).column;
  const stateCol = a.state ? colOf(pm, a.state).column : undefined;
  const rows = (await q.select(['id', `${keyCol} as k`, `${amountCol.column} as a`, `${timeCol} as t`, ...(stateCol ? [`${stateCol} as s`] : [])]).execute()) as Rec[];
  const counted = (r: Rec) => !a.counted || !stateCol || a.counted.includes(String(r.s ?? ''));
  // the platform's totals: SQL count and sum over the fen column
  const tq = stateCol && a.counted ? q.where(stateCol, 'in', a.counted) : q;
  const totals = (await tq.select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum(amountCol.column).as('s')]).executeTakeFirst()) as Rec | undefined;
  const fenOf = (v: unknown) => toFen(fromStored(amountCol.storage, v) as number);

  const byKey = new Map<string, Rec>();
  for (const r of rows) if (r.k !== null && r.k !== undefined && r.k !== '') byKey.set(String(r.k), r);
  const seen = new Set<string>();
  const d = spec.diffs;
  const found: Array<{ type: string; platform?: Rec; line?: StatementLine }> = [];
  for (const line of lines) {
    const p = byKey.get(line.key);
    if (!p) { found.push({ type: d.types.short, line }); continue; }
    seen.add(line.key);
    const want = spec.states?.[line.state];
    if (stateCol && want !== undefined && want !== String(p.s ?? '')) found.push({ type: d.types.state, platform: p, line });
    else if (fenOf(p.a) !== line.fen) found.push({ type: d.types.amount, platform: p, line });
  }
  for (const p of rows) if (counted(p) && !seen.has(String(p.k ?? ''))) found.push({ type: d.types.long, platform: p });

  // the differences, each through the pipeline's steps (validate, references, compute), then written
  const dm = modelOf(e.ctx, d.resource);
  const now = nowText();
  // the pipeline's reads go through the open transaction (SQLite has one connection)
  const inTrx: AppContext = { ...e.ctx, database: { ...e.ctx.database, db: e.db } };
  for (const f of found) {
    const body: Rec = { [d.link]: e.id, [d.type]: f.type };
    if (d.ref && f.platform) body[d.ref] = String(f.platform.id);
    if (d.key && f.line) body[d.key] = f.line.key;
    if (d.platformAmount && f.platform) body[d.platformAmount] = fromFen(fenOf(f.platform.a));
    if (d.channelAmount && f.line) body[d.channelAmount] = fromFen(f.line.fen);
    if (d.time) body[d.time] = f.line?.time || String(f.platform?.t ?? '') || now;
    const { values } = await prepareRecord(inTrx, dm, 'add', body, e.caller);
    const id = newId();
    await e.db.insertInto(dm.table).values({ ...values, id, tenant_id: e.caller.tenantId, create_by: e.caller.user.username, create_time: now, version: 1 }).execute();
    await logWrites(e.db, e.caller, dm.name, 'add', [id], 1);
  }

  const t = spec.totals ?? {};
  const out: Rec = {};
  if (t.platformCount) out[t.platformCount] = Number(totals?.n ?? 0);
  if (t.platformAmount) out[t.platformAmount] = fromFen(Math.round(Number(fromStored(amountCol.storage, totals?.s ?? 0)) * 100));
  if (t.channelCount) out[t.channelCount] = lines.length;
  if (t.channelAmount) out[t.channelAmount] = fromFen(lines.reduce((s, l) => s + l.fen, 0));
  // computed fields of the task (差异金额 = 平台 − 渠道) follow the totals, in fen
  for (const c of m.fields) {
    const sub = c.field.compute && 'subtract' in c.field.compute ? c.field.compute.subtract : undefined;
    if (sub && sub.every((k) => k in out)) out[c.key] = fromFen(sub.slice(1).reduce((s, k) => s - toFen(out[k] as number), toFen(out[sub[0]!] as number)));
  }
  e.set(out);
  e.follow?.(found.length ? spec.outcome.differ : spec.outcome.same);
}

// ---------------------------------------------------------------------------------------------
// closing the task once every difference is resolved

async function diffResolved(e: EffectContext): Promise<void> {
  const dm = e.model;
  const owner = [...e.ctx.models.values()].find((m) => m.schema.statement?.diffs.resource === dm.name);
  const spec = owner?.schema.statement;
  if (!owner || !spec?.close || !e.before) return;
  const d = spec.diffs;
  const taskId = String(e.before[d.link] ?? '');
  if (!taskId) return;
  const linkCol = colOf(dm, d.link).column;
  const stateCol = colOf(dm, d.state).column;
  // this difference is still open in the table: its own state changes after the effect
  const open = await e.db.selectFrom(dm.table).select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', e.caller.tenantId).where(linkCol, '=', taskId).where(stateCol, '=', d.open).where('id', '!=', e.id).executeTakeFirst();
  if (Number(open?.n ?? 0) > 0) return;

  const task = await e.db.selectFrom(owner.table).selectAll().where('tenant_id', '=', e.caller.tenantId).where('id', '=', taskId).executeTakeFirst();
  const taskState = colOf(owner, owner.schema.states!.field);
  const t: Transition | undefined = owner.schema.states!.transitions.find((x) => x.action === spec.close!.action);
  if (!task || !t || !t.from.includes(String(task[taskState.column] ?? ''))) return;

  // the note: how many differences were resolved each way
  const ways = new Map<string, number>();
  const all = await e.db.selectFrom(dm.table).selectAll().where('tenant_id', '=', e.caller.tenantId).where(linkCol, '=', taskId).execute();
  const wayCol = d.way ? dm.byKey.get(d.way) : undefined;
  for (const r of all) {
    const rec = rowToRecord(dm, r as Rec);
    const way = String(r.id) === e.id ? e.values[d.way ?? ''] : rec[d.way ?? ''];
    const text = wayCol?.field.dict ? e.ctx.registry.dicts.get(wayCol.field.dict)?.items.find((i) => i.value === String(way ?? ''))?.text : undefined;
    const label = text ?? '处理';
    ways.set(label, (ways.get(label) ?? 0) + 1);
  }
  // in the dictionary's order of the ways
  const order = (wayCol?.field.dict ? e.ctx.registry.dicts.get(wayCol.field.dict)?.items ?? [] : []).map((i) => i.text);
  const rank = (w: string) => (order.includes(w) ? order.indexOf(w) : order.length);
  const note = `${all.length} 笔差异已全部处理：${[...ways].sort((x, y) => rank(x[0]) - rank(y[0])).map(([w, n]) => `${w} ${n} 笔`).join('，')}`;
  const set: Rec = { ...transitionSetColumns(owner, t, e.caller, task as Rec) };
  const noteCol = owner.byKey.get(spec.close.note);
  if (noteCol) set[noteCol.column] = toStored(noteCol, note);
  const res = await e.db.updateTable(owner.table)
    .set({ ...set, [taskState.column]: t.to, update_by: e.caller.user.username, update_time: nowText(), version: nextVersion() })
    .where('id', '=', taskId).where('tenant_id', '=', e.caller.tenantId).where(taskState.column, 'in', t.from)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return;
  await logWrites(e.db, e.caller, owner.name, t.action, [taskId], storedVersion(task as Rec) + 1);
}

/** Registers `statementCompare` (reading uploads through `ctx.readUpload`) and `statementDiffResolved`. */
export function registerStatementEffects(effects: Effects): void {
  effects.register('statementCompare', (e) => {
    if (!e.ctx.readUpload) throw new Error('statementCompare: no file store');
    return compare(e, e.ctx.readUpload);
  });
  effects.register('statementDiffResolved', diffResolved);
}

/** A FileReader over a file store. */
export function fileReader(store: { get(key: string): Promise<{ body: NodeJS.ReadableStream } | null> }): FileReader {
  return async (key) => {
    const f = await store.get(key);
    if (!f) return null;
    const chunks: Buffer[] = [];
    for await (const c of f.body as AsyncIterable<Buffer | string>) chunks.push(typeof c === 'string' ? Buffer.from(c) : c);
    return Buffer.concat(chunks);
  };
}
