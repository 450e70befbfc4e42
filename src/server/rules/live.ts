/**
 * Check rules as the console keeps them (系统校验规则): the rules of schemas/rules are copied into
 * sys_check_rule / sys_check_rule_item on start when their code is missing (platform rows; what an
 * administrator changed is never overwritten), and every check runs against the table's rules —
 * the files' rules stand in only for codes the table lacks. The compiled set is cached and
 * dropped when a write to either table is announced on the bus (`counts` channel), on a resync,
 * and after a minute as a backstop.
 */
import type { Kysely } from 'kysely';
import { RESYNC, type Bus } from '../bus/index.js';
import { SUPER_TENANT_ID } from '../context.js';
import type { Database } from '../db/connection.js';
import { newId, nowText } from '../db/ids.js';
import { CheckRules, compile, type CheckRule, type RuleSource } from './index.js';
import { badRequest } from '../errors.js';
import type { Effects } from '../resources/effects.js';

export const RULE_TABLE = 'sys_check_rule';
export const RULE_ITEM_TABLE = 'sys_check_rule_item';
const TTL_MS = 60_000;

type Db = Kysely<any>;

/** Reads the rules of the table (items in sort order), all tenants' rows being the platform's. */
export async function readRuleRows(db: Db, codes?: string[]): Promise<CheckRule[]> {
  let q = db.selectFrom(RULE_TABLE).select(['id', 'rule_code', 'rule_name', 'rule_description']);
  if (codes) q = q.where('rule_code', 'in', codes.length ? codes : ['']);
  const rules = await q.execute();
  if (!rules.length) return [];
  const items = await db
    .selectFrom(RULE_ITEM_TABLE)
    .select(['rule_id', 'digits', 'pattern', 'message'])
    .where('rule_id', 'in', rules.map((r) => String(r.id)))
    .orderBy('sort_order')
    .orderBy('create_time')
    .execute();
  return rules.map((r) => ({
    code: String(r.rule_code),
    title: String(r.rule_name ?? r.rule_code),
    ...(r.rule_description ? { description: String(r.rule_description) } : {}),
    rules: items
      .filter((i) => String(i.rule_id) === String(r.id))
      .map((i) => ({ pattern: String(i.pattern ?? ''), message: String(i.message ?? ''), digits: i.digits == null || i.digits === '' ? '*' : String(i.digits) })),
  }));
}

/** Why a rule of the table cannot be checked (Chinese, naming the rule row), or null. */
export function ruleError(rule: CheckRule): string | null {
  if (!rule.rules.length) return '至少需要一条规则';
  for (const [i, r] of rule.rules.entries()) {
    try {
      new RegExp(`^(?:${r.pattern})$`, 'u');
    } catch {
      return `第${i + 1}条规则的正则表达式无效：${r.pattern}`;
    }
  }
  try {
    compile(rule, rule.code);
    return null;
  } catch (e) {
    return (e as Error).message.replace(`${rule.code}: `, '');
  }
}

/**
 * Effect `checkRuleValid` (afterWrite of the module kept in sys_check_rule): a rule saved with a
 * pattern that does not compile is refused (400, nothing written) instead of failing later checks.
 */
export function registerRuleEffects(effects: Effects): void {
  effects.register('checkRuleValid', async (e) => {
    const w = e.write;
    if (!w || w.op === 'delete' || !w.ids.length) return;
    const codes = (await e.db.selectFrom(RULE_TABLE).select('rule_code').where('id', 'in', w.ids).execute()).map((r) => String(r.rule_code));
    for (const rule of await readRuleRows(e.db, codes)) {
      const problem = ruleError(rule);
      if (problem) throw badRequest(`校验规则「${rule.title}」：${problem}`);
    }
  });
}

/** Copies the files' rules whose code the table lacks (start, under the start lock). */
export async function seedRuleTable(db: Db, files: CheckRules): Promise<number> {
  const have = new Set((await db.selectFrom(RULE_TABLE).select('rule_code').execute()).map((r) => String(r.rule_code)));
  const now = nowText();
  let added = 0;
  for (const code of files.codes()) {
    if (have.has(code)) continue;
    const rule = files.get(code)!;
    const id = newId();
    const system = { tenant_id: SUPER_TENANT_ID, create_by: 'system', create_time: now, version: 1 };
    await db.insertInto(RULE_TABLE).values({ id, rule_code: code, rule_name: rule.title, rule_description: rule.description ?? null, ...system }).execute();
    const items = rule.rules.map((r, i) => ({ id: newId(), rule_id: id, digits: r.digits === undefined ? '*' : String(r.digits), pattern: r.pattern, message: r.message, sort_order: i + 1, ...system }));
    if (items.length) await db.insertInto(RULE_ITEM_TABLE).values(items).execute();
    added += 1;
  }
  return added;
}

export class LiveCheckRules implements RuleSource {
  private cached: { rules: CheckRules; at: number } | null = null;
  private generation = 0;

  constructor(private readonly database: Database, private readonly files: CheckRules) {}

  attach(bus: Bus): void {
    bus.subscribe('counts', (table) => {
      if (table === RESYNC || table === null || table === RULE_TABLE || table === RULE_ITEM_TABLE) this.clear();
    });
  }

  clear(): void {
    this.generation += 1;
    this.cached = null;
  }

  async current(now = Date.now()): Promise<CheckRules> {
    if (this.cached && now - this.cached.at < TTL_MS) return this.cached.rules;
    const gen = this.generation;
    const rows = await readRuleRows(this.database.db);
    const rules = this.files.withOverrides(CheckRules.tolerant(rows, (code, message) => console.error(`校验规则 ${code} 无法使用：${message}`)));
    if (gen === this.generation) this.cached = { rules, at: Date.now() };
    return rules;
  }
}
