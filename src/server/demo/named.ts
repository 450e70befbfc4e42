/**
 * Named demo generators (the `demo` hint of a field). Several fields of one row share a memo
 * (person, hospital, department, doctor, drug, role) so a row is coherent: the ID card encodes
 * the person's birth date and sex, the spec and maker belong to the drug, the title fits the
 * years in practice, the e-mail is the person's pinyin.
 */
import type { FieldSchema } from '../../core/schema/types.js';
import type { NamedGenerator, RowCtx } from './context.js';
import { hashSeed, pad, Rng, WeightedTable } from './prng.js';
import { FEMALE_CHARS, MALE_CHARS, SURNAMES } from './names.js';
import { DISTRICTS, DISTRICT_BY_CODE, EMAIL_DOMAINS, STREETS, type District } from './places.js';
import {
  CLINICAL_DEPARTMENTS, DEPARTMENTS, DEPARTMENT_LOCATIONS, HOSPITAL_TEMPLATES, ORDINALS, REAL_HOSPITALS, REJECT_REASONS, ROLES,
  type DepartmentEntry, type RoleEntry,
} from './medical.js';
import { APPROVED_DRUGS, type DrugEntry } from './drugs.js';
import { buildIdCard, buildMobile, buildUscc } from './ids.js';

const DAY = 86_400_000;
const DISTRICT_TABLE = new WeightedTable(DISTRICTS.map((d) => [d, d.weight] as const));
const SURNAME_TABLE = new WeightedTable(SURNAMES.map(([s, p, w]) => [[s, p] as const, w] as const));

/** YYYY-MM-DD of a UTC timestamp (civil-from-days; several times faster than toISOString). */
export function fmtDate(ms: number): string {
  const z = Math.floor(ms / DAY) + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}
export const fmtDateTime = (ms: number): string => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
export const round2 = (n: number): number => Math.round(n * 100) / 100;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function memo<T>(c: RowCtx, key: string, make: () => T): T {
  let v = c.memo.get(key) as T | undefined;
  if (v === undefined) {
    v = make();
    c.memo.set(key, v);
  }
  return v;
}

// ---------------------------------------------------------------- person

export interface Person {
  name: string;
  pinyin: string;
  surnamePinyin: string;
  sex: '1' | '2';
  /** YYYY-MM-DD */
  birth: string;
  district: District;
  idCard: string;
}

export function person(c: RowCtx): Person {
  return memo(c, 'person', () => {
    const { rng, plan } = c;
    const sex: '1' | '2' = rng.chance(0.5) ? '1' : '2';
    const [surname, sp] = SURNAME_TABLE.pick(rng);
    const chars = sex === '1' ? MALE_CHARS : FEMALE_CHARS;
    const n = rng.chance(0.35) ? 1 : 2;
    let given = '';
    let gp = '';
    for (let i = 0; i < n; i++) {
      const [ch, p] = rng.pick(chars);
      given += ch;
      gp += p;
    }
    // (birth day, sequence) is a bijection of the row index: ID cards are unique by construction
    const m = plan.perm('person', plan.birthDays * 500).at(c.index);
    const birth = fmtDate(plan.birthStart + (m % plan.birthDays) * DAY);
    const district = DISTRICT_TABLE.pick(rng);
    const idCard = buildIdCard(district.code, birth, sex, Math.floor(m / plan.birthDays));
    return { name: surname + given, pinyin: sp + gp, surnamePinyin: sp, sex, birth, district, idCard };
  });
}

function district(c: RowCtx): District {
  const h = c.memo.get('hospital') as Hospital | undefined;
  return h?.district ?? person(c).district;
}

// ---------------------------------------------------------------- hospital

export interface Hospital {
  name: string;
  district: District;
  address: string;
  type: string;
  level: string;
  nature: '1' | '2';
  uscc: string;
  orgCode: string;
}

function streetAddress(rng: Rng): string {
  return `${rng.pick(STREETS)}${rng.int(1, 999)}号`;
}

