/**
 * Demo rows that tell a consistent story for the server-filled words of the schema language
 * (applied to each generated row, after its fields):
 * - `states`: the row's state is reached from the initial state (the state field's default) by
 *   the shortest chain of transitions; the chain's `set` values are applied in order (a paid
 *   order's payStatus is 已付款, a refund copies what was paid), the times it sets follow one
 *   another after the row's own first time (e.g. 下单时间), the operator names are staff names,
 *   required reasons of its forms are filled (a dictionary field with one of its values), and read-only fields that only transitions write
 *   are back at their default (or empty) unless the chain wrote them; a row still in an open
 *   state is dated within the last two weeks.
 * - `autoNumber`: `<prefix><date><sequence>` as the server numbers them, dated like the row.
 * - `compute`: `add`, `product`, `subtract` and `percentOf` of the row's fields and of the rows
 *   its refs point to (the demo rows of the target), as the server computes them.
 * - `capBy`: a capped amount is cut so the rows naming one record never add up past its cap
 *   (refunds of an order stay within what was paid).
 */
import type { FieldSchema, ResourceSchema, Transition } from '../../core/schema/types.js';
import type { Row, RowCtx } from './context.js';
import { fmtDateTime, round2 } from './named.js';
import { percentOf, subtract } from '../../core/schema/formula.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const STAFF = ['王丽', '李明', '张晓燕', '刘建国', '陈静', '杨帆', '赵敏', '周婷'];
const REASON = '按患者要求处理';

/** Shortest chains of transitions from `start` to every reachable state. */
function chains(transitions: Transition[], start: string): Map<string, Transition[]> {
  const out = new Map<string, Transition[]>([[start, []]]);
  const queue = [start];
  while (queue.length) {
    const s = queue.shift()!;
    for (const t of transitions) {
      if (!t.from.includes(s) || out.has(t.to)) continue;
      out.set(t.to, [...out.get(s)!, t]);
      queue.push(t.to);
    }
  }
  return out;
}

export interface StoryPlan {
  apply(c: RowCtx, row: Row): void;
}

