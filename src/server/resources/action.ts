/**
 * call/form actions served by a registered effect (`<method> <api.path>`, body — or query for
 * GET — `{id?, ...formFields}`), through the write pipeline: target tenant, the form sanitized
 * and validated, its references and rule codes checked (pipeline.ts), then the effect in one
 * transaction with the real caller, and (for a method other than GET) the version of the row it
 * acted on moved on and the data log. The effect's return value is the result.
 */
import { inTransaction } from '../db/connection.js';
import { createFieldsValidator, type Validator } from '../../core/projections/validator.js';
import type { ResourceAction } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { ApiError, badRequest, notFound, MSG } from '../errors.js';
import { sanitizeRecord } from '../sanitize/index.js';
import type { Effect } from './effects.js';
import { rowToRecord, type ResourceModel } from './model.js';
import { checkTargetTenant, isObject, refuse, ruleProblems, type Caller } from './pipeline.js';
import { wordChecker } from './words.js';
import { checkRefs } from './refs.js';
import { nextVersion } from './version.js';
import { checkCaps } from './caps.js';
import { keepCounts } from './counts.js';
import { logWrites } from './write-log.js';

type Rec = Record<string, unknown>;

const validators = new WeakMap<ResourceAction, Validator>();

export async function runEffectAction(ctx: AppContext, m: ResourceModel, a: ResourceAction, effect: Effect, input: unknown, caller: Caller): Promise<unknown> {
  if (!isObject(input)) throw badRequest('请求体必须是对象');
  const { id: rawId, ...form } = input;
  const fields = a.form ?? [];
  let validate = validators.get(a);
  if (!validate) validators.set(a, (validate = createFieldsValidator(fields, { mode: 'add', registry: ctx.registry, name: `${m.name}:${a.action}` })));
  sanitizeRecord({ ...m.schema, fields, children: [] }, form);
  const r = validate(form, await ctx.dicts.enabledValues());
  if (!r.ok) throw badRequest(r.message, { errors: r.errors });
  await checkTargetTenant(ctx, caller);

  let before: Rec | null = null;
  const id = rawId === undefined || rawId === null || rawId === '' ? '' : String(rawId);
  if (a.placement === 'row' || id) {
    if (!id) throw badRequest('缺少参数：id');
    const row = await ctx.database.db.selectFrom(m.table).selectAll().where('id', '=', id).where('tenant_id', '=', caller.tenantId).executeTakeFirst();
    if (!row) throw notFound(MSG.noData);
    before = rowToRecord(m, row as Rec);
  }
  const refErrors = await checkRefs(ctx, ctx.database.db, fields, [{ values: r.value }], caller);
  if (refErrors.length) throw badRequest(`${refErrors[0]!.title}：${refErrors[0]!.message}`, { errors: [{ field: refErrors[0]!.field, message: refErrors[0]!.message }] });
  const problems = ruleProblems(await ctx.checkRules.current(), fields, r.value);
  if (problems.length) refuse(fields, problems);
  const wordProblems = (await wordChecker(ctx, caller.tenantId, [fields]))(fields, r.value);
  if (wordProblems.length) refuse(fields, wordProblems);

  const writes = a.api?.method !== 'GET';
  // work the effect defers until its changes are visible to every instance (cache drops, pushes)
  const committed: Array<() => void | Promise<void>> = [];
  const result = await inTransaction(ctx.database.db, async (trx) => {
    const out = await effect({ ctx, db: trx, model: m, caller, id, before, values: r.value, action: a, afterCommit: (fn) => { committed.push(fn); }, set() { throw new ApiError(500, 'set() 仅用于状态流转'); } });
    if (writes && id) {
      // the effect may have changed the row: its version moves on, so stale edit forms get 409
      await trx.updateTable(m.table).set({ version: nextVersion() }).where('id', '=', id).where('tenant_id', '=', caller.tenantId).execute();
      await checkCaps(ctx, trx, m, [id], caller.tenantId);
      await keepCounts(ctx, trx, m, [id], caller.tenantId);
      await logWrites(trx, caller, m.name, a.action, [id], undefined, { model: m });
    }
    return out;
  });
  for (const fn of committed) await fn();
  return result;
}
