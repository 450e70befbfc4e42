/**
 * Demo rows made consistent across rows, after every module of a tenant was generated (the
 * generator fills one row at a time):
 * - children: the child rows are dealt to the parents in turn (each parent gets its share),
 *   numbered 1..n within the parent when the child lists by an integer field ascending;
 * - `compute` over children (`sum`, `sumProduct`): the parent's value is what the server would
 *   compute from the generated child rows (a prescription's amount from its items and the
 *   drugs' prices, a survey's total score from its questions);
 * - `answerSummary`: each answer sheet answers its questionnaire's questions (by the question's
 *   key): a question with options picks among them (the first options more often), one without
 *   keeps the generated sheet's answer at that key, if any;
 * - `supersede` of a transition: of the rows in the transition's target state, one per group
 *   stays (the most recently created); the others are in `supersede.to` with its `set`.
 */
import type { FieldSchema } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { fromStored, toStored, type ResourceModel } from '../resources/model.js';
import { hashSeed, Rng } from '../demo/prng.js';
import type { SeedPlan } from './seed.js';

type Row = Record<string, unknown>;

const num = (v: unknown): number => (typeof v === 'number' ? v : v === null || v === undefined || v === '' ? 0 : Number(v) || 0);
const round = (f: FieldSchema, v: number): number => {
  const p = f.kind === 'integer' ? 0 : f.precision ?? 2;
  return Math.round(v * 10 ** p) / 10 ** p;
};

export function settleDemoRows(ctx: AppContext, plan: SeedPlan, tenantId: number, now: string): void {
  const rowsOf = (m: ResourceModel): Row[] => (plan.find((p) => p.table === m.table)?.rows ?? []).filter((r) => r.tenant_id === tenantId);
  const byId = new Map<string, Map<string, Row>>();
  const rowById = (m: ResourceModel, id: unknown): Row | undefined => {
    let idx = byId.get(m.table);
    if (!idx) byId.set(m.table, (idx = new Map(rowsOf(m).map((r) => [String(r.id), r]))));
    return idx.get(String(id));
  };
  /** A path of a row: `field` or `refField.targetField` (the target row of this tenant). */
  const valueAt = (m: ResourceModel, row: Row, path: string): number => {
    const [key, sub] = path.split('.');
    const c = m.byKey.get(key!);
    if (!c) return 0;
    if (!sub) return num(fromStored(c.storage, row[c.column]));
    const target = c.field.ref ? ctx.models.get(c.field.ref.resource) : undefined;
    const t = target ? rowById(target, row[c.column]) : undefined;
    const tc = target?.byKey.get(sub);
    return t && tc ? num(fromStored(tc.storage, t[tc.column])) : 0;
  };

  // children: dealt to the parents in turn, so each parent has its share (a survey its questions);
  // a child listed by an integer field ascending (题序) is numbered 1..n within its parent
  for (const m of ctx.models.values()) {
    const parents = rowsOf(m);
    for (const link of m.schema.children ?? []) {
      const cm = ctx.models.get(link.resource);
      const fk = cm?.byKey.get(link.foreignKey);
      if (!cm || !fk || !parents.length) continue;
      const [sortKey, dir] = (cm.schema.list?.sort ?? '').split(',');
      const sortCol = cm.byKey.get(sortKey ?? '');
      const numbered = sortCol && sortCol.field.kind === 'integer' && dir === 'asc' ? sortCol : undefined;
      const seen = new Map<string, number>();
      rowsOf(cm).forEach((r, i) => {
        const pid = String(parents[i % parents.length]!.id);
        r[fk.column] = pid;
        seen.set(pid, (seen.get(pid) ?? 0) + 1);
        if (numbered) r[numbered.column] = seen.get(pid);
      });
    }
  }

  // answer sheets (`answerSummary`) answer the questions of their questionnaire
  for (const m of ctx.models.values()) settleAnswerSheets(ctx, m, rowsOf, tenantId);

  for (const m of ctx.models.values()) {
    const fields = m.fields.filter((c) => c.field.compute && ('sum' in c.field.compute || 'sumProduct' in c.field.compute));
    const parents = fields.length ? rowsOf(m) : [];
    for (const c of fields) {
      const spec = c.field.compute!;
      const childKey = 'sum' in spec ? spec.sum.child : 'sumProduct' in spec ? spec.sumProduct.child : '';
      const link = m.schema.children?.find((ch) => ch.key === childKey);
      const cm = link ? ctx.models.get(link.resource) : undefined;
      const fk = cm?.byKey.get(link!.foreignKey);
      if (!cm || !fk) continue;
      const totals = new Map<string, number>();
      for (const r of rowsOf(cm)) {
        const v = 'sum' in spec ? valueAt(cm, r, spec.sum.field) : 'sumProduct' in spec ? spec.sumProduct.fields.reduce((a, p) => a * valueAt(cm, r, p), 1) : 0;
        const pid = String(r[fk.column]);
        totals.set(pid, (totals.get(pid) ?? 0) + v);
      }
      for (const p of parents) p[c.column] = toStored(c, round(c.field, totals.get(String(p.id)) ?? 0));
    }

    const st = m.schema.states;
    const stateCol = st ? m.byKey.get(st.field) : undefined;
    for (const t of st?.transitions ?? []) {
      const sp = t.supersede;
      if (!sp || !stateCol) continue;
      const groups = new Map<string, Row[]>();
      for (const r of rowsOf(m)) {
        if (String(r[stateCol.column]) !== t.to) continue;
        const key = JSON.stringify(sp.match.map((k) => r[m.byKey.get(k)?.column ?? ''] ?? null));
        groups.set(key, [...(groups.get(key) ?? []), r]);
      }
      // the row that entered the state last stays: ordered by the time the transition sets, else creation
      const timeKey = Object.entries(t.set ?? {}).find(([, v]) => v === 'now')?.[0];
      const timeCol = (timeKey && m.byKey.get(timeKey)?.column) || 'create_time';
      for (const rows of groups.values()) {
        rows.sort((a, b) => String(b[timeCol] ?? '').localeCompare(String(a[timeCol] ?? '')));
        const when = typeof rows[0]![timeCol] === 'string' ? String(rows[0]![timeCol]) : now;
        for (const r of rows.slice(1)) {
          r[stateCol.column] = sp.to;
          for (const [k, v] of Object.entries(sp.set ?? {})) {
            const col = m.byKey.get(k);
            if (col) r[col.column] = v === 'now' ? when : v === 'user' ? '系统管理员' : v.value;
          }
        }
      }
    }
  }
}

