/**
 * Server effects: named behaviour a schema refers to (`states.transitions[].effect`,
 * `actions[].effect`, `effects.afterWrite[]`) and schemas/registry.json lists for the linter.
 * An effect runs inside the transaction of its transition/action/write: throwing rolls
 * everything back. System effects live beside their system (e.g. src/server/auth/effects.ts).
 *
 *   effects.register('auditStamp', async (e) => { e.set({ auditBy: e.caller.user.username }) });
 */
import type { Kysely } from 'kysely';
import { codeFor, lookupOf } from '../../core/access/index.js';
import { transitionField, type ResourceAction, type Transition } from '../../core/schema/types.js';
import { evaluateCondition } from '../../core/validators/index.js';
import type { AppContext } from '../context.js';
import { nowText } from '../db/ids.js';
import { badRequest, forbidden } from '../errors.js';
import { callerCan } from './guard.js';
import { rowToRecord, toStored, type FieldCol, type ResourceModel } from './model.js';
import { whenRefusal } from './transition-when.js';
import { transitionSetColumns } from './transition-set.js';
import { nextVersion, storedVersion } from './version.js';
import type { Caller } from './write.js';
import { logWrites } from './write-log.js';

export interface EffectContext {
  ctx: AppContext;
  /** The open transaction. */
  db: Kysely<any>;
  model: ResourceModel;
  caller: Caller;
  /** Row id the transition/action applies to ('' for toolbar actions). */
  id: string;
  /** The row before the change (API record), null for toolbar actions. */
  before: Record<string, unknown> | null;
  /** Validated values of the transition/action form (all of them, stored or not). */
  values: Record<string, unknown>;
  transition?: Transition;
  action?: ResourceAction;
  /**
   * `effects.afterWrite`: the generic write that ran (`id` is its first id, `before` null,
   * `values` the validated payload of add/edit, `set` ignored).
   */
  write?: { op: 'add' | 'edit' | 'delete'; ids: string[] };
  /** Work to do once the transaction has committed (dropping caches, pushing to sockets): writes, transitions and effect actions. */
  afterCommit?(fn: () => void | Promise<void>): void;
  /** Transitions: extra field values (by key) written with the state change. */
  set(values: Record<string, unknown>): void;
  /**
   * Transitions: the row goes on, in the same write, through the declared transition `action`
   * whose `from` holds this transition's `to` (it ends in that one's `to`, with its `set`);
   * e.g. a comparison decides between 对账平 and 对账不平.
   */
  follow?(action: string): void;
}

/** What the effect returns becomes the `result` of the call (transitions: ignored). */
export type Effect = (e: EffectContext) => Promise<unknown> | unknown;

/** The effects of one app instance, filled in app.ts (buildApp) — never by importing a file. */
export class Effects {
  private byName = new Map<string, Effect>();

  register(name: string, fn: Effect): this {
    if (this.byName.has(name)) throw new Error(`服务端效果重复注册：${name}`);
    this.byName.set(name, fn);
    return this;
  }

  get(name: string): Effect | undefined {
    return this.byName.get(name);
  }

  names(): string[] {
    return [...this.byName.keys()].sort();
  }
}

/** Generic effects any module may name. */
export function registerGenericEffects(effects: Effects): void {
  /** Records who decided and when, in `auditBy` / `auditTime` when the resource has them. */
  effects.register('auditStamp', (e) => {
    const out: Record<string, unknown> = {};
    if (e.model.byKey.has('auditBy')) out.auditBy = e.caller.user.realname || e.caller.user.username;
    if (e.model.byKey.has('auditTime')) out.auditTime = nowText();
    e.set(out);
  });

  effects.register('payReferenced', payReferenced);
  effects.register('refundReferenced', refundReferenced);
}

/** The transition a referenced record takes when this row confirms its payment. */
const PAY_ACTION = 'pay';

/**
 * `payReferenced` (transition effect): a payment confirmed here pays what it is for. Every record
 * the row references through a VISIBLE `ref` field (a field hidden by its `visibleWhen` does not
 * count: an order of another order type) whose resource declares a transition `pay` takes that
 * transition in the same transaction — its `from` states, its `to` state, its `set` (pay time,
 * pay status), its own effect — e.g. a payment log that succeeded or an offline payment that was
 * confirmed marks its order paid. The caller must hold the target's `pay` code (403 otherwise,
 * nothing written); a record not in a state `pay` starts from refuses the whole transition with
 * 400 `<field>：当前状态「x」不允许执行「<pay title>」` (an order cancelled or paid twice).
 */
async function payReferenced(e: EffectContext): Promise<void> {
  const before = e.before ?? {};
  for (const c of e.model.fields) {
    const ref = c.field.ref;
    const value = before[c.key];
    if (c.field.kind !== 'ref' || !ref || value === null || value === undefined || value === '') continue;
    if (c.field.visibleWhen && !evaluateCondition(c.field.visibleWhen, before)) continue;
    const target = e.ctx.models.get(ref.resource);
    const t = target?.schema.states?.transitions.find((x) => x.action === PAY_ACTION);
    if (!target || !t) continue;
    await takeReferenced(e, c, target, t, String(value));
  }
}

/**
 * The record `value` of `target`, named by the ref field `c` of the row, takes `t` in the same
 * transaction: the caller must hold its code (403 otherwise), the record must be in one of its
 * `from` states (400 `<field>：当前状态「x」不允许执行「<title>」`), its `set` and its own effect
 * are written with the state, the data log records it.
 */