/** Synthetic hospitals: every template in every district, distinct names (built once). */
const SYNTHETIC_HOSPITALS: ReadonlyArray<{ name: string; d: District; type: string; levels: readonly string[]; nature: '1' | '2' }> = (() => {
  const out: Array<{ name: string; d: District; type: string; levels: readonly string[]; nature: '1' | '2' }> = [];
  const seen = new Set(REAL_HOSPITALS.map((h) => h.name));
  for (const d of DISTRICTS) {
    for (const t of HOSPITAL_TEMPLATES) {
      const ns = t.t.includes('{n}') ? ORDINALS.slice(0, 3 + Math.min(5, d.weight)) : [''];
      const ss = t.t.includes('{s}') ? STREETS.slice(0, 2 + Math.min(6, d.weight)).map((x) => x.replace(/(路|街|大道)$/, '')) : [''];
      for (const n of ns) for (const st of ss) {
        const name = t.t.replace('{c}', d.city).replace('{d}', d.district).replace('{n}', n).replace('{s}', st);
        if (seen.has(name)) continue;
        seen.add(name);
        out.push({ name, d, type: t.type, levels: t.levels, nature: t.nature });
      }
    }
  }
  return out;
})();

export function hospital(c: RowCtx): Hospital {
  return memo(c, 'hospital', () => {
    const { rng, plan } = c;
    let name: string;
    let d: District;
    let type: string;
    let level: string;
    let nature: '1' | '2';
    let street: string | undefined;
    if (c.index < REAL_HOSPITALS.length) {
      const item = plan.distinct('hospital', REAL_HOSPITALS, c.index).item;
      name = item.name;
      d = DISTRICT_BY_CODE.get(item.area) ?? rng.pick(DISTRICTS);
      ({ type, level, nature } = item);
      street = item.street;
    } else {
      // names unique by construction: a seeded shuffle of all synthetic names, then 分院 rounds
      const { item, round } = plan.distinct('hospitalSynthetic', SYNTHETIC_HOSPITALS, c.index - REAL_HOSPITALS.length);
      name = round ? `${item.name}第${ORDINALS[(round - 1) % 10]}分院${round > 10 ? round : ''}` : item.name;
      d = item.d;
      type = item.type;
      level = rng.pick(item.levels);
      nature = item.nature;
    }
    const kind = nature === '1' ? '12' : type === '8' || type === '9' ? '91' : '52';
    const { uscc, orgCode } = buildUscc(kind, d.code, plan.perm('org', 1e8).at(c.index));
    return { name, district: d, address: d.prefix + (street ?? streetAddress(rng)), type, level, nature, uscc, orgCode };
  });
}

// ---------------------------------------------------------------- department

export function department(c: RowCtx): DepartmentEntry {
  return memo(c, 'department', () => c.plan.distinct('department', DEPARTMENTS, c.index).item);
}

// ---------------------------------------------------------------- doctor

export interface Doctor {
  dept: DepartmentEntry;
  education: string;
  pracType: string;
  scope: string;
  startMs: number;
  years: number;
  title: string;
  audit: string;
  online: boolean;
  expertise: string;
}

export function doctor(c: RowCtx): Doctor {
  return memo(c, 'doctor', () => {
    const { rng, plan } = c;
    const p = person(c);
    const dept = rng.pick(CLINICAL_DEPARTMENTS);
    const birthYear = Number(p.birth.slice(0, 4));
    const education = rng.weighted(birthYear < 1970
      ? ([['2', 10], ['3', 60], ['4', 22], ['5', 8]] as const)
      : ([['2', 4], ['3', 40], ['4', 38], ['5', 18]] as const));
    const startAge = ({ '2': 22, '3': 24, '4': 27, '5': 30 } as Record<string, number>)[education]! + rng.int(0, 2);
    const birthMs = Date.parse(`${p.birth}T00:00:00Z`);
    const latest = plan.now.getTime() - (3 * 365 + 30) * DAY;
    let startMs = birthMs + (startAge * 365 + rng.int(180, 300)) * DAY;
    if (startMs > latest) startMs = latest - rng.int(0, 300) * DAY;
    const years = Math.max(3, Math.floor((plan.now.getTime() - startMs) / (365.25 * DAY)));
    let level: number;
    if (education === '2' && years < 5) level = 0;
    else if (years < 6) level = rng.chance(0.8) ? 1 : 2;
    else if (years < 12) level = rng.chance(0.7) ? 2 : rng.chance(0.5) ? 1 : 3;
    else if (years < 20) level = rng.chance(0.65) ? 3 : 2;
    else level = rng.chance(0.6) ? 4 : 3;
    const pracType = dept.prac ?? '1';
    const title = pracType === '2' && level > 0 ? String(10 + level) : String(level);
    const audit = rng.weighted([['1', 75], ['0', 17], ['2', 8]] as const);
    const online = audit === '1' && rng.chance(0.7);
    const ex = rng.sample(dept.expertise ?? [], rng.int(1, 2)).join('；');
    return { dept, education, pracType, scope: dept.scope ?? '内科专业', startMs, years, title, audit, online, expertise: ex };
  });
}