function settleAnswerSheets(ctx: AppContext, m: ResourceModel, rowsOf: (m: ResourceModel) => Row[], tenantId: number): void {
  const spec = m.schema.answerSummary;
  const link = spec ? m.schema.children?.find((ch) => ch.key === spec.questions) : undefined;
  const qm = link ? ctx.models.get(link.resource) : undefined;
  const am = spec ? ctx.models.get(spec.resource) : undefined;
  if (!spec || !link || !qm || !am) return;
  const col = (mm: ResourceModel, k: string) => mm.byKey.get(k)?.column ?? '';
  const answers = am.byKey.get(spec.field);
  if (!answers) return;
  const questionsOf = new Map<string, Row[]>();
  for (const q of rowsOf(qm)) {
    const pid = String(q[col(qm, link.foreignKey)]);
    questionsOf.set(pid, [...(questionsOf.get(pid) ?? []), q]);
  }
  const keyOf = (q: Row) => q[col(qm, spec.key)];
  for (const qs of questionsOf.values()) qs.sort((a, b) => num(keyOf(a)) - num(keyOf(b)));
  rowsOf(am).forEach((sheet, i) => {
    const qs = questionsOf.get(String(sheet[col(am, spec.via)]));
    if (!qs) return;
    const rng = new Rng(hashSeed(tenantId, m.schema.name, 'answers', i));
    let generated: unknown = fromStored(answers.storage, sheet[answers.column]);
    if (typeof generated === 'string') {
      try { generated = JSON.parse(generated); } catch { generated = []; }
    }
    const before = new Map((Array.isArray(generated) ? generated : []).filter((e): e is Row => !!e && typeof e === 'object').map((e) => [String(e[spec.key]), e.answer]));
    const list: Row[] = [];
    for (const q of qs) {
      const key = keyOf(q);
      const options = String(q[col(qm, spec.options)] ?? '').split(/\r?\n/).map((o) => o.trim()).filter(Boolean);
      // the lower of two draws: earlier options (满意, 控制良好) are picked more often
      const answer = options.length ? options[Math.min(rng.int(0, options.length - 1), rng.int(0, options.length - 1))] : before.get(String(key));
      if (answer !== undefined && answer !== null && answer !== '') list.push({ [spec.key]: key, answer });
    }
    sheet[answers.column] = toStored(answers, list);
  });
}