async function takeReferenced(e: EffectContext, c: FieldCol, target: ResourceModel, t: Transition, value: string): Promise<void> {
  const ref = c.field.ref!;
  const lookup = lookupOf([...e.ctx.models.values()].map((x) => x.schema));
  const code = codeFor(target.schema, t.action, lookup);
  if (!callerCan(e.caller.user, code)) throw forbidden(code);
  const stateCol = target.byKey.get(transitionField(target.schema, t))!;
  const valueCol = ref.value && ref.value !== 'id' ? target.byKey.get(ref.value)?.column ?? 'id' : 'id';
  const row = await e.db.selectFrom(target.table).selectAll().where(valueCol, '=', value).where('tenant_id', '=', e.caller.tenantId).executeTakeFirst();
  if (!row) throw badRequest(`${c.field.title}：选择的记录不存在或无权使用`);
  const refuse = (state: unknown) => {
    const d = stateCol.field.dict ? e.ctx.registry.dicts.get(stateCol.field.dict) : undefined;
    const label = d?.items.find((i) => i.value === String(state ?? ''))?.text ?? String(state ?? '空');
    return badRequest(`${c.field.title}：当前状态「${label}」不允许执行「${t.title}」`, { errors: [{ field: c.key, message: `当前状态「${label}」不允许执行「${t.title}」` }] });
  };
  if (!t.from.includes(String(row[stateCol.column] ?? ''))) throw refuse(row[stateCol.column]);
  const whenFails = whenRefusal(e.ctx, target, t, rowToRecord(target, row));
  if (whenFails) throw badRequest(`${c.field.title}：${whenFails}`, { errors: [{ field: c.key, message: whenFails }] });
  const set: Record<string, unknown> = transitionSetColumns(target, t, e.caller, row);
  if (t.effect) {
    const inner = e.ctx.effects.get(t.effect);
    if (!inner) throw new Error(`服务端效果未注册：${t.effect}`);
    const extra: Record<string, unknown> = {};
    await inner({ ...e, model: target, id: String(row.id), before: rowToRecord(target, row), values: {}, transition: t, action: undefined, write: undefined, set(v) { Object.assign(extra, v); } });
    for (const [k, v] of Object.entries(extra)) {
      const col = target.byKey.get(k);
      if (col && col !== stateCol) set[col.column] = toStored(col, v);
    }
  }
  const res = await e.db.updateTable(target.table)
    .set({ ...set, [stateCol.column]: t.to, update_by: e.caller.user.username, update_time: nowText(), version: nextVersion() })
    .where('id', '=', row.id).where('tenant_id', '=', e.caller.tenantId).where(stateCol.column, 'in', t.from)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw refuse(undefined);
  await logWrites(e.db, e.caller, target.name, t.action, [String(row.id)], storedVersion(row) + 1);
}

/** The transition a referenced record takes once this row and its siblings have refunded all of it. */
const REFUND_ACTION = 'refund';

/**
 * `refundReferenced` (transition effect, e.g. a refund's 退款成功): for every capped reference of
 * the row (`capBy`: the order it refunds, through a visible ref field), the rows naming the same
 * record that are in this transition's `to` state — this row included — are added up; once they
 * reach the cap (what the order paid), the record takes its transition `refund` as
 * `payReferenced` does (code, from-states, set, effect, data log), e.g. a drug order fully
 * refunded becomes 已退款. A partial refund leaves the record's state as it is; a record whose
 * resource declares no `refund` transition is left alone.
 */
async function refundReferenced(e: EffectContext): Promise<void> {
  const before = e.before ?? {};
  const done = e.transition!;
  const doneCol = e.model.byKey.get(transitionField(e.model.schema, done))!;
  for (const f of e.model.fields) {
    const caps = f.field.capBy ? (Array.isArray(f.field.capBy) ? f.field.capBy : [f.field.capBy]) : [];
    for (const cap of caps) {
      const c = e.model.byKey.get(cap.ref);
      const value = before[cap.ref];
      if (!c?.field.ref || value === null || value === undefined || value === '') continue;
      if (c.field.visibleWhen && !evaluateCondition(c.field.visibleWhen, before)) continue;
      const target = e.ctx.models.get(c.field.ref.resource);
      const t = target?.schema.states?.transitions.find((x) => x.action === REFUND_ACTION);
      const capCol = target?.byKey.get(cap.field);
      if (!target || !t || !capCol) continue;
      // stored units on both sides (money: whole fen), so the comparison is exact
      const rows = await e.db.selectFrom(e.model.table).select(['id', `${f.column} as a`, `${doneCol.column} as s`])
        .where('tenant_id', '=', e.caller.tenantId).where(c.column, '=', String(value)).execute();
      const total = rows.filter((r) => String(r.id) === e.id || String(r.s ?? '') === done.to).reduce((n, r) => n + Number(r.a ?? 0), 0);
      const owner = await e.db.selectFrom(target.table).select(`${capCol.column} as cap`).where('id', '=', String(value)).where('tenant_id', '=', e.caller.tenantId).executeTakeFirst();
      if (!owner || total < Number(owner.cap ?? 0)) continue;
      await takeReferenced(e, c, target, t, String(value));
    }
  }
}

/**
 * Drops every cached session, on every instance (through the bus), once the write has
 * committed: for a write that changes what sessions hold (roles, grants, data rules, tenants).
 */
export function dropSessionsAfterCommit(e: EffectContext): void {
  if (e.afterCommit) e.afterCommit(() => e.ctx.sessions.drop());
  else e.ctx.sessions.drop();
}
