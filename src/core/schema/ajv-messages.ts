/**
 * Turns ajv errors on a schema file into short Chinese problems.
 * `anyOf` (e.g. `list: ListOptions | false`) makes ajv report every branch; we keep the
 * errors of the branch whose type matched, or one "allowed values" line when none did.
 */
import type { ErrorObject } from 'ajv';

export interface RawProblem {
  path: string;
  message: string;
}

const TYPE_NAMES: Record<string, string> = {
  string: '字符串', number: '数字', integer: '整数', boolean: '布尔值', object: '对象', array: '数组', null: 'null',
};

function levenshtein(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}

/** Closest allowed key, for "did you mean" hints on typos. */
export function suggestKey(key: string, allowed: string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of allowed) {
    const dist = levenshtein(key, k);
    if (dist < bestD) { bestD = dist; best = k; }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(key.length / 3)) ? best : undefined;
}

const show = (v: unknown) => JSON.stringify(v);

function one(e: ErrorObject): RawProblem {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(p.additionalProperty);
      const props = Object.keys(((e.parentSchema as { properties?: object } | undefined)?.properties) ?? {});
      const hint = suggestKey(key, props);
      return { path: `${e.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: `未知的键 "${key}"${hint ? `，是否应为 "${hint}"？` : ''}` };
    }
    case 'required':
      return { path: e.instancePath, message: `缺少必需的键 "${String(p.missingProperty)}"` };
    case 'type':
      return { path: e.instancePath, message: `类型应为${String(p.type).split(',').map((t) => TYPE_NAMES[t] ?? t).join('或')}` };
    case 'enum':
      return { path: e.instancePath, message: `取值 ${show(e.data)} 无效，应为 ${(p.allowedValues as unknown[]).map(String).join('、')} 之一` };
    case 'const':
      return { path: e.instancePath, message: `取值 ${show(e.data)} 无效，应为 ${show(p.allowedValue)}` };
    case 'pattern':
      return { path: e.instancePath, message: `取值 ${show(e.data)} 不符合格式 ${String(p.pattern)}` };
    case 'minLength':
      return { path: e.instancePath, message: p.limit === 1 ? '不能为空字符串' : `长度不能少于 ${String(p.limit)}` };
    case 'minItems':
      return { path: e.instancePath, message: `至少需要 ${String(p.limit)} 项` };
    case 'minProperties':
      return { path: e.instancePath, message: `至少需要 ${String(p.limit)} 个键` };
    case 'minimum': case 'maximum':
      return { path: e.instancePath, message: `取值应${e.keyword === 'minimum' ? '不小于' : '不大于'} ${String(p.limit)}` };
    case 'propertyNames':
      return { path: e.instancePath, message: `键名 "${String(p.propertyName)}" 不合法` };
    default:
      return { path: e.instancePath, message: e.message ?? e.keyword };
  }
}

export function ajvProblems(errors: ErrorObject[]): RawProblem[] {
  // propertyNames reports the failing name twice (pattern + propertyNames); keep the latter.
  let rest = errors.filter((e) => !(e.keyword === 'pattern' && e.propertyName !== undefined));
  const out: RawProblem[] = [];
  // Resolve the outermost anyOf first; inner anyOfs are then handled recursively via `rest`.
  const anyOfs = rest.filter((e) => e.keyword === 'anyOf').sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  const consumed = new Set<ErrorObject>();
  for (const a of anyOfs) {
    if (consumed.has(a)) continue;
    consumed.add(a);
    const prefix = a.schemaPath + '/';
    const branchErrs = rest.filter((e) => e !== a && e.schemaPath.startsWith(prefix) && e.instancePath.startsWith(a.instancePath));
    branchErrs.forEach((e) => consumed.add(e));
    const byBranch = new Map<string, ErrorObject[]>();
    for (const e of branchErrs) {
      const idx = e.schemaPath.slice(prefix.length).split('/')[0]!;
      byBranch.set(idx, [...(byBranch.get(idx) ?? []), e]);
    }
    // A branch "matched the type" when none of its errors is a type/const/enum mismatch at the anyOf's own place.
    const matched = [...byBranch.values()].filter((errs) =>
      !errs.some((e) => e.instancePath === a.instancePath && ['type', 'const', 'enum'].includes(e.keyword)));
    if (matched.length === 1) {
      out.push(...ajvProblems(matched[0]!));
    } else if (matched.length > 1) {
      const unknown = matched.flat().filter((e) => e.keyword === 'additionalProperties');
      const seen = new Set<string>();
      for (const p of unknown.map(one)) if (!seen.has(p.path)) { seen.add(p.path); out.push(p); }
      if (!unknown.length) out.push({ path: a.instancePath, message: `取值无效：${descr(a)}` });
    } else {
      const allowed: string[] = [];
      for (const errs of byBranch.values()) {
        const here = errs.filter((e) => e.instancePath === a.instancePath);
        // a branch's const/enum says more than its type (false rather than 布尔值)
        const exact = here.filter((e) => e.keyword === 'enum' || e.keyword === 'const');
        for (const e of exact.length ? exact : here) {
          const p = e.params as Record<string, unknown>;
          if (e.keyword === 'enum') allowed.push(...(p.allowedValues as unknown[]).map(String));
          else if (e.keyword === 'const') allowed.push(String(p.allowedValue));
          else if (e.keyword === 'type') allowed.push(String(p.type).split(',').map((t) => TYPE_NAMES[t] ?? t).join('或'));
        }
      }
      const uniq = [...new Set(allowed)];
      out.push({ path: a.instancePath, message: `取值 ${show(a.data)} 无效，应为 ${uniq.join('、')}${descr(a) ? `（${descr(a)}）` : ''}` });
    }
  }
  rest = rest.filter((e) => !consumed.has(e));
  out.push(...rest.map(one));
  const seen = new Set<string>();
  return out.filter((p) => { const k = p.path + '\u0000' + p.message; if (seen.has(k)) return false; seen.add(k); return true; });
}

function descr(e: ErrorObject): string {
  return String((e.parentSchema as { description?: string } | undefined)?.description ?? '');
}
