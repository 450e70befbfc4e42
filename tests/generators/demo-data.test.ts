import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DictSchema, FieldSchema, ResourceSchema } from '../../src/core/schema/types.js';
import { checkFormat, checkRule, evaluateCondition, fieldRules, isIdCard } from '../../src/core/validators/index.js';
import {
  demoGeneratorNames, generateRows, generateRowsIter, isValidUscc, recordsWithRefs, seedOrder, type DemoOptions, type Row,
} from '../../src/server/demo/index.js';

const ROOT = join(__dirname, '..', '..', 'schemas');
const readDir = <T>(d: string): T[] =>
  readdirSync(join(ROOT, d)).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(join(ROOT, d, f), 'utf8')) as T);
const schemas = readDir<ResourceSchema>('modules');
const dicts = new Map(readDir<DictSchema>('dicts').map((d) => [d.code, d]));
const schema = (name: string): ResourceSchema => {
  const s = schemas.find((x) => x.name === name);
  if (!s) throw new Error(`no schema ${name}`);
  return s;
};

/** Rows of every resource in seed order, with synthetic ids, the way the server seeds them. */
function seedAll(count: number, seed = 42, tenantId = 1000): Record<string, Row[]> {
  const refRows: Record<string, Row[]> = {};
  seedOrder(schemas).forEach((s, si) => {
    // as the seed does: a module's fixed records (naming other resources' rows by label) replace its generated rows
    const rows = s.demo?.records ? recordsWithRefs(s, s.demo.records, refRows).map((r) => Object.fromEntries(s.fields.map((f) => [f.key, r[f.key] ?? null])) as Row) : generateRows(s, count, { seed, tenantId, dicts, refRows });
    const withIds: Row[] = rows.map((r, i) => ({ id: `${si + 1}${String(i + 1).padStart(18, '0')}`, ...r }));
    // as the seed does: fixed records of a tree name their parent by an earlier record's label
    if (s.demo?.records) {
      const parents = s.fields.filter((f) => (f.kind === 'ref' || f.kind === 'treeRef') && f.ref?.resource === s.name && (f.ref.value ?? 'id') === 'id');
      const idByLabel = new Map<string, string>();
      for (const r of withIds) {
        for (const f of parents) {
          const parentId = idByLabel.get(`${f.key}\u0000${String(r[f.key])}`);
          if (parentId) r[f.key] = parentId;
          idByLabel.set(`${f.key}\u0000${String(r[f.ref!.label])}`, String(r.id));
        }
      }
    }
    refRows[s.name] = withIds;
  });
  return refRows;
}

/** Every value of a row passes the core rule catalogue of its field, dicts and conditions hold. */
function checkRow(s: ResourceSchema, row: Row, refs: Record<string, Row[]>): string[] {
  const errors: string[] = [];
  for (const f of s.fields) {
    const v = row[f.key];
    const visible = evaluateCondition(f.visibleWhen, row);
    const required = !!f.required || (!!f.requiredWhen && evaluateCondition(f.requiredWhen, row));
    if (!visible) {
      if (v !== null) errors.push(`${f.key}: hidden by visibleWhen but has ${String(v)}`);
      continue;
    }
    if (v === null || v === undefined || v === '') {
      if (required) errors.push(`${f.key}: required but empty`);
      continue;
    }
    for (const rule of fieldRules(f)) {
      const msg = checkRule(rule, v);
      if (msg) errors.push(`${f.key}=${String(v)}: ${msg}`);
    }
    if (f.kind === 'dict') {
      const values = new Set(dicts.get(f.dict!)!.items.map((i) => i.value));
      for (const part of String(v).split(',')) if (!values.has(part)) errors.push(`${f.key}: ${part} not in dict ${f.dict}`);
    }
    if ((f.kind === 'ref' || f.kind === 'refs') && f.ref) {
      const ids = new Set((refs[f.ref.resource] ?? []).map((r) => r.id));
      for (const id of String(v).split(',')) if (!ids.has(id)) errors.push(`${f.key}: unknown id ${id}`);
    }
    if (f.kind === 'money' && Math.abs(Math.round(Number(v) * 100) - Number(v) * 100) > 1e-6) errors.push(`${f.key}: more than 2 decimals`);
  }
  return errors;
}

