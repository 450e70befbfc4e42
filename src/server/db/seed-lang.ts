/**
 * Seeding for the language features the generic per-module demo rows cannot express
 * (called from buildSeedPlan once the module rows are planned):
 * - trees: departments two levels deep (一级科室 per 诊疗科目 with the generated departments
 *   under it), and the real GB/T 2260 region tree (see regions.ts) for EVERY tenant: regions are
 *   platform reference data, seeded per tenant because every resource table is tenant-scoped;
 * - master-detail: each prescription gets 1–4 items and each stock-in bill 1–5 lines (the
 *   generic orphan rows of the child tables are replaced), with amounts computed as the server
 *   computes them, readable bill numbers, and state-dependent fields (audit, reasons) consistent.
 */
import type { AppContext } from '../context.js';
import type { ResourceModel } from '../resources/model.js';
import { toStored } from '../resources/model.js';
import { fromFen, toFen } from '../../core/kinds/index.js';
import { demoToday, generateRows } from '../demo/index.js';
import { newId } from './ids.js';
import { REGIONS, regionLevel, regionParent, SERVICE_OPEN_PROVINCES } from './regions.js';

type Row = Record<string, unknown>;
type Plan = Array<{ table: string; rows: Row[] }>;

const PHARMACISTS = ['马晓燕', '杨建华', '李慧敏', '王志刚', '张丽娟', '丁雪梅'];
const RX_REJECT = ['用法用量不适宜，请核对单次剂量', '诊断与用药不符，请补充诊断', '重复用药：同类药品已在处方中', '超说明书用药，请补充用药理由', '儿科处方未填写体重'];
const RX_QUESTION = ['请确认患者是否有青霉素过敏史', '请核实肾功能后调整剂量', '联合用药存在相互作用风险，请确认'];
const STOCK_REJECT = ['批号与随货同行单不一致', '进价高于采购合同价，请核对', '有效期不足6个月，不予入库'];

function rows(plan: Plan, table: string): Row[] {
  let hit = plan.find((p) => p.table === table);
  if (!hit) plan.push((hit = { table, rows: [] }));
  return hit.rows;
}

function stored(m: ResourceModel, rec: Row): Row {
  const out: Row = {};
  for (const c of m.fields) if (rec[c.key] !== undefined && !c.secret) out[c.column] = toStored(c, rec[c.key]);
  return out;
}

/** Small deterministic PRNG (mulberry32) so the seed is the same on every start. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

const round2 = (n: number) => Math.round(n * 100) / 100;
/** A stored money column (whole fen) as yuan; absent as undefined. */
const yuanAt = (v: unknown): number | undefined => (v === null || v === undefined ? undefined : fromFen(Number(v)));

/** How a drug of a dosage form (dosage_form value) is taken: dose choices, dose unit, routes, frequencies. */
const USAGE: Record<string, { doses: number[]; unit: string; routes: string[]; freq: string[] }> = {
  '01': { doses: [1, 2], unit: 'tab', routes: ['po'], freq: ['qd', 'bid', 'tid'] },
  '02': { doses: [1, 2], unit: 'cap', routes: ['po'], freq: ['bid', 'tid', 'qid'] },
  '03': { doses: [1], unit: 'bag', routes: ['po'], freq: ['bid', 'tid'] },
  '04': { doses: [1], unit: 'pc', routes: ['im', 'iv', 'ih', 'ivgtt'], freq: ['qd', 'bid'] },
  '05': { doses: [5, 10], unit: 'ml', routes: ['po'], freq: ['bid', 'tid'] },
  '06': { doses: [6, 8], unit: 'cap', routes: ['po'], freq: ['bid', 'tid'] },
  '07': { doses: [1], unit: 'g', routes: ['ext'], freq: ['bid', 'tid'] },
  '08': { doses: [1, 2], unit: 'drop', routes: ['oc'], freq: ['tid', 'qid'] },
  '09': { doses: [1, 2], unit: 'puff', routes: ['inh'], freq: ['bid', 'prn'] },
  '10': { doses: [1], unit: 'bag', routes: ['po'], freq: ['bid', 'tid'] },
  '11': { doses: [5, 10], unit: 'ml', routes: ['po'], freq: ['tid'] },
  '12': { doses: [1], unit: 'g', routes: ['ext'], freq: ['bid'] },
  '13': { doses: [1], unit: 'pc', routes: ['ext'], freq: ['qd'] },
  '14': { doses: [1], unit: 'pc', routes: ['pr'], freq: ['qd', 'qn'] },
  '15': { doses: [1], unit: 'tab', routes: ['po'], freq: ['qd', 'bid'] },
  '16': { doses: [1, 2], unit: 'tab', routes: ['po'], freq: ['qd', 'bid'] },
  '17': { doses: [1, 2], unit: 'tab', routes: ['po'], freq: ['bid'] },
  '18': { doses: [10], unit: 'ml', routes: ['po'], freq: ['bid', 'tid'] },
  '19': { doses: [1, 2], unit: 'puff', routes: ['na', 'ext'], freq: ['bid', 'tid'] },
  '20': { doses: [10], unit: 'cap', routes: ['po', 'sl'], freq: ['tid'] },
  '21': { doses: [1], unit: 'g', routes: ['ext'], freq: ['bid'] },
  '22': { doses: [5, 10], unit: 'ml', routes: ['po'], freq: ['bid'] },
  '23': { doses: [1, 2], unit: 'puff', routes: ['inh'], freq: ['bid'] },
  '24': { doses: [10, 15], unit: 'g', routes: ['po'], freq: ['bid'] },
};
const PER_DAY: Record<string, number> = { qd: 1, bid: 2, tid: 3, qid: 4, q8h: 3, q12h: 2, qn: 1, qw: 1, prn: 1, st: 1 };
const compact = (s: unknown) => String(s ?? '').slice(0, 10).replace(/-/g, '');
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

