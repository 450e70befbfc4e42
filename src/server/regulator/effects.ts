/**
 * Regulator upload effects (schemas/registry.json "effects"):
 * - `regulatorEnqueue` (a transition of a resource declaring `upload`): queues the record for
 *   every regulator configuration of the tenant that is enabled and uploads (400
 *   `未配置启用上报的监管平台` when there is none, nothing changes); the payload is the record's
 *   fields with the labels of its dicts and refs, taken inside the transition's transaction.
 *   The record's upload status becomes 上报中 and its failure reason is cleared.
 * - `uploadRetry` (row action of the queue): a 上报失败 row goes back to 待上报 with its
 *   failures counted from zero; its source is 上报中 again.
 * - `uploadIgnore` (row action of the queue, with a reason): a row not yet sent, retrying or
 *   failed is 已忽略 and never sent; its source is 已忽略.
 */
import type { Kysely } from 'kysely';
import { UPLOAD_STATES } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { badRequest } from '../errors.js';
import type { EffectContext, Effects } from '../resources/effects.js';
import { logWrites } from '../resources/write-log.js';
import { rowToRecord, type ResourceModel } from '../resources/model.js';
import { columns, payloadFields, queueModels, settleSource } from './queue.js';

type Rec = Record<string, unknown>;

export const MSG_NO_REGULATOR = '未配置启用上报的监管平台，请先在“监管机构配置”中启用上报';

const STATE_TEXT: Record<string, string> = { '0': '待上报', '1': '上报中', '2': '已上报', '3': '上报失败', '4': '重试中', '5': '已忽略' };

/** Labels of the record's dict and ref values (`<key>_dictText`), read in the open transaction. */
async function labelled(ctx: AppContext, db: Kysely<any>, m: ResourceModel, rec: Rec, tenantId: number): Promise<Rec> {
  const out: Rec = {};
  for (const key of payloadFields(m.schema)) {
    const f = m.byKey.get(key)?.field;
    const v = rec[key];
    if (!f) continue;
    out[key] = v ?? null;
    if (v === null || v === undefined || v === '') continue;
    const values = String(v).split(',');
    if (f.kind === 'dict' && f.dict) {
      const items = ctx.registry.dicts.get(f.dict)?.items ?? [];
      out[`${key}_dictText`] = values.map((x) => items.find((it) => it.value === x)?.text ?? x).join(',');
    } else if ((f.kind === 'ref' || f.kind === 'refs' || f.kind === 'treeRef') && f.ref) {
      const target = ctx.models.get(f.ref.resource);
      const labelCol = target?.byKey.get(f.ref.label)?.column ?? (f.ref.label === 'id' ? 'id' : undefined);
      const valueCol = f.ref.value ? target?.byKey.get(f.ref.value)?.column ?? f.ref.value : 'id';
      if (!target || !labelCol) continue;
      const rows = await db.selectFrom(target.table).select([`${valueCol} as v`, `${labelCol} as l`]).where('tenant_id', '=', tenantId).where(valueCol, 'in', values).execute();
      const byValue = new Map(rows.map((r) => [String(r.v), r.l == null ? '' : String(r.l)]));
      out[`${key}_dictText`] = values.map((x) => byValue.get(x) ?? x).join(',');
    }
  }
  return out;
}

/** The queue row of an action, in the caller's tenant. */
async function queueRow(e: { ctx: AppContext; db: Kysely<any>; id: string; caller: { tenantId: number } }): Promise<{ queue: ResourceModel; rec: Rec }> {
  const models = queueModels(e.ctx);
  if (!models) throw badRequest('未声明上报队列');
  const row = await e.db.selectFrom(models.queue.table).selectAll().where('id', '=', e.id).where('tenant_id', '=', e.caller.tenantId).executeTakeFirst();
  if (!row) throw badRequest('上报记录不存在');
  return { queue: models.queue, rec: rowToRecord(models.queue, row as Rec) };
}