const uniqueFields = (s: ResourceSchema): FieldSchema[] => s.fields.filter((f) => f.unique);

describe('demo-data: determinism', () => {
  const opts: DemoOptions = { seed: 7, tenantId: 1001, dicts, refIds: { hisHospital: ['h1', 'h2'], hisDepartment: ['d1', 'd2', 'd3'] } };

  it('same seed gives the same rows; another seed or tenant gives other rows', () => {
    const a = generateRows(schema('hisDoctor'), 30, opts);
    expect(generateRows(schema('hisDoctor'), 30, opts)).toEqual(a);
    expect(generateRows(schema('hisDoctor'), 30, { ...opts, seed: 8 })).not.toEqual(a);
    expect(generateRows(schema('hisDoctor'), 30, { ...opts, tenantId: 1000 })).not.toEqual(a);
  });

  it('row i does not depend on the count; startIndex continues the sequence', () => {
    const all = generateRows(schema('hisDoctor'), 20, opts);
    expect(generateRows(schema('hisDoctor'), 5, opts)).toEqual(all.slice(0, 5));
    expect(generateRows(schema('hisDoctor'), 5, { ...opts, startIndex: 10 })).toEqual(all.slice(10, 15));
  });

  it('the iterator yields what generateRows returns', () => {
    expect([...generateRowsIter(schema('sysDrug'), 25, opts)]).toEqual(generateRows(schema('sysDrug'), 25, opts));
  });

  it('rows have every declared key and no system column', () => {
    const [row] = generateRows(schema('sysUser'), 1, { ...opts, refIds: { sysRole: ['r1'] } });
    expect(Object.keys(row!)).toEqual(schema('sysUser').fields.map((f) => f.key));
    for (const k of ['id', 'tenantId', 'createBy', 'createTime']) expect(row).not.toHaveProperty(k);
  });
});

describe('demo-data: 200 doctors', () => {
  const refs = seedAll(20);
  const s = schema('hisDoctor');
  const doctors = generateRows(s, 200, { seed: 2026, tenantId: 1001, dicts, refRows: refs });

  it('every phone passes the phone rule and every ID card is valid (check digit, birth date, sex)', () => {
    for (const d of doctors) {
      expect(checkFormat('phone', String(d.phone)), String(d.phone)).toBe(true);
      const id = String(d.idCard);
      expect(isIdCard(id), id).toBe(true);
      const year = Number(id.slice(6, 10));
      expect(year).toBeGreaterThanOrEqual(1955);
      expect(year).toBeLessThanOrEqual(2000);
      expect(Number(id[16]) % 2 === 1 ? '1' : '2').toBe(d.sex);
    }
  });

  it('unique fields are unique', () => {
    for (const f of uniqueFields(s)) {
      const values = doctors.map((d) => d[f.key]);
      expect(new Set(values).size, f.key).toBe(values.length);
    }
  });

  it('all values satisfy the field rules, dicts, refs and conditions', () => {
    const errors = doctors.flatMap((d, i) => checkRow(s, d, refs).map((e) => `#${i} ${e}`));
    expect(errors).toEqual([]);
  });

  it('is coherent: prices when online, departments of the own hospital, ≥3 years of practice', () => {
    const deptById = new Map(refs.hisDepartment!.map((d) => [d.id, d]));
    let online = 0;
    for (const d of doctors) {
      if (d.onlineSwitch === true) {
        online++;
        expect(d.imagePrice).toBeTypeOf('number');
        expect(d.videoPrice).toBeTypeOf('number');
      } else {
        expect(d.imagePrice).toBeNull();
      }
      for (const id of String(d.departIds ?? '').split(',').filter(Boolean)) {
        expect(deptById.get(id)?.hospitalId).toBe(d.hospitalId);
      }
      expect(Date.parse(String(d.pracStartDate))).toBeLessThan(Date.parse('2022-12-31'));
      expect(String(d.pracStartDate) > String(d.idCard).slice(6, 10)).toBe(true);
      if (d.auditStatus !== '2') expect(d.rejectReason).toBeNull();
    }
    expect(online).toBeGreaterThan(20);
    expect(new Set(doctors.map((d) => d.auditStatus))).toEqual(new Set(['0', '1', '2']));
  });

  it('names are 2–4 Chinese characters and look like names', () => {
    for (const d of doctors) expect(String(d.realname)).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
    expect(new Set(doctors.map((d) => d.realname)).size).toBeGreaterThan(150);
  });
});

