/**
 * `answerSummary`: GET `<base>/answerSummary?id=` — the answer sheets of one questionnaire in the
 * caller's tenant, summed per question from what was recorded:
 *
 *   { respondents, questions: [{ key, title, type, typeText, answered,
 *       options?: [{ option, count, share }], other?, answers? }] }
 *
 * `respondents` counts the sheets; `answered` the sheets that answer the question. A choice
 * question counts each of its options (a list or comma-joined answer counts every option it
 * names; `share` is the percentage of `answered`, one decimal; answers naming no option are
 * `other`); any other question lists its non-empty answers in the order they were submitted.
 * A sheet whose answers are not a JSON list counts as a respondent with no answers.
 */
import type { AnswerSummarySpec } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { notFound, MSG } from '../errors.js';
import { childLinks } from './children.js';
import { rowToRecord, type ResourceModel } from './model.js';

type Rec = Record<string, unknown>;

export interface QuestionSummary {
  key: string;
  title: string;
  type: string;
  typeText: string;
  answered: number;
  options?: Array<{ option: string; count: number; share: number }>;
  other?: number;
  answers?: string[];
}

export interface AnswerSummary {
  respondents: number;
  questions: QuestionSummary[];
}

const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)).trim();

/** The answer of one sheet to each question, by question key. */
function sheetAnswers(v: unknown, key: string): Map<string, unknown> {
  let list: unknown = v;
  if (typeof v === 'string') {
    try { list = JSON.parse(v); } catch { return new Map(); }
  }
  const out = new Map<string, unknown>();
  if (!Array.isArray(list)) return out;
  for (const e of list) if (e && typeof e === 'object' && key in e) out.set(text((e as Rec)[key]), (e as Rec).answer);
  return out;
}

/** The options one answer names: a list's items, or the comma-separated parts of a text. */
const chosen = (a: unknown): string[] => (Array.isArray(a) ? a.map(text) : text(a).split(/[,，]/).map((x) => x.trim())).filter(Boolean);

export async function answerSummary(ctx: AppContext, m: ResourceModel, spec: AnswerSummarySpec, id: string, tenantId: number): Promise<AnswerSummary> {
  const { db } = ctx.database;
  const owner = await db.selectFrom(m.table).select('id').where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!owner) throw notFound(MSG.noData);
  const link = childLinks(ctx, m).find((l) => l.spec.key === spec.questions)!;
  const qm = link.model;
  const col = (mm: ResourceModel, k: string) => mm.byKey.get(k)!.column;
  const qRows = await db.selectFrom(qm.table).selectAll().where('tenant_id', '=', tenantId).where(link.fk.column, '=', id).orderBy(col(qm, spec.key)).orderBy('id').execute();
  const questions = qRows.map((r) => rowToRecord(qm, r as Rec));
  const am = ctx.models.get(spec.resource)!;
  const sheets = await db.selectFrom(am.table).select(`${col(am, spec.field)} as a`).where('tenant_id', '=', tenantId).where(col(am, spec.via), '=', id).orderBy('create_time').orderBy('id').execute();
  const parsed = sheets.map((s) => sheetAnswers(s.a, spec.key));
  const typeField = qm.byKey.get(spec.type)!.field;
  const typeLabels = new Map((typeField.dict ? ctx.registry.dicts.get(typeField.dict)?.items ?? [] : []).map((i) => [i.value, i.text]));

  return {
    respondents: sheets.length,
    questions: questions.map((q) => {
      const key = text(q[spec.key]);
      const type = text(q[spec.type]);
      const given = parsed.map((p) => p.get(key)).filter((a) => chosen(a).length > 0);
      const base: QuestionSummary = { key, title: text(q[spec.title]), type, typeText: typeLabels.get(type) ?? type, answered: given.length };
      if (!spec.choice.includes(type)) return { ...base, answers: given.map(text) };
      const options = text(q[spec.options]).split(/\r?\n/).map((o) => o.trim()).filter(Boolean);
      const counts = new Map(options.map((o) => [o, 0]));
      let other = 0;
      for (const a of given) {
        const names = chosen(a);
        for (const n of names) if (counts.has(n)) counts.set(n, counts.get(n)! + 1);
        if (!names.some((n) => counts.has(n))) other += 1;
      }
      const share = (n: number) => (given.length ? Math.round((n * 1000) / given.length) / 10 : 0);
      return { ...base, options: options.map((o) => ({ option: o, count: counts.get(o)!, share: share(counts.get(o)!) })), other };
    }),
  };
}
