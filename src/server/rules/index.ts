/**
 * Check rules (JeecgBoot 系统校验规则, `sys/checkRule/checkByCode`) as named JSON files:
 * schemas/rules/<code>.json = {code, title, description?, rules: [{pattern, message, digits?}]}.
 *
 * Evaluation follows JeecgBoot SysCheckRuleServiceImpl.checkValue: rules run in order; a rule
 * with numeric `digits` checks the next `digits` characters of the value (a running window),
 * a rule with `digits: "*"` (or none) checks the whole value; `pattern` must match the checked
 * text entirely. The first failing rule's message is the answer. An empty value passes
 * (required-ness is the field's business).
 *
 * GET /hospital/sys/checkRule/checkByCode?ruleCode=&value= (login required):
 *   pass -> 200 success `校验通过`; fail -> HTTP 200 {success:false, code:400, message:<rule message>}
 *   (a business refusal, like the duplicate check); unknown code -> 404 `未找到校验规则：<code>`.
 *
 * `checkRuleCode(code, value)` is the same check for server code: returns null when valid, the
 * message otherwise; throws on an unknown code. The running server checks against the rules as
 * the console keeps them (rules/live.ts: the files' rules, overridden by sys_check_rule rows).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/protocol/index.js';
import { DEFAULT_SCHEMAS_DIR } from '../schemas.js';
import { badRequest, notFound } from '../errors.js';

export interface CheckRuleItem {
  pattern: string;
  message: string;
  digits?: number | string;
}
export interface CheckRule {
  code: string;
  title: string;
  description?: string;
  rules: CheckRuleItem[];
}

export interface Compiled {
  rule: CheckRule;
  steps: Array<{ re: RegExp; message: string; digits: number | null }>;
}

const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export function compile(rule: CheckRule, file: string): Compiled {
  if (!rule || typeof rule !== 'object' || typeof rule.code !== 'string' || !CODE.test(rule.code)) throw new Error(`${file}: code 不合法`);
  if (typeof rule.title !== 'string' || !Array.isArray(rule.rules) || rule.rules.length === 0) throw new Error(`${file}: 缺少 title 或 rules`);
  const steps = rule.rules.map((r, i) => {
    if (typeof r.pattern !== 'string' || typeof r.message !== 'string') throw new Error(`${file}: rules[${i}] 需要 pattern 和 message`);
    const d = r.digits;
    let digits: number | null = null;
    if (d !== undefined && d !== '*') {
      const n = typeof d === 'number' ? d : Number(d);
      if (!Number.isInteger(n) || n <= 0) throw new Error(`${file}: rules[${i}].digits 应为正整数或 "*"`);
      digits = n;
    }
    return { re: new RegExp(`^(?:${r.pattern})$`, 'u'), message: r.message, digits };
  });
  return { rule, steps };
}

export class CheckRules {
  private byCode = new Map<string, Compiled>();

  constructor(rules: Array<{ rule: CheckRule; file: string }> = []) {
    for (const { rule, file } of rules) {
      const c = compile(rule, file);
      if (this.byCode.has(c.rule.code)) throw new Error(`${file}: 校验规则编码重复：${c.rule.code}`);
      this.byCode.set(c.rule.code, c);
    }
  }

  /** These rules with `overrides` in place of (or besides) those of the same code. */
  withOverrides(overrides: CheckRules): CheckRules {
    const out = new CheckRules();
    for (const [code, c] of this.byCode) out.byCode.set(code, c);
    for (const [code, c] of overrides.byCode) out.byCode.set(code, c);
    return out;
  }

  /** Rules read from the console's table: one that does not compile is reported, not thrown. */
  static tolerant(rules: CheckRule[], onError: (code: string, message: string) => void): CheckRules {
    const out = new CheckRules();
    for (const rule of rules) {
      try {
        out.byCode.set(rule.code, compile(rule, rule.code));
      } catch (e) {
        onError(rule.code, (e as Error).message);
      }
    }
    return out;
  }

  /** Reads every `<dir>/*.json` (a missing directory is an empty rule set). */
  static fromDir(dir: string): CheckRules {
    if (!fs.existsSync(dir)) return new CheckRules();
    const files = fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
    return new CheckRules(files.map((n) => ({ file: n, rule: JSON.parse(fs.readFileSync(path.join(dir, n), 'utf8')) as CheckRule })));
  }

  has(code: string): boolean {
    return this.byCode.has(code);
  }

  get(code: string): CheckRule | undefined {
    return this.byCode.get(code)?.rule;
  }

  codes(): string[] {
    return [...this.byCode.keys()];
  }

  /** null when `value` passes, else the message of the first failing rule. Throws on an unknown code. */
  check(code: string, value: string | null | undefined): string | null {
    const c = this.byCode.get(code);
    if (!c) throw new Error(`未找到校验规则：${code}`);
    if (value === null || value === undefined || value.trim() === '') return null;
    const chars = Array.from(value);
    let begin = 0;
    for (const s of c.steps) {
      let text: string;
      if (s.digits === null) text = value;
      else {
        const end = Math.min(begin + s.digits, chars.length);
        text = begin >= end ? '' : chars.slice(begin, end).join('');
        begin += s.digits;
      }
      if (!s.re.test(text)) return s.message;
    }
    return null;
  }
}

let defaults: CheckRules | undefined;
/** The repository's rules (schemas/rules), loaded once. */
export function defaultCheckRules(): CheckRules {
  return (defaults ??= CheckRules.fromDir(path.join(DEFAULT_SCHEMAS_DIR, 'rules')));
}

/** For server code: null = valid, else the rule's message. Throws on an unknown code. */
export function checkRuleCode(code: string, value: string | null | undefined, rules: CheckRules = defaultCheckRules()): string | null {
  return rules.check(code, value);
}

const one = (v: unknown): string | undefined => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === 'string' ? x : typeof x === 'number' ? String(x) : undefined;
};

/** Anything that answers the current rule set (a fixed one, or the console's live one). */
export interface RuleSource {
  current(): Promise<CheckRules>;
}

export function fixedRules(rules: CheckRules): RuleSource {
  return { current: async () => rules };
}

export function registerCheckRule(app: FastifyInstance, source: RuleSource): void {
  app.get('/sys/checkRule/checkByCode', async (req, reply) => {
    const rules = await source.current();
    const q = (req.query ?? {}) as Record<string, unknown>;
    const code = one(q.ruleCode);
    if (!code) throw badRequest('缺少参数：ruleCode');
    if (!CODE.test(code) || !rules.has(code)) throw notFound(`未找到校验规则：${code.slice(0, 64)}`);
    const value = one(q.value) ?? '';
    if (value.length > 1000) throw badRequest('校验值过长');
    const message = rules.check(code, value);
    if (message) return reply.send({ success: false, message, code: 400, result: null, timestamp: Date.now() });
    return ok(null, '校验通过');
  });
}