function seedRegions(ctx: AppContext, plan: Plan, tenants: number[], now: string): void {
  const m = ctx.models.get('sysRegion');
  if (!m) return;
  const list = rows(plan, m.table);
  list.length = 0;
  for (const tenantId of tenants) {
    const ids = new Map<string, string>();
    for (const [code] of REGIONS) ids.set(code, newId());
    for (const [code, name, pinyin] of REGIONS) {
      const parent = regionParent(code);
      const rec: Row = { code, name, pinyin, level: regionLevel(code), parentId: parent ? ids.get(parent) ?? null : null, serviceOpen: SERVICE_OPEN_PROVINCES.has(`${code.slice(0, 2)}0000`) };
      list.push({ id: ids.get(code), tenant_id: tenantId, create_by: 'admin', create_time: now, update_by: null, update_time: null, ...stored(m, rec) });
    }
  }
}

function seedDepartmentTree(ctx: AppContext, plan: Plan, now: string): void {
  const m = ctx.models.get('hisDepartment');
  const parent = m?.byKey.get('parentId');
  if (!m || !parent) return;
  const list = rows(plan, m.table);
  const subjects = new Map((ctx.registry.dicts.get('diag_subject')?.items ?? []).map((i) => [i.value, i.text]));
  const groups = new Map<string, Row[]>();
  for (const r of list) {
    r[parent.column] = null;
    const subject = r.subject_code == null ? '' : String(r.subject_code);
    if (!subject || !subjects.has(subject)) continue;
    const key = `${String(r.tenant_id)}\u0000${String(r.hospital_id)}\u0000${subject}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  let n = 0;
  for (const [key, members] of groups) {
    const [tenant, hospital, subject] = key.split('\u0000') as [string, string, string];
    const title = subjects.get(subject)!;
    let root = members.find((r) => r.name === title);
    if (!root) {
      n++;
      root = {
        ...members[0]!, id: newId(), name: title, code: `${subject}R${String(n).padStart(4, '0')}`, create_time: now, tenant_id: Number(tenant), hospital_id: hospital,
        [parent.column]: null, intro: `${title}（一级科室），下设${members.map((r) => String(r.name)).join('、')}。`,
      };
      list.push(root);
    }
    for (const r of members) if (r !== root) r[parent.column] = root.id;
  }
}

function seedPrescriptions(ctx: AppContext, plan: Plan, now: string): void {
  const m = ctx.models.get('hisPrescription');
  const im = ctx.models.get('hisPrescriptionItem');
  const drug = ctx.models.get('sysDrug');
  if (!m || !im || !drug) return;
  const items = rows(plan, im.table);
  items.length = 0;
  const drugs = rows(plan, drug.table);
  const r = rng(20251231);
  let seq = 0;
  for (const p of rows(plan, m.table)) {
    const tenantDrugs = drugs.filter((d) => d.tenant_id === p.tenant_id);
    if (!tenantDrugs.length) continue;
    const status = String(p.status ?? '1');
    p.prescription_no = `CF${compact(p.create_time) || '20251231'}${String(++seq).padStart(4, '0')}`;
    p.reject_reason = status === '3' ? r.pick(RX_REJECT) : null;
    p.audit_opinion = status === '2' ? r.pick(RX_QUESTION) : null;
    const audited = ['2', '3', '5'].includes(status);
    p.audit_by = audited ? r.pick(PHARMACISTS) : null;
    p.audit_time = audited ? String(p.create_time ?? now) : null;
    if (String(p.rx_type) === '3') {
      // 儿科处方: a child, with the weight it requires
      p.patient_age = r.int(1, 13);
      p.weight = Math.round((8 + Number(p.patient_age) * 2.6 + r.next() * 4) * 10) / 10;
    } else p.weight = null;
    const count = r.int(1, 4);
    const recs = generateRows(im.schema, count, { seed: seq, tenantId: Number(p.tenant_id), dicts: ctx.registry.dicts, refIds: { sysDrug: tenantDrugs.map((d) => String(d.id)) }, now: demoToday(now) });
    let amount = 0;
    for (const rec of recs) {
      const d = tenantDrugs.find((x) => String(x.id) === String(rec.drugId)) ?? r.pick(tenantDrugs);
      const use = USAGE[String(d.dosage_form)] ?? USAGE['01']!;
      rec.drugId = String(d.id);
      rec.dose = r.pick(use.doses);
      rec.doseUnit = use.unit;
      rec.route = r.pick(use.routes);
      rec.frequency = r.pick(use.freq);
      rec.days = r.int(3, 7);
      // packs needed: doses over the days, rounded up to whole packs (pack quantity of the drug)
      const perPack = Number(d.pack_qty ?? 0) || 0;
      const units = Number(rec.dose) * (PER_DAY[String(rec.frequency)] ?? 1) * Number(rec.days);
      rec.quantity = perPack > 1 && ['tab', 'cap', 'bag', 'pc'].includes(use.unit) ? Math.max(1, Math.ceil(units / perPack)) : r.int(1, 2);
      amount += Number(rec.quantity) * (yuanAt(d.retail_price) ?? 0);
      items.push({ id: newId(), tenant_id: p.tenant_id, create_by: 'admin', create_time: p.create_time ?? now, update_by: null, update_time: null, ...stored(im, rec), prescription_id: p.id });
    }
    p.amount = toFen(amount);
  }
}

function seedStockIns(ctx: AppContext, plan: Plan, now: string): void {
  const m = ctx.models.get('drugStockIn');
  const lm = ctx.models.get('drugStockInLine');
  const drug = ctx.models.get('sysDrug');
  if (!m || !lm || !drug) return;
  const lines = rows(plan, lm.table);
  lines.length = 0;
  const drugs = rows(plan, drug.table);
  const r = rng(20240101);
  let seq = 0;
  for (const b of rows(plan, m.table)) {
    const tenantDrugs = drugs.filter((d) => d.tenant_id === b.tenant_id);
    if (!tenantDrugs.length) continue;
    const status = String(b.status ?? '0');
    const billDate = typeof b.bill_date === 'string' && b.bill_date ? b.bill_date : String(b.create_time ?? now).slice(0, 10);
    b.bill_date = billDate;
    b.bill_no = `RK${compact(billDate)}${String(++seq).padStart(4, '0')}`;
    b.reject_reason = status === '3' ? r.pick(STOCK_REJECT) : null;
    const audited = status === '2' || status === '3';
    b.audit_by = audited ? r.pick(PHARMACISTS) : null;
    b.audit_time = audited ? `${billDate} ${String(r.int(9, 17)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:00` : null;
    const count = r.int(1, 5);
    const recs = generateRows(lm.schema, count, { seed: 7000 + seq, tenantId: Number(b.tenant_id), dicts: ctx.registry.dicts, refIds: { sysDrug: tenantDrugs.map((d) => String(d.id)) }, now: demoToday(now) });
    let total = 0;
    for (const rec of recs) {
      const d = tenantDrugs.find((x) => String(x.id) === String(rec.drugId)) ?? r.pick(tenantDrugs);
      const production = addDays(billDate, -r.int(30, 300));
      const price = round2(yuanAt(d.cost_price) ?? yuanAt(d.retail_price) ?? 10) || 10;
      const quantity = r.int(1, 20) * 10;
      Object.assign(rec, {
        drugId: String(d.id),
        batchNo: `${compact(production).slice(2)}${String(r.int(1, 99)).padStart(2, '0')}`,
        productionDate: production,
        expiryDate: addDays(production, 365 * r.int(2, 3) - 1),
        quantity,
        unit: d.pack_unit ?? rec.unit ?? '盒',
        purchasePrice: price,
        amount: round2(quantity * price),
      });
      total += Number(rec.amount);
      lines.push({ id: newId(), tenant_id: b.tenant_id, create_by: 'admin', create_time: b.create_time ?? now, update_by: null, update_time: null, ...stored(lm, rec), stock_in_id: b.id });
    }
    b.total_amount = toFen(total);
  }
}

/** Adjusts the seed plan in place (see the file comment). */
export function seedLang(ctx: AppContext, plan: Plan, tenants: number[], now: string): void {
  seedRegions(ctx, plan, tenants, now);
  seedDepartmentTree(ctx, plan, now);
  seedPrescriptions(ctx, plan, now);
  seedStockIns(ctx, plan, now);
}
