/**
 * Schema-driven demo rows. `generateRows(schema, count, opts)` returns rows keyed by field key
 * (no system columns: the server adds id, tenantId and audit columns); `generateRowsIter` yields
 * them one by one for bulk loads (a million doctors without holding them in memory).
 *
 * Rules honoured: dict values come from the dictionary, refs from opts.refRows/refIds (with the
 * ref filter, e.g. departments of the row's hospital), maxLength, min/max, precision, patterns,
 * required, unique within the generated set (by construction for phones, ID cards, codes),
 * visibleWhen (hidden -> null) and requiredWhen (then always filled). Each row has its own
 * seeded stream: row i is the same whatever the count.
 */
import type { DictSchema, FieldKind, FieldSchema, ResourceSchema } from '../../core/schema/types.js';
import { evaluateCondition } from '../../core/validators/index.js';
import type { DemoOptions, NamedGenerator, Plan, Row, RowCtx } from './context.js';
import { hashSeed, pad, Permutation, Rng } from './prng.js';
import { NAMED_GENERATORS, UNIQUE_BY_CONSTRUCTION, doctor, email, fmtDate, fmtDateTime, mobile, person, round2 } from './named.js';
import { storyPlan } from './story.js';
import { DISTRICTS } from './places.js';
import { KINDS } from '../../core/kinds/index.js';

const DAY = 86_400_000;
export const DEFAULT_NOW = '2025-12-31T00:00:00Z';

/**
 * The "today" of a seeded demo: the seed's start day (from its local `YYYY-MM-DD …` time), so
 * that recent orders and open work fall on the days the console shows — the same rows for the
 * same start day. DEMO_NOW (an ISO time) pins it, e.g. for a reproducible screenshot.
 */
export function demoToday(startedAt: string, env: Record<string, string | undefined> = process.env): string {
  if (env.DEMO_NOW) return env.DEMO_NOW;
  return `${startedAt.slice(0, 10)}T00:00:00Z`;
}

/** Days back of a generated time: a third within the last 30 days (today included), the rest over three years. */
const daysBack = (c: RowCtx) => (c.rng.chance(1 / 3) ? c.rng.int(0, 29) : c.rng.int(0, 3 * 365));

const NEUTRAL_TEXT = [
  '资料已核对，信息准确。', '按医院规定执行。', '如有疑问请联系信息科。', '定期复核，保持信息更新。',
  '已完成年度校验。', '数据来源于医院信息系统同步。', '请按时复诊，遵医嘱用药。',
];
const COLORS = ['#1890FF', '#52C41A', '#FAAD14', '#F5222D', '#722ED1', '#13C2C2', '#EB2F96', '#2F54EB'];
const ICONS = ['home', 'user', 'team', 'setting', 'medicine-box', 'bank', 'apartment', 'experiment', 'file-text', 'shop'];

function toDictMap(d: DemoOptions['dicts']): Map<string, DictSchema> {
  return d instanceof Map ? d : new Map(Object.entries(d));
}

