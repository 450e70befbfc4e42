/**
 * 编码规则 (fill rules): numbering schemes an administrator may edit. An `autoNumber` field that
 * names a rule code (`autoNumber.rule`) is numbered with the prefix, date segment and digits of
 * the row of that code in the module serving `fillRules`, read in the write's transaction (so the next number after
 * an edit follows it at once, on every instance); without the row the schema's own declaration
 * applies. On start each rule code the schemas name is written into the table when missing
 * (platform rows; an administrator's edit is never overwritten).
 */
import type { Kysely } from 'kysely';
import type { AutoNumberSpec } from '../../core/schema/types.js';
import type { Registry } from '../../core/schema/registry.js';
import { SUPER_TENANT_ID } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import type { FillRuleSource } from '../resources/model.js';
/** Stored date segment of a rule: a dayjs-like pattern, or '' for none. */
const DATES = new Set(['yyyyMMdd', 'yyyyMM']);

type Db = Kysely<any>;

/** The numbering of a field: its rule's row when there is one, else its declaration. */
export async function effectiveAutoNumber(db: Db, spec: AutoNumberSpec, rules: FillRuleSource | undefined): Promise<AutoNumberSpec> {
  // a schema naming a rule has the fill-rule module (linter)
  if (!spec.rule || !rules) return spec;
  const c = rules.columns;
  const row = await db
    .selectFrom(rules.table)
    .select([`${c.prefix} as prefix`, `${c.dateFormat} as date_format`, `${c.digits} as digits`])
    .where(c.ruleCode, '=', spec.rule)
    .executeTakeFirst();
  if (!row) return spec;
  const digits = Number(row.digits);
  const date = DATES.has(String(row.date_format)) ? (String(row.date_format) as 'yyyyMMdd' | 'yyyyMM') : false;
  return { prefix: String(row.prefix ?? ''), date, digits: Number.isInteger(digits) && digits > 0 ? digits : spec.digits, rule: spec.rule };
}

/** Writes the rule codes the schemas name and the table lacks (start, under the start lock). */
export async function seedFillRules(db: Db, registry: Registry, rules: FillRuleSource): Promise<void> {
  const c = rules.columns;
  const have = new Set((await db.selectFrom(rules.table).select(`${c.ruleCode} as code`).execute()).map((r) => String(r.code)));
  const now = nowText();
  for (const s of registry.resources.values()) {
    for (const f of s.fields) {
      const a = f.autoNumber;
      if (!a?.rule || have.has(a.rule)) continue;
      have.add(a.rule);
      await db
        .insertInto(rules.table)
        .values({
          id: newId(), tenant_id: SUPER_TENANT_ID, create_by: 'system', create_time: now, version: 1,
          [c.ruleCode]: a.rule, [c.ruleName]: `${s.entity}${f.title}`, [c.prefix]: a.prefix, [c.dateFormat]: a.date || 'none', [c.digits]: a.digits,
          [c.remark]: `${s.title}「${f.title}」的编号`,
        })
        .execute();
    }
  }
}