export function storyPlan(schema: ResourceSchema): StoryPlan | undefined {
  const byKey = new Map(schema.fields.map((f) => [f.key, f]));
  const numbered = schema.fields.filter((f) => f.autoNumber);
  const computed = schema.fields.filter((f) => f.compute && !('sum' in f.compute || 'sumProduct' in f.compute));
  const st = schema.states;
  const stateField = st ? byKey.get(st.field) : undefined;
  const start = typeof stateField?.default === 'string' ? stateField.default : undefined;
  const paths = st && start !== undefined ? chains(st.transitions, start) : undefined;
  // read-only fields only transitions write
  const owned = new Set<string>();
  for (const t of st?.transitions ?? []) {
    for (const k of Object.keys(t.set ?? {})) owned.add(k);
    for (const f of t.form ?? []) owned.add(f.key);
  }
  for (const k of [...owned]) if (!byKey.get(k)?.readOnly || k === st?.field) owned.delete(k);
  const baseTime = schema.fields.find((f) => f.kind === 'datetime' && f.required && !f.readOnly);
  const capped = schema.fields.filter((f) => f.capBy);
  if (!numbered.length && !computed.length && !paths && !capped.length) return undefined;
  // what the rows generated so far took of each capped record's cap
  const taken = new Map<string, number>();

  return {
    apply(c, row) {
      const now = c.plan.now.getTime();
      // a row still in an open state (one a transition leaves) happened lately: within two weeks
      const state = st ? String(row[st.field]) : '';
      if (baseTime && paths?.has(state) && st!.transitions.some((x) => x.from.includes(state))) {
        row[baseTime.key] = fmtDateTime(now - c.rng.int(1, 14 * 24 * 60) * MINUTE);
      }
      const parsed = baseTime && typeof row[baseTime.key] === 'string' ? Date.parse(`${String(row[baseTime.key]).replace(' ', 'T')}Z`) : NaN;
      let t = Number.isFinite(parsed) ? parsed : now - c.rng.int(1, 180) * DAY + c.rng.int(8 * 60, 20 * 60) * MINUTE;
      if (paths && st) {
        const chain = paths.get(String(row[st.field]));
        if (chain) {
          const generated = new Map([...owned].map((k) => [k, row[k]]));
          for (const k of owned) row[k] = byKey.get(k)!.default ?? null;
          for (const tr of chain) {
            t += c.rng.int(3, 240) * MINUTE;
            for (const f of tr.form ?? []) {
              if (!owned.has(f.key) || !f.required) continue;
              const own = byKey.get(f.key)!;
              const g = generated.get(f.key);
              // a dictionary field of the form (e.g. an intervention type) takes one of its values
              const fallback = own.kind === 'dict' && own.dict ? c.rng.pick(c.plan.dictValues(own.dict)) : REASON;
              row[f.key] = g !== null && g !== undefined && g !== '' ? g : own.demo && typeof own.demo === 'object' ? c.rng.pick(own.demo.pool) : fallback;
            }
            for (const [k, v] of Object.entries(tr.set ?? {})) {
              if (!byKey.has(k)) continue;
              if (v === 'now') row[k] = fmtDateTime(Math.min(t, now));
              else if (v === 'user') row[k] = c.rng.pick(STAFF);
              else if ('field' in v) row[k] = row[v.field] ?? null;
              else if ('fromNow' in v) {
                const at = new Date(Math.min(t, now));
                at.setUTCFullYear(at.getUTCFullYear() + (v.fromNow.years ?? 0), at.getUTCMonth() + (v.fromNow.months ?? 0), at.getUTCDate() + (v.fromNow.days ?? 0));
                const text = fmtDateTime(at.getTime());
                row[k] = byKey.get(k)!.kind === 'date' ? text.slice(0, 10) : text;
              } else row[k] = v.value;
            }
          }
        }
      }
      for (const f of numbered) {
        const a = f.autoNumber!;
        const d = new Date(Number.isFinite(parsed) ? parsed : now);
        const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
        const date = a.date === 'yyyyMMdd' ? ymd : a.date === 'yyyyMM' ? ymd.slice(0, 6) : '';
        row[f.key] = `${a.prefix}${date}${String(c.index + 1).padStart(a.digits, '0')}`;
      }
      for (const f of computed) row[f.key] = computeOwn(c, byKey, f, row);
      for (const f of capped) {
        for (const cap of Array.isArray(f.capBy) ? f.capBy! : [f.capBy!]) {
          const refId = row[cap.ref];
          const target = byKey.get(cap.ref)?.ref?.resource;
          if (refId === null || refId === undefined || refId === '' || !target || typeof row[f.key] !== 'number') continue;
          const owner = c.plan.refCandidates(target).find((r) => String(r.id) === String(refId));
          const limit = Number(owner?.[cap.field] ?? NaN);
          if (!Number.isFinite(limit)) continue;
          const key = `${cap.ref}:${String(refId)}`;
          const value = Math.max(0, Math.min(row[f.key] as number, round2(limit - (taken.get(key) ?? 0))));
          row[f.key] = f.kind === 'integer' ? Math.floor(value) : value;
          taken.set(key, round2((taken.get(key) ?? 0) + (row[f.key] as number)));
        }
      }
    },
  };
}

function computeOwn(c: RowCtx, byKey: Map<string, FieldSchema>, f: FieldSchema, row: Row): number | null {
  const spec = f.compute!;
  // a path: own field, or `ref.field` read from the demo rows of the referenced resource
  const n = (p: string): number => {
    const [head, tail] = p.split('.') as [string, string | undefined];
    let v: unknown = row[head];
    if (tail !== undefined) {
      const ref = byKey.get(head)?.ref;
      // a refs value (several records) sums the field over them
      const ids = v === null || v === undefined ? [] : (Array.isArray(v) ? v : String(v).split(',')).map(String);
      const targets = ref ? c.plan.refCandidates(ref.resource).filter((r) => ids.includes(String(r[ref.value ?? 'id']))) : [];
      v = targets.length ? targets.reduce((s, t) => s + (typeof t[tail] === 'number' ? (t[tail] as number) : 0), 0) : undefined;
    }
    return typeof v === 'number' ? v : 0;
  };
  const places = f.precision ?? (f.kind === 'money' ? 2 : f.kind === 'integer' ? 0 : 10);
  if ('subtract' in spec) return subtract(spec.subtract.map(n), places);
  if ('percentOf' in spec) return percentOf(n(spec.percentOf.base), n(spec.percentOf.percent), places, spec.percentOf.cap);
  const paths = 'add' in spec ? spec.add : 'product' in spec ? spec.product : [];
  const v = 'add' in spec ? paths.reduce((a, p) => a + n(p), 0) : paths.reduce((a, p) => a * n(p), 1);
  return f.kind === 'integer' ? Math.round(v) : round2(v);
}