function makePlan(schema: ResourceSchema, count: number, opts: DemoOptions): Plan {
  const dicts = toDictMap(opts.dicts);
  const start = opts.startIndex ?? 0;
  const now = new Date(opts.now ?? DEFAULT_NOW);
  if (Number.isNaN(now.getTime())) throw new Error(`demo-data: bad "now" ${String(opts.now)}`);
  const isDoctor = schema.fields.some((f) => f.demo === 'pracStartDate');
  const [from, to] = isDoctor ? ['1958-01-01', '1995-12-31'] : ['1955-01-01', '2000-12-31'];
  const birthStart = Date.parse(`${from}T00:00:00Z`);
  const birthDays = Math.round((Date.parse(`${to}T00:00:00Z`) - birthStart) / DAY) + 1;
  const perms = new Map<string, Permutation>();
  const capDigits = String(Math.max(0, start + count - 1)).length;
  const shuffles = new Map<string, number[]>();
  const valuesCache = new Map<string, string[]>();
  const textToValue = new Map<string, Map<string, string>>();
  const usable = new Map<string, Array<Set<string>>>();
  const usableRows = new Map<string, ReadonlyArray<Record<string, unknown>>>();
  const base = hashSeed(opts.seed, opts.tenantId, schema.name);
  const dict = (code: string): DictSchema => {
    const d = dicts.get(code);
    if (!d) throw new Error(`demo-data: dictionary "${code}" (used by ${schema.name}) was not provided`);
    return d;
  };
  const plan: Plan = {
    schema, seed: opts.seed, tenantId: opts.tenantId, now, capacity: start + count, birthStart, birthDays,
    dict,
    dictValues(code) {
      let v = valuesCache.get(code);
      if (!v) valuesCache.set(code, (v = dict(code).items.map((i) => i.value)));
      return v;
    },
    dictText: (code, value) => dicts.get(code)?.items.find((i) => i.value === value)?.text,
    dictValueByText(code, text) {
      let m = textToValue.get(code);
      if (!m) textToValue.set(code, (m = new Map(dict(code).items.map((i) => [i.text, i.value]))));
      return m.get(text);
    },
    perm(name, n) {
      let p = perms.get(name);
      if (!p || p.n !== n) perms.set(name, (p = new Permutation(n, hashSeed(base, name, n))));
      return p;
    },
    uniqueDigits(name, index, minDigits) {
      const d = minDigits > capDigits ? minDigits : capDigits;
      return pad(plan.perm(name, 10 ** d).at(index), d);
    },
    distinct(name, list, index) {
      let order = shuffles.get(name);
      if (!order || order.length !== list.length) {
        order = new Rng(hashSeed(base, 'shuffle', name)).shuffle(list.map((_, i) => i));
        shuffles.set(name, order);
      }
      return { item: list[order[index % list.length]!]!, round: Math.floor(index / list.length) };
    },
    refUsable(key, value) {
      let sets = usable.get(key);
      if (!sets) {
        // for each other ref field filtered by `key`: the values of `key` its target rows carry
        sets = [];
        for (const g of schema.fields) {
          if (!g.ref?.filter || g.key === key || !(g.required || g.requiredWhen)) continue;
          for (const [k, v] of Object.entries(g.ref.filter)) {
            if (!('field' in v) || v.field !== key) continue;
            const rows = plan.refCandidates(g.ref.resource);
            if (rows.length && rows.every((r) => k in r)) sets.push(new Set(rows.map((r) => String(r[k]))));
          }
        }
        usable.set(key, sets);
      }
      return sets.every((set) => set.has(String(value)));
    },
    refUsableRows(key, rows, valueKey) {
      let cached = usableRows.get(key);
      if (!cached) {
        // a value other fields filter by (a doctor's hospital): prefer those that leave them candidates
        const narrowed = rows.filter((r) => plan.refUsable(key, r[valueKey]));
        usableRows.set(key, (cached = narrowed.length ? narrowed : rows));
      }
      return cached;
    },
    refCandidates(resource) {
      const rows = opts.refRows?.[resource];
      if (rows) return rows;
      return (opts.refIds?.[resource] ?? []).map((id) => ({ id }));
    },
  };
  return plan;
}

/** Fields that a field's conditions or ref filter read. */
function dependencies(f: FieldSchema): string[] {
  const deps = new Set<string>([...Object.keys(f.visibleWhen ?? {}), ...Object.keys(f.requiredWhen ?? {})]);
  for (const v of Object.values(f.ref?.filter ?? {})) if ('field' in v) deps.add(v.field);
  deps.delete(f.key);
  return [...deps];
}

/** Declared order, moved only where a field must follow the fields it depends on. */
function fieldOrder(fields: readonly FieldSchema[]): FieldSchema[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: FieldSchema[] = [];
  const visit = (f: FieldSchema) => {
    if (done.has(f.key) || visiting.has(f.key)) return;
    visiting.add(f.key);
    for (const d of dependencies(f)) {
      const g = byKey.get(d);
      if (g) visit(g);
    }
    visiting.delete(f.key);
    done.add(f.key);
    out.push(f);
  };
  fields.forEach(visit);
  return out;
}

// ------------------------------------------------------------ by kind

function numberRange(f: FieldSchema, lo: number, hi: number): [number, number] {
  const min = f.min ?? lo;
  const max = f.max ?? Math.max(hi, min);
  return [min, Math.min(max, Math.max(min, hi))];
}