describe('demo-data: every module', () => {
  const refs = seedAll(60, 9, 1001);

  it.each(schemas.map((s) => s.name))('%s: 60 valid rows (or its fixed records) with unique unique-fields', (name) => {
    const s = schema(name);
    const rows = refs[name]!;
    expect(rows).toHaveLength(s.demo?.records?.length ?? 60);
    const errors = rows.flatMap((r, i) => checkRow(s, r, refs).map((e) => `#${i} ${e}`));
    expect(errors).toEqual([]);
    for (const f of uniqueFields(s)) {
      const values = rows.map((r) => r[f.key]).filter((v) => v !== null);
      expect(new Set(values).size, f.key).toBe(values.length);
    }
  });

  it('sysDrug approval numbers match the schema pattern; drug facts are coherent', () => {
    const s = schema('sysDrug');
    const pattern = new RegExp(s.fields.find((f) => f.key === 'approvalNo')!.pattern!, 'u');
    for (const d of refs.sysDrug!) {
      expect(String(d.approvalNo)).toMatch(pattern);
      expect(String(d.standardCode)).toMatch(/^\d{14}$/);
      expect(Number(d.costPrice)).toBeLessThan(Number(d.retailPrice));
      if (d.medIns === '2') expect(d.medInsClass).toBeNull();
      if (d.drugType === '3') expect(String(d.approvalNo)).toMatch(/Z/);
    }
  });

  it('hospitals carry valid unified social credit codes and real-looking names', () => {
    for (const h of refs.hisHospital!) {
      expect(isValidUscc(String(h.uscc)), String(h.uscc)).toBe(true);
      expect(String(h.name)).toMatch(/(医院|中心|卫生院|保健院|门诊部|研究院)$/);
    }
    expect(refs.hisHospital!.map((h) => h.name)).toContain('宁夏医科大学总医院');
  });

  it('users have usernames, passwords and e-mails that pass the rules', () => {
    for (const u of refs.sysUser!) {
      expect(String(u.username)).toMatch(/^[A-Za-z0-9_]{4,18}$/);
      expect(checkFormat('password', String(u.password))).toBe(true);
      if (u.email !== null) expect(checkFormat('email', String(u.email))).toBe(true);
    }
  });
});