// ---------------------------------------------------------------- drug

export function drug(c: RowCtx): DrugEntry {
  return memo(c, 'drug', () => c.plan.distinct('drug', APPROVED_DRUGS, c.index).item);
}

/** Per-drug stable numbers (the same product has the same approval number in every row and tenant). */
function drugCodes(d: DrugEntry): { approvalNo: string; standardCode: string; medInsCode: string } {
  const r = new Rng(hashSeed('drug', d.generic, d.maker));
  const cls = d.type === '3' ? 'Z' : d.type === '4' ? 'S' : 'H';
  let approvalNo: string;
  if (d.prov === 'import') approvalNo = `${cls}20${pad(r.int(10, 24), 2)}${r.digits(4)}`;
  else if (r.chance(0.5) && d.prov !== '64') approvalNo = `国药准字${cls}${d.prov}0${r.int(2, 5)}${r.digits(4)}`;
  else approvalNo = `国药准字${cls}20${pad(r.int(0, 24), 2)}${r.digits(4)}`;
  const standardCode = `86${r.digits(12)}`;
  const L = 'ABCDGHJLMNRS';
  const medInsCode = `${d.type === '3' ? 'Z' : 'X'}${L[r.int(0, L.length - 1)]}${r.digits(2)}${L[r.int(0, L.length - 1)]}${L[r.int(0, L.length - 1)]}${r.digits(3)}A${r.digits(3)}${r.digits(4)}`;
  return { approvalNo, standardCode, medInsCode };
}

// ---------------------------------------------------------------- role

function role(c: RowCtx): { entry: RoleEntry; round: number } {
  return memo(c, 'role', () => {
    const { item, round } = c.plan.distinct('role', ROLES, c.index);
    return { entry: item, round };
  });
}

// ---------------------------------------------------------------- helpers for fields

function dictByText(c: RowCtx, f: FieldSchema, text: string): string | undefined {
  return f.dict ? c.plan.dictValueByText(f.dict, text) : undefined;
}

export function mobile(c: RowCtx, f: FieldSchema): string {
  return buildMobile(c.rng, c.plan.perm('phone', 1e8).at(c.index));
}

export function email(c: RowCtx, f: FieldSchema): string {
  const p = person(c);
  const suffix = f.unique ? String(Number(c.plan.uniqueDigits('email', c.index, 3))) : String(c.rng.int(1, 9999));
  const domain = c.rng.pick(EMAIL_DOMAINS);
  if (domain === 'qq.com' && !f.unique) return `${c.rng.int(10000, 99999)}${c.rng.digits(c.rng.int(3, 5))}@qq.com`;
  return `${p.pinyin}${suffix}@${domain}`;
}

export function landline(c: RowCtx): string {
  const d = district(c);
  return `${d.tel}-${c.rng.int(2, 8)}${c.rng.digits(d.telDigits - 1)}`;
}

function password(c: RowCtx): string {
  return `${cap(person(c).surnamePinyin)}@${c.rng.digits(8)}`;
}

function years(ms: number, now: Date): number {
  return Math.floor((now.getTime() - ms) / (365.25 * DAY));
}

const TEXT = (c: RowCtx, code: string, v: string) => c.plan.dictText(code, v) ?? '';