function refValue(c: RowCtx, f: FieldSchema): string | null {
  const spec = f.ref;
  if (!spec) return null;
  const valueKey = spec.value ?? 'id';
  let rows = c.plan.refCandidates(spec.resource);
  if (!spec.filter && spec.resource !== c.plan.schema.name) {
    rows = c.plan.refUsableRows(f.key, rows, valueKey);
  } else if (spec.filter) {
    const filter = Object.entries(spec.filter);
    rows = rows.filter((r) => filter.every(([k, v]) => {
      if (!(k in r)) return true; // only ids known: cannot filter
      const want = 'field' in v ? c.row[v.field] : v.value;
      return want === null || want === undefined ? true : String(r[k]) === String(want);
    }));
  }
  if (spec.resource === c.plan.schema.name) {
    // self reference (parent): never the row itself; a parent must not be a child of this row
    rows = rows.filter((r) => r[spec.label] !== c.row[spec.label]);
  }
  if (rows.length === 0) return null;
  const ids = (rs: ReadonlyArray<Record<string, unknown>>) => rs.map((r) => String(r[valueKey]));
  if (f.kind === 'refs') {
    // a doctor's departments: prefer the one matching the doctor's specialty
    const d = c.memo.get('doctor') ? doctor(c).dept.name : undefined;
    const preferred = d ? rows.filter((r) => r[spec.label] === d) : [];
    const first = preferred.length ? [c.rng.pick(preferred)] : [];
    const rest = c.rng.sample(rows.filter((r) => !first.includes(r)), (first.length ? 0 : 1) + (c.rng.chance(0.3) ? 1 : 0));
    return ids([...first, ...rest]).join(',');
  }
  if (f.unique) {
    // one row per target (a network hospital's single config): each target once, in a shuffled order
    const { item, round } = c.plan.distinct(`ref:${f.key}`, rows, c.index);
    return round === 0 ? String(item[valueKey]) : null;
  }
  return String(c.rng.pick(rows)[valueKey]);
}

function dictValue(c: RowCtx, f: FieldSchema): string {
  const values = c.plan.dictValues(f.dict!);
  // a status flow: rows spread over all its states (the story pass makes each row consistent)
  if (c.plan.schema.states?.field === f.key) return c.rng.pick(values);
  if (f.multiple) return c.rng.sample(values, c.rng.int(1, Math.min(3, values.length))).join(',');
  if (typeof f.default === 'string' && values.includes(f.default) && c.rng.chance(0.8)) return f.default;
  if (f.dict === 'sex') return person(c).sex;
  return c.rng.pick(values);
}

/**
 * Demo value of a field by its kind, registered against the kind as the Excel converters and
 * the client's widgets are: a kind of FIELD_KINDS without an entry does not compile.
 */
type DemoByKind = (c: RowCtx, f: FieldSchema, required: boolean) => unknown;
const fileName = (c: RowCtx, f: FieldSchema, required: boolean) => (required ? `demo/${f.key}/${pad(c.rng.int(1, 20), 2)}.png` : null);
const DEMO_BY_KIND: Record<FieldKind, DemoByKind> = {
  string: (c, f) => `${f.title}${pad(c.index + 1, Math.max(3, String(c.plan.capacity).length))}`,
  text: (c) => c.rng.pick(NEUTRAL_TEXT),
  richtext: (c) => `<p>${c.rng.pick(NEUTRAL_TEXT)}</p>`,
  integer: (c, f) => {
    if (typeof f.default === 'number' && c.rng.chance(0.5)) return f.default;
    const [a, b] = numberRange(f, 0, (f.min ?? 0) + 100);
    return c.rng.int(Math.ceil(a), Math.floor(b));
  },
  number: (c, f) => decimal(c, f, 0, 100),
  money: (c, f) => decimal(c, f, 1, 500),
  boolean: (c, f) => (typeof f.default === 'boolean' ? (c.rng.chance(0.7) ? f.default : !f.default) : c.rng.chance(0.5)),
  date: (c) => fmtDate(c.plan.now.getTime() - c.rng.int(0, 3 * 365) * DAY),
  datetime: (c) => fmtDateTime(c.plan.now.getTime() - daysBack(c) * DAY + c.rng.int(8 * 3600, 21 * 3600 - 1) * 1000),
  time: (c) => `${pad(c.rng.int(8, 20), 2)}:${pad(c.rng.int(0, 3) * 15, 2)}:00`,
  dict: (c, f) => dictValue(c, f),
  ref: (c, f) => refValue(c, f),
  refs: (c, f) => refValue(c, f),
  treeRef: (c, f) => refValue(c, f),
  region: (c) => c.rng.weighted(DISTRICTS.map((d) => [d.code, d.weight] as const)),
  image: fileName,
  file: fileName,
  images: fileName,
  phone: (c, f) => mobile(c, f),
  idcard: (c) => person(c).idCard,
  email: (c, f) => email(c, f),
  url: (c, f) => `https://www.example.com/${f.key}/${c.index + 1}`,
  password: (c, f) => NAMED_GENERATORS.password!(c, f),
  color: (c) => c.rng.pick(COLORS),
  icon: (c) => c.rng.pick(ICONS),
  json: () => '{}',
};

