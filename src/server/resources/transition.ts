/**
 * PUT <base>/<action>: one state transition, body `{id, version?, ...formFields}`, through the
 * write pipeline (pipeline.ts):
 *
 * - a key that is neither `id`, `version` nor a field of the transition's form: 400
 *   `不支持的字段：<key>`; permission is checked by the route (403); the row must be the
 *   caller's tenant's (404); its state must be one of `from` (else 400
 *   `当前状态「<label>」不允许执行「<title>」`, nothing written);
 * - the form is sanitized and validated; form fields that are fields of the resource are
 *   stored, each subject to field edit access (403 `没有权限修改字段：<title>`), references,
 *   rule codes, compute and uniqueness like any edit;
 * - `version` sent (single-row calls): 409 `数据已被他人修改` when the row moved; batch calls
 *   without it rely on the state guard: the update is a compare-and-set on the state, so two
 *   concurrent transitions cannot both pass;
 * - in one transaction: the named effect, the `ledger` posting (ledger.ts), the update (state `to`, audit columns, version + 1),
 *   `supersede` (the group's other rows in state `to` move on), the resource's
 *   `effects.afterWrite` with the real caller, and the data log.
 */
import { inTransaction } from '../db/connection.js';
import { createFieldsValidator, type Validator } from '../../core/projections/validator.js';
import { transitionField, type Transition } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { nowText } from '../db/ids.js';
import { ApiError, badRequest, notFound, MSG } from '../errors.js';
import { sanitizeRecord } from '../sanitize/index.js';
import { childLinks } from './children.js';
import { computeValues } from './derive.js';
import { checkEditableFields } from './guard.js';
import { transitionSetColumns } from './transition-set.js';
import { rowToRecord, toStored, type ResourceModel } from './model.js';
import { whenRefusal } from './transition-when.js';
import { checkTargetTenant, isObject, refuse, ruleProblems, type Caller } from './pipeline.js';
import { wordChecker } from './words.js';
import { checkRefs } from './refs.js';
import { conflict, nextVersion, sentVersion, storedVersion, VersionMoved } from './version.js';
import { checkUnique, flush, runAfterWrite, type Pending } from './write.js';
import { checkCaps } from './caps.js';
import { keepCounts } from './counts.js';
import { logWrites } from './write-log.js';
import { supersedeOthers } from './supersede.js';
import { postLedger } from './ledger.js';

type Rec = Record<string, unknown>;

const validators = new WeakMap<Transition, Validator>();

function formValidator(ctx: AppContext, m: ResourceModel, t: Transition): Validator {
  let v = validators.get(t);
  if (!v) validators.set(t, (v = createFieldsValidator(t.form ?? [], { mode: 'add', registry: ctx.registry, name: `${m.name}:${t.action}` })));
  return v;
}

function stateLabel(ctx: AppContext, m: ResourceModel, t: Transition, value: unknown): string {
  const f = m.byKey.get(transitionField(m.schema, t))!.field;
  const d = f.dict ? ctx.registry.dicts.get(f.dict) : undefined;
  const v = value === null || value === undefined ? '' : String(value);
  return d?.items.find((i) => i.value === v)?.text ?? (v || '空');
}

/** Keys of a transition / action body besides the form's: refused when unknown. */
export function refuseUnknownKeys(body: Rec, formKeys: Iterable<string>, allowed: string[]): void {
  const known = new Set([...allowed, ...formKeys]);
  const unknown = Object.keys(body).find((k) => !known.has(k));
  if (unknown !== undefined) throw badRequest(`不支持的字段：${unknown.slice(0, 64)}`);
}