/** Every named generator, by the name a schema's `demo` hint uses. */
export const NAMED_GENERATORS: Readonly<Record<string, NamedGenerator>> = {
  // people
  personName: (c) => person(c).name,
  sex: (c) => person(c).sex,
  birthday: (c) => person(c).birth,
  idCard: (c) => person(c).idCard,
  mobile,
  phone: mobile,
  email,
  landline,
  username: (c, f) => {
    const d = Math.max(3, String(Math.max(0, c.plan.capacity - 1)).length);
    const digits = c.plan.uniqueDigits('username', c.index, d);
    return person(c).pinyin.slice(0, Math.max(4, (f.maxLength ?? 18) - digits.length)) + digits;
  },
  password,
  workNo: (c) => `W${c.plan.uniqueDigits('workNo', c.index, 5)}`,
  /** A certificate or registration number: 15 digits, unique per field. */
  certNo: (c, f) => `${c.rng.int(1, 9)}${c.plan.uniqueDigits(`certNo:${f.key}`, c.index, 14)}`,
  /** A business order number of another module, e.g. CF202511030012. */
  bizNo: (c) => {
    const d = new Date(c.plan.now.getTime() - c.rng.int(0, 365) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
    return `${c.rng.pick(['WZ', 'FZ', 'CF', 'HZ', 'BL'])}${d}${String(c.rng.int(1, 9999)).padStart(4, '0')}`;
  },
  /** A payment merchant number (10 digits, as WeChat Pay issues them). */
  mchId: (c) => `16${c.plan.uniqueDigits('mchId', c.index, 8)}`,
  /** A video room number. */
  roomNo: (c) => `R${c.plan.uniqueDigits('roomNo', c.index, 9)}`,
  /** A certificate serial number: 32 upper-case hex digits. */
  hexSerial: (c) => Array.from({ length: 32 }, () => '0123456789ABCDEF'[c.rng.int(0, 15)]).join(''),
  /** A SM3/SHA-256 digest: 64 lower-case hex digits. */
  hexDigest: (c) => Array.from({ length: 64 }, () => '0123456789abcdef'[c.rng.int(0, 15)]).join(''),
  address: (c) => district(c).prefix + streetAddress(c.rng),
  company: (c) => {
    const d = district(c);
    const word = c.rng.pick(['康泰', '华润', '仁和', '国药', '九州通', '济民', '博睿', '安康', '新华', '塞上']);
    const kind = c.rng.pick(['医药有限公司', '医疗科技有限公司', '健康管理有限公司', '药业股份有限公司', '医疗器械有限公司']);
    return `${d.city.replace(/市$/, '')}${word}${kind}`;
  },
  userStatus: (c) => (c.rng.chance(0.9) ? '1' : '2'),

  // hospitals
  hospitalName: (c) => hospital(c).name,
  hospitalType: (c) => hospital(c).type,
  hospitalLevel: (c) => hospital(c).level,
  hospitalNature: (c) => hospital(c).nature,
  hospitalAddress: (c) => hospital(c).address,
  uscc: (c) => hospital(c).uscc,
  medLicenseNo: (c) => {
    const h = hospital(c);
    return `${h.orgCode}${h.district.code}${h.type === '1' ? '11' : '12'}A${pad(1000 + (c.index % 9000), 4)}`;
  },
  hospitalIntro: (c) => {
    const h = hospital(c);
    const lvl = TEXT(c, 'hos_level', h.level);
    const typ = TEXT(c, 'hos_type', h.type);
    const beds = h.type === '6' || h.type === '8' ? c.rng.int(0, 60) : c.rng.int(300, 3500);
    const intro = `${h.name}是一所集医疗、教学、科研、预防保健为一体的${lvl === '未定级' ? '' : lvl}${typ}，`
      + (beds ? `编制床位${beds}张，` : '')
      + `年门急诊量约${c.rng.int(5, 320)}万人次。医院已开通互联网诊疗服务，提供在线复诊、电子处方、药品配送和慢病随访。`;
    return intro;
  },

  // departments
  departmentName: (c) => department(c).name,
  deptCode: (c) => `${department(c).subject ?? '99'}${c.plan.uniqueDigits('deptCode', c.index, 4)}`,
  departmentType: (c) => department(c).type,
  departmentSubject: (c) => department(c).subject ?? null,
  departmentLocation: (c) => c.rng.pick(DEPARTMENT_LOCATIONS),
  departmentIntro: (c) => {
    const d = department(c);
    if (!d.expertise) return `${d.name}为医院${TEXT(c, 'dept_type', d.type) || '职能'}，为临床诊疗提供支持与保障。`;
    return `${d.name}是医院重点临床科室，设有普通门诊、专家门诊及病房，开展${d.expertise.join('；')}等诊疗服务，已开通互联网复诊。`;
  },

  // doctors
  doctorEducation: (c) => doctor(c).education,
  doctorTitle: (c) => doctor(c).title,
  pracType: (c) => doctor(c).pracType,
  pracScope: (c) => doctor(c).scope,
  pracStartDate: (c) => fmtDate(doctor(c).startMs),
  pracCertNo: (c) => `1${doctor(c).pracType}0${person(c).district.code}${c.plan.uniqueDigits('pracCertNo', c.index, 6)}`,
  qualCertNo: (c) => {
    const d = doctor(c);
    const p = person(c);
    const year = new Date(d.startMs).getUTCFullYear() - 1;
    return `${year}11${d.pracType}${p.district.code}${p.birth.replace(/-/g, '')}${c.plan.uniqueDigits('qualCertNo', c.index, 6)}`;
  },
  doctorExpertise: (c) => doctor(c).expertise,
  doctorIntro: (c) => {
    const p = person(c);
    const d = doctor(c);
    return `<p>${p.name}，${TEXT(c, 'doctor_title', d.title)}，${TEXT(c, 'education', d.education)}学历，从事${d.dept.name}临床工作${years(d.startMs, c.plan.now)}年。</p>`
      + `<p>擅长：${d.expertise}。</p>`;
  },
  doctorOnline: (c) => doctor(c).online,
  auditStatus: (c) => doctor(c).audit,
  rejectReason: (c) => c.rng.pick(REJECT_REASONS),

  // drugs
  drugCode: (c) => `YP${c.plan.uniqueDigits('drugCode', c.index, 6)}`,
  drugName: (c) => drug(c).generic,
  drugTradeName: (c) => drug(c).trade ?? null,
  drugSpec: (c) => drug(c).spec,
  drugDosageForm: (c, f) => dictByText(c, f, drug(c).form),
  drugManufacturer: (c) => drug(c).maker,
  drugApprovalNo: (c) => drugCodes(drug(c)).approvalNo,
  drugStandardCode: (c) => drugCodes(drug(c)).standardCode,
  drugMedInsCode: (c) => (drug(c).ins ? drugCodes(drug(c)).medInsCode : null),
  drugMedIns: (c) => (drug(c).ins ? '1' : '2'),
  drugMedInsClass: (c) => drug(c).ins ?? null,
  drugType: (c) => drug(c).type,
  drugOtcType: (c) => drug(c).otc,
  drugSpecialMgmt: (c) => drug(c).special ?? '0',
  drugMinUnit: (c) => drug(c).minUnit,
  drugPackUnit: (c) => drug(c).packUnit,
  drugPackQty: (c) => drug(c).packQty,
  drugRetailPrice: (c) => memo(c, 'retail', () => round2(drug(c).price * (0.92 + 0.16 * c.rng.next()))),
  drugCostPrice: (c) => {
    const retail = memo(c, 'retail', () => round2(drug(c).price * (0.92 + 0.16 * c.rng.next())));
    return round2(retail * (0.65 + 0.2 * c.rng.next()));
  },
  drugStorage: (c) => drug(c).storage ?? '1',
  drugPinyinCode: (c) => drug(c).py,
  drugInstructions: (c) => {
    const d = drug(c);
    const storage = ({ '1': '密封，常温保存', '2': '2～8℃避光冷藏，不得冷冻', '3': '密封，阴凉处（不超过20℃）保存' } as Record<string, string>)[d.storage ?? '1'];
    return `【药品名称】${d.generic}${d.trade ? `（${d.trade}）` : ''}\n【规格】${d.spec}\n【适应症】${d.ind}。\n【用法用量】${d.usage}\n【贮藏】${storage}。\n【生产企业】${d.maker}\n请仔细阅读说明书并在医师或药师指导下使用。`;
  },

  // roles
  roleName: (c) => {
    const { entry, round } = role(c);
    return round ? `${entry.name}${round + 1}` : entry.name;
  },
  roleCode: (c) => {
    const { entry, round } = role(c);
    return round ? `${entry.code}_${round + 1}` : entry.code;
  },
  roleDescription: (c) => role(c).entry.description,
};

/** Aliases accepted in schemas (documentation names of the types.ts comment). */
(NAMED_GENERATORS as Record<string, NamedGenerator>).drug = NAMED_GENERATORS.drugName!;

/** Named generators whose values are unique per row index by construction (no Set needed). */
export const UNIQUE_BY_CONSTRUCTION: ReadonlySet<string> = new Set([
  'idCard', 'mobile', 'phone', 'email', 'username', 'workNo', 'hospitalName', 'uscc', 'medLicenseNo', 'deptCode',
  'pracCertNo', 'qualCertNo', 'drugCode', 'roleName', 'roleCode', 'certNo', 'roomNo', 'mchId',
]);

export function demoGeneratorNames(): string[] {
  return Object.keys(NAMED_GENERATORS).sort();
}