/** The source record follows a queue action, in the action's transaction and data log. */
async function settleLogged(e: EffectContext, rec: Rec, status: string): Promise<void> {
  const source = String(rec.sourceResource ?? '');
  if (await settleSource(e.ctx, source, String(rec.sourceId ?? ''), e.caller.tenantId, status, nowText(), null, e.db)) {
    await logWrites(e.db, e.caller, source, e.action?.action ?? 'upload', [String(rec.sourceId)]);
  }
}

/** The row moved meanwhile (the queue claimed it): the action changes nothing. */
async function guarded(p: Promise<{ numUpdatedRows: bigint }>): Promise<void> {
  if (Number((await p).numUpdatedRows) !== 1) throw badRequest('上报记录的状态已变化，请刷新后重试');
}

export function registerRegulatorEffects(effects: Effects): void {
  effects.register('regulatorEnqueue', async (e) => {
    const u = e.model.schema.upload;
    const models = queueModels(e.ctx);
    if (!u || !models || !e.before) throw badRequest('该模块未声明上报（upload）');
    const { queue, org } = models;
    const tenantId = e.caller.tenantId;
    const configs = (await e.db.selectFrom(org.table).selectAll().where('tenant_id', '=', tenantId).execute())
      .map((r) => rowToRecord(org, r as Rec))
      .filter((c) => c.uploadEnabled === true && String(c.status) === '1');
    if (configs.length === 0) throw badRequest(MSG_NO_REGULATOR);
    const payload = await labelled(e.ctx, e.db, e.model, e.before, tenantId);
    // the regulator's calls carry the operator (userId, username) beside the record
    const operator = { userId: e.caller.user.id, username: e.caller.user.username };
    const bizNo = String(payload[`${u.bizNo}_dictText`] ?? payload[u.bizNo] ?? e.id);
    const now = nowText();
    const ids: string[] = [];
    for (const c of configs) {
      ids.push(newId());
      await e.db.insertInto(queue.table).values({
        id: ids[ids.length - 1], tenant_id: tenantId, create_by: e.caller.user.username, create_time: now, version: 1,
        ...columns(queue, {
          uploadType: u.type, bizNo, orgId: c.id, sourceResource: e.model.name, sourceId: e.id, payload: { ...payload, ...operator },
          status: UPLOAD_STATES.pending, retryCount: 0,
        }),
      }).execute();
    }
    await logWrites(e.db, e.caller, queue.name, 'add', ids, 1);
    const set: Rec = {};
    if (u.status !== (e.transition?.field ?? e.model.schema.states?.field)) set[u.status] = UPLOAD_STATES.sending;
    if (u.reason) set[u.reason] = null;
    e.set(set);
  });

  effects.register('uploadRetry', async (e) => {
    const { queue, rec } = await queueRow(e);
    if (String(rec.status) !== UPLOAD_STATES.failed) throw badRequest(`当前状态「${STATE_TEXT[String(rec.status)] ?? rec.status}」不允许执行「重新上报」`);
    await guarded(e.db.updateTable(queue.table).set(columns(queue, { status: UPLOAD_STATES.pending, retryCount: 0, nextTime: null, failReason: null })).where('id', '=', e.id).where(queue.byKey.get('status')!.column, '=', rec.status).executeTakeFirst());
    await settleLogged(e, rec, UPLOAD_STATES.sending);
    return e.id;
  });

  effects.register('uploadIgnore', async (e) => {
    const { queue, rec } = await queueRow(e);
    const from: string[] = [UPLOAD_STATES.pending, UPLOAD_STATES.failed, UPLOAD_STATES.retrying];
    if (!from.includes(String(rec.status))) throw badRequest(`当前状态「${STATE_TEXT[String(rec.status)] ?? rec.status}」不允许执行「忽略」`);
    await guarded(e.db.updateTable(queue.table).set(columns(queue, { status: UPLOAD_STATES.ignored, nextTime: null, ignoreReason: e.values.ignoreReason })).where('id', '=', e.id).where(queue.byKey.get('status')!.column, '=', rec.status).executeTakeFirst());
    await settleLogged(e, rec, UPLOAD_STATES.ignored);
    return e.id;
  });
}