function decimal(c: RowCtx, f: FieldSchema, low: number, high: number): number {
  const [a, b] = numberRange(f, low, high);
  const k = 10 ** (f.precision ?? 2);
  return Math.round((a + c.rng.next() * (b - a)) * k) / k;
}

function byKind(c: RowCtx, f: FieldSchema, required: boolean): unknown {
  return DEMO_BY_KIND[f.kind](c, f, required);
}

// ------------------------------------------------------------ compiled field

interface Compiled {
  field: FieldSchema;
  gen: (c: RowCtx, required: boolean) => unknown;
  named: boolean;
  pattern?: RegExp;
  /** Needs a Set of issued values (unique and not unique by construction). */
  track: boolean;
  seen?: Set<string>;
}

function compile(f: FieldSchema, plan: Plan): Compiled {
  let gen: Compiled['gen'];
  let named = false;
  let byConstruction = f.kind === 'phone' || f.kind === 'idcard' || f.kind === 'email' || f.kind === 'string';
  if (typeof f.demo === 'string') {
    const g: NamedGenerator | undefined = NAMED_GENERATORS[f.demo];
    if (!g) throw new Error(`demo-data: ${plan.schema.name}.${f.key}: unknown demo generator "${f.demo}"`);
    gen = (c) => g(c, f);
    named = true;
    byConstruction = UNIQUE_BY_CONSTRUCTION.has(f.demo);
  } else if (f.demo && typeof f.demo === 'object') {
    const pool = f.demo.pool;
    gen = (c) => c.rng.pick(pool);
    named = true;
    byConstruction = false;
  } else {
    gen = (c, required) => byKind(c, f, required);
  }
  if (f.kind === 'dict') plan.dictValues(f.dict ?? ''); // fail early on a missing dictionary
  return {
    field: f, gen, named,
    pattern: f.pattern ? new RegExp(f.pattern, 'u') : undefined,
    track: !!f.unique && !byConstruction,
    seen: f.unique && !byConstruction ? new Set() : undefined,
  };
}

/** Coerce a generated value into the field's limits; undefined when it cannot comply. */
function conform(c: RowCtx, cf: Compiled, v: unknown): unknown {
  const f = cf.field;
  if (v === null || v === undefined) return null;
  const kind = KINDS[f.kind];
  if (kind.numeric) {
    let n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) return undefined;
    if (f.min !== undefined && n < f.min) n = f.min;
    if (f.max !== undefined && n > f.max) n = f.max;
    if (kind.numeric === 'integer') return Math.round(n);
    const p = f.precision ?? 2;
    return p === 2 ? round2(n) : Math.round(n * 10 ** p) / 10 ** p;
  }
  if (kind.storage === 'bool') return Boolean(v);
  if (f.dict) {
    const values = c.plan.dictValues(f.dict);
    const parts = String(v).split(',');
    return parts.every((p) => values.includes(p)) ? String(v) : undefined;
  }
  if (typeof v !== 'string') return v;
  let s = v;
  if (f.maxLength !== undefined && s.length > f.maxLength) {
    const chars = Array.from(s);
    if (chars.length > f.maxLength) s = chars.slice(0, f.maxLength).join('');
  }
  if (f.minLength !== undefined && s.length < 2 * f.minLength && Array.from(s).length < f.minLength) return undefined;
  if (cf.pattern && !cf.pattern.test(s)) return undefined;
  return s;
}