export async function runTransition(ctx: AppContext, m: ResourceModel, t: Transition, body: unknown, caller: Caller): Promise<string> {
  if (!isObject(body)) throw badRequest('请求体必须是对象');
  const formFields = t.form ?? [];
  refuseUnknownKeys(body, formFields.map((f) => f.key), ['id', 'version']);
  const { id: rawId, version: _sent, ...form } = body;
  if ((typeof rawId !== 'string' && typeof rawId !== 'number') || String(rawId) === '' || String(rawId).length > 64) throw badRequest('缺少参数：id');
  const id = String(rawId);
  // a single-row call sends the version it read; batch calls (no version) rely on the state guard
  const version = sentVersion(body, false);
  await checkTargetTenant(ctx, caller);
  const stateCol = m.byKey.get(transitionField(m.schema, t))!;

  const row = await ctx.database.db.selectFrom(m.table).selectAll().where('id', '=', id).where('tenant_id', '=', caller.tenantId).executeTakeFirst();
  if (!row) throw notFound(MSG.noData);
  const refuseState = (state: unknown) => badRequest(`当前状态「${stateLabel(ctx, m, t, state)}」不允许执行「${t.title}」`);
  const current = row[stateCol.column];
  if (current === null || current === undefined || !t.from.includes(String(current))) throw refuseState(current);
  // `when`: the row's other fields must allow it too (a rejected prescription is not uploaded)
  const whenFails = whenRefusal(ctx, m, t, rowToRecord(m, row as Rec));
  if (whenFails) throw badRequest(whenFails);
  if (version !== undefined && storedVersion(row as Rec) !== version) throw await conflict(ctx, m, id, caller.tenantId, caller.user);

  // sanitize + validate the form
  sanitizeRecord({ ...m.schema, fields: formFields, children: [] }, form);
  const r = formValidator(ctx, m, t)(form, await ctx.dicts.enabledValues());
  if (!r.ok) throw badRequest(r.message, { errors: r.errors });

  // the form's values that are fields of the resource are stored: field edit access first
  const stored: Rec = { ...r.value };
  for (const k of Object.keys(stored)) {
    const c = m.byKey.get(k);
    if (!c || c === stateCol || c.secret) delete stored[k];
  }
  const sentStored: Rec = {};
  for (const k of Object.keys(stored)) sentStored[k] = form[k];
  checkEditableFields(m, stored, sentStored, row as Rec, caller.user);

  // references (form fields, resource fields or not) and rule codes
  const before = rowToRecord(m, row as Rec);
  const refErrors = await checkRefs(ctx, ctx.database.db, formFields, [{ values: r.value, stored: before }], caller);
  if (refErrors.length) throw badRequest(`${refErrors[0]!.title}：${refErrors[0]!.message}`, { errors: [{ field: refErrors[0]!.field, message: refErrors[0]!.message }] });
  const problems = ruleProblems(await ctx.checkRules.current(), formFields, r.value);
  if (problems.length) refuse(formFields, problems);
  const wordProblems = (await wordChecker(ctx, caller.tenantId, [formFields]))(formFields, r.value);
  if (wordProblems.length) refuse(formFields, wordProblems);
  for (const k of Object.keys(stored)) stored[k] = r.value[k];

  // compute: computed fields follow the stored values that change
  const set: Rec = {};
  if (Object.keys(stored).length && m.fields.some((c) => c.field.compute)) {
    await computeValues(ctx, m, { values: stored, children: {}, links: childLinks(ctx, m), tenantId: caller.tenantId, existing: row as Rec, id });
  }
  for (const [k, v] of Object.entries(stored)) set[m.byKey.get(k)!.column] = toStored(m.byKey.get(k)!, v);

  Object.assign(set, transitionSetColumns(m, t, caller, row as Record<string, unknown>));
  const now = nowText();
  const pending: Pending = [];
  try {
    await inTransaction(ctx.database.db, async (trx) => {
      const extra: Rec = {};
      let to = t.to;
      const name = t.effect;
      if (name) {
        const effect = ctx.effects.get(name);
        if (!effect) throw new ApiError(500, `服务端效果未注册：${name}`);
        await effect({
          ctx, db: trx, model: m, caller, id, before, values: r.value, transition: t,
          set(values) { Object.assign(extra, values); },
          afterCommit(fn) { pending.push(fn); },
          follow(action) {
            // only a declared transition that starts where this one ends
            const next = m.schema.states!.transitions.find((x) => x.action === action && x.from.includes(to));
            if (!next) throw new ApiError(500, `流转「${t.title}」之后不能执行：${action}`);
            Object.assign(set, transitionSetColumns(m, next, caller, row as Record<string, unknown>));
            to = next.to;
          },
        });
      }
      if (t.ledger) await postLedger(ctx, trx, m, t.ledger, id, { ...(row as Rec), ...set }, caller);
      for (const [k, v] of Object.entries(extra)) {
        const c = m.byKey.get(k);
        if (c && c !== stateCol) set[c.column] = toStored(c, v);
      }
      await checkUnique(trx, m, set, caller.tenantId, id);
      const res = await trx
        .updateTable(m.table)
        .set({ ...set, [stateCol.column]: to, update_by: caller.user.username, update_time: now, version: nextVersion() })
        .where('id', '=', id)
        .where('tenant_id', '=', caller.tenantId)
        .where(stateCol.column, 'in', t.from)
        .$if(version !== undefined, (q) => q.where('version', '=', version!))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) {
        if (version !== undefined) throw new VersionMoved();
        // another call changed the state in between: report the state it is in now
        const again = await trx.selectFrom(m.table).select(`${stateCol.column} as s`).where('id', '=', id).executeTakeFirst();
        throw refuseState(again?.s);
      }
      await checkCaps(ctx, trx, m, [id], caller.tenantId);
      await keepCounts(ctx, trx, m, [id], caller.tenantId, [row as Rec]);
      // one current row per group: the others of the group leave the state this row entered
      if (t.supersede) await supersedeOthers(trx, m, t, caller, id, { ...(row as Rec), ...set });
      await runAfterWrite(ctx, trx, m, caller, 'edit', [id], r.value, pending);
      await logWrites(trx, caller, m.name, t.action, [id], storedVersion(row as Rec) + 1, { model: m, before: [row as Rec] });
    });
  } catch (e) {
    if (!(e instanceof VersionMoved)) throw e;
    throw await conflict(ctx, m, id, caller.tenantId, caller.user);
  }
  await flush(pending);
  return id;
}
