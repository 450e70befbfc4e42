/**
 * PUT <base>/<action>: one state transition, body `{id, ...formFields}`.
 * Permission is checked by the route (403); the row must be the caller's tenant's (404);
 * its state must be one of `from` (else 400 `当前状态「<label>」不允许执行「<title>」`, nothing
 * written); the form is validated like any form; form fields that are fields of the resource
 * are stored; the state becomes `to` with audit columns; the named effect runs in the same
 * transaction. The update is guarded by the state (compare-and-set), so two concurrent
 * transitions cannot both pass.
 */
import { createFieldsValidator, type Validator } from '../../core/projections/validator.js';
import type { Transition } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { nowText } from '../db/ids.js';
import { ApiError, badRequest, notFound, MSG } from '../errors.js';
import { getEffect } from './effects.js';
import { transitionSetColumns } from './transition-set.js';
import { rowToRecord, toStored, type ResourceModel } from './model.js';
import type { Caller } from './write.js';

const validators = new WeakMap<Transition, Validator>();

function formValidator(ctx: AppContext, m: ResourceModel, t: Transition): Validator {
  let v = validators.get(t);
  if (!v) validators.set(t, (v = createFieldsValidator(t.form ?? [], { mode: 'add', registry: ctx.registry, name: `${m.name}:${t.action}` })));
  return v;
}

function stateLabel(ctx: AppContext, m: ResourceModel, value: unknown): string {
  const f = m.byKey.get(m.schema.states!.field)!.field;
  const d = f.dict ? ctx.registry.dicts.get(f.dict) : undefined;
  const v = value === null || value === undefined ? '' : String(value);
  return d?.items.find((i) => i.value === v)?.text ?? (v || '空');
}

export async function runTransition(ctx: AppContext, m: ResourceModel, t: Transition, body: unknown, caller: Caller): Promise<string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('请求体必须是对象');
  const { id: rawId, ...form } = body as Record<string, unknown>;
  if ((typeof rawId !== 'string' && typeof rawId !== 'number') || String(rawId) === '' || String(rawId).length > 64) throw badRequest('缺少参数：id');
  const id = String(rawId);
  const stateCol = m.byKey.get(m.schema.states!.field)!;

  const row = await ctx.database.db.selectFrom(m.table).selectAll().where('id', '=', id).where('tenant_id', '=', caller.tenantId).executeTakeFirst();
  if (!row) throw notFound(MSG.noData);
  const refuse = (state: unknown) => badRequest(`当前状态「${stateLabel(ctx, m, state)}」不允许执行「${t.title}」`);
  const current = row[stateCol.column];
  if (current === null || current === undefined || !t.from.includes(String(current))) throw refuse(current);

  const r = formValidator(ctx, m, t)(form);
  if (!r.ok) throw badRequest(r.message, { errors: r.errors });

  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r.value)) {
    const c = m.byKey.get(k);
    if (c && c !== stateCol && !c.secret) set[c.column] = toStored(c, v);
  }
  Object.assign(set, transitionSetColumns(m, t, caller, row as Record<string, unknown>));
  const now = nowText();
  await ctx.database.db.transaction().execute(async (trx) => {
    const extra: Record<string, unknown> = {};
    const name = t.effect;
    if (name) {
      const effect = getEffect(name);
      if (!effect) throw new ApiError(500, `服务端效果未注册：${name}`);
      await effect({
        ctx, db: trx, model: m, caller, id, before: rowToRecord(m, row as Record<string, unknown>), values: r.value, transition: t,
        set(values) { Object.assign(extra, values); },
      });
    }
    for (const [k, v] of Object.entries(extra)) {
      const c = m.byKey.get(k);
      if (c && c !== stateCol) set[c.column] = toStored(c, v);
    }
    const res = await trx
      .updateTable(m.table)
      .set({ ...set, [stateCol.column]: t.to, update_by: caller.user.username, update_time: now })
      .where('id', '=', id)
      .where('tenant_id', '=', caller.tenantId)
      .where(stateCol.column, 'in', t.from)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) {
      // another call changed the state in between: report the state it is in now
      const again = await trx.selectFrom(m.table).select(`${stateCol.column} as s`).where('id', '=', id).executeTakeFirst();
      throw refuse(again?.s);
    }
  });
  ctx.counts.invalidate(m.table);
  return id;
}