function fillRate(cf: Compiled): number {
  const f = cf.field;
  if (f.kind === 'boolean' || f.default !== undefined) return 1;
  // named generators fill every field (a drug's pack quantity goes with its pack unit); pools and kinds sometimes leave one empty
  return typeof f.demo === 'string' ? 1 : cf.named ? 0.92 : 0.75;
}

function fieldValue(c: RowCtx, cf: Compiled): unknown {
  const f = cf.field;
  if (f.visibleWhen && !evaluateCondition(f.visibleWhen, c.row)) return null;
  const required = !!f.required || (!!f.requiredWhen && evaluateCondition(f.requiredWhen, c.row));
  if (!required && !c.rng.chance(fillRate(cf))) return null;
  for (let attempt = 0; attempt < 12; attempt++) {
    let v = conform(c, cf, cf.gen(c, required));
    if (v === undefined) {
      // the named/pool value does not fit the field: fall back to the kind's generator once
      v = conform(c, cf, byKind(c, f, required));
      if (v === undefined) continue;
    }
    if (v === null) {
      if (required && f.kind === 'dict') return conform(c, cf, dictValue(c, f)) ?? null;
      return null;
    }
    if (cf.seen) {
      const key = String(v);
      if (cf.seen.has(key)) {
        if (attempt < 10) continue;
        if (typeof v !== 'string') return required ? v : null;
        const alt = conform(c, cf, `${v}${c.index + 1}`);
        if (typeof alt !== 'string' || cf.seen.has(alt)) return null;
        cf.seen.add(alt);
        return alt;
      }
      cf.seen.add(key);
    }
    return v;
  }
  return null;
}

/**
 * Rows one at a time. Memory stays flat for unique fields that are unique by construction
 * (phones, ID cards, certificate numbers, codes); other unique fields keep a Set of issued values.
 */
export function* generateRowsIter(schema: ResourceSchema, count: number, opts: DemoOptions): Generator<Row, void, undefined> {
  const plan = makePlan(schema, count, opts);
  const ordered = fieldOrder(schema.fields).map((f) => compile(f, plan));
  const template: Row = {};
  for (const f of schema.fields) template[f.key] = null;
  const start = opts.startIndex ?? 0;
  const base = hashSeed(opts.seed, opts.tenantId, schema.name, 'row');
  const story = storyPlan(schema);
  for (let i = 0; i < count; i++) {
    const index = start + i;
    const row: Row = { ...template };
    const c: RowCtx = { plan, rng: new Rng(hashSeed(base, index)), index, row, memo: new Map() };
    for (const cf of ordered) row[cf.field.key] = fieldValue(c, cf);
    story?.apply(c, row);
    yield row;
  }
}

/** `count` rows of `schema` (see generateRowsIter). */
export function generateRows(schema: ResourceSchema, count: number, opts: DemoOptions): Row[] {
  return Array.from(generateRowsIter(schema, count, opts));
}

/**
 * Resources ordered so every ref target comes before the resources that point at it
 * (hisHospital, hisDepartment, hisDoctor; sysRole before sysUser). Self references and refs to
 * resources outside the list are ignored; a cycle keeps the declared order for its members.
 */
export function seedOrder<T extends Pick<ResourceSchema, 'name' | 'fields'>>(schemas: readonly T[]): T[] {
  const byName = new Map(schemas.map((s) => [s.name, s]));
  const out: T[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (s: T) => {
    if (state.get(s.name)) return;
    state.set(s.name, 'visiting');
    for (const f of s.fields) {
      const target = f.ref?.resource;
      if (target && target !== s.name) {
        const t = byName.get(target);
        if (t && state.get(target) !== 'visiting') visit(t);
      }
    }
    state.set(s.name, 'done');
    out.push(s);
  };
  schemas.forEach(visit);
  return out;
}