describe('demo-data: seedOrder, hints, errors', () => {
  it('orders ref targets first', () => {
    const order = seedOrder([...schemas].reverse()).map((s) => s.name);
    const before = (a: string, b: string) => expect(order.indexOf(a), `${a} before ${b}`).toBeLessThan(order.indexOf(b));
    before('hisHospital', 'hisDepartment');
    before('hisDepartment', 'hisDoctor');
    before('hisHospital', 'hisDoctor');
    before('sysRole', 'sysUser');
    expect(order).toHaveLength(schemas.length);
  });

  it('every demo hint of the module schemas names a known generator', () => {
    const known = new Set(demoGeneratorNames());
    for (const s of schemas) for (const f of s.fields) if (typeof f.demo === 'string') expect(known.has(f.demo), `${s.name}.${f.key}: ${f.demo}`).toBe(true);
  });

  it('reports an unknown generator and a missing dictionary', () => {
    const bad: ResourceSchema = { schemaVersion: 1, name: 'x', title: 'x', entity: 'x', fields: [{ key: 'a', title: 'a', kind: 'string', demo: 'nope' }] };
    expect(() => generateRows(bad, 1, { seed: 1, tenantId: 1, dicts })).toThrow(/nope/);
    const noDict: ResourceSchema = { ...bad, fields: [{ key: 'a', title: 'a', kind: 'dict', dict: 'missing_dict' }] };
    expect(() => generateRows(noDict, 1, { seed: 1, tenantId: 1, dicts })).toThrow(/missing_dict/);
  });

  it('generic kinds without hints still respect limits', () => {
    const s: ResourceSchema = {
      schemaVersion: 1, name: 'demoKinds', title: 't', entity: 't',
      fields: [
        { key: 'code', title: '编码', kind: 'string', required: true, unique: true, maxLength: 12 },
        { key: 'qty', title: '数量', kind: 'integer', required: true, min: 5, max: 9 },
        { key: 'fee', title: '费用', kind: 'money', required: true, min: 0, max: 3 },
        { key: 'tags', title: '标签', kind: 'dict', dict: 'yn', multiple: true, required: true },
        { key: 'on', title: '开关', kind: 'boolean', default: false },
        { key: 'note', title: '备注', kind: 'text', maxLength: 4, visibleWhen: { on: true } },
        { key: 'at', title: '时间', kind: 'datetime', required: true },
      ],
    };
    const rows = generateRows(s, 300, { seed: 3, tenantId: 1, dicts });
    expect(rows.flatMap((r) => checkRow(s, r, {}))).toEqual([]);
    expect(new Set(rows.map((r) => r.code)).size).toBe(300);
    for (const r of rows) expect(String(r.at)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('demo-data: computed amounts read the rows their refs point to', () => {
  const refs = seedAll(60, 11, 1001);
  const FINANCE = ['hisPayLog', 'hisRecharge', 'hisInvoiceTitle', 'hisInvoiceApply', 'hisOfflinePay', 'hisBizFlow', 'hisReconcile', 'hisReconcileDiff', 'hisSettleRule', 'hisSplitRule', 'hisSplitFactor'];
  const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

  it('finance rows satisfy the field rules, dicts, refs and conditions', () => {
    const errors = FINANCE.flatMap((n) => refs[n]!.flatMap((r, i) => checkRow(schema(n), r, refs).map((e) => `${n} #${i} ${e}`)));
    expect(errors).toEqual([]);
  });

  it('payment logs: amounts of the paid order, share and remainder add up to the paid amount, share ≤ 30 %', () => {
    const byId = (n: string) => new Map(refs[n]!.map((r) => [r.id, r]));
    const orders = { consultOrderId: byId('hisConsultOrder'), nurseOrderId: byId('hisNurseOrder'), rechargeId: byId('hisRecharge') } as Record<string, Map<unknown, Row>>;
    const rules = byId('hisSplitRule');
    let shared = 0;
    for (const p of refs.hisPayLog!) {
      expect(cents(p.splitAmount) + cents(p.merchantAmount)).toBe(cents(p.paidAmount));
      expect(cents(p.splitAmount)).toBeLessThanOrEqual(Math.floor(cents(p.paidAmount) * 0.3 + 1e-9));
      const rule = p.splitRuleId ? rules.get(p.splitRuleId) : undefined;
      if (rule && Number(rule.ratio) > 0 && Number(p.paidAmount) > 0) { shared++; expect(Number(p.splitAmount)).toBeGreaterThan(0); }
      if (p.consultOrderId) {
        const o = orders.consultOrderId!.get(p.consultOrderId)!;
        expect(cents(p.orderAmount)).toBe(cents(o.orderAmount));
        expect(cents(p.paidAmount)).toBe(cents(o.selfAmount) + cents(p.expressFee));
      }
      if (p.nurseOrderId) expect(cents(p.orderAmount)).toBe(cents(orders.nurseOrderId!.get(p.nurseOrderId)!.orderAmount));
      if (p.rechargeId) expect(cents(p.paidAmount)).toBe(cents(orders.rechargeId!.get(p.rechargeId)!.amount) + cents(p.expressFee));
    }
    expect(shared).toBeGreaterThan(0);
    for (const r of refs.hisReconcile!) expect(cents(r.diffAmount)).toBe(cents(r.platformAmount) - cents(r.channelAmount));
    for (const r of refs.hisRecharge!) expect(cents(r.totalAmount)).toBe(cents(r.amount) + cents(r.giftAmount));
  });
});
