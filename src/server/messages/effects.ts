/**
 * `channelSend` (row action with a recipient ref in its form): sends the record's `content`
 * through each of its `channels` (a multiple dict) to the recipient by the message adapter,
 * and writes one send-log row per channel into the record's child whose rows have `channel`,
 * `sendTime` and `result` fields (the recipient ref of the form, the time, 已发送 / 发送失败
 * and the failure reason), in the action's transaction and data log. The channel dictionary's
 * texts name the channel kinds of the channel layer (channels/registry.ts); the recipient's
 * phone and e-mail are its first `phone` / `email` fields. The action's
 * `visibleWhen` is enforced: a reminder that is off is refused `当前记录不能执行「<title>」`.
 */
import { evaluateCondition } from '../../core/validators/index.js';
import { newId, nowText } from '../db/ids.js';
import { badRequest } from '../errors.js';
import type { Effects } from '../resources/effects.js';
import { childLinks } from '../resources/children.js';
import { toStored } from '../resources/model.js';
import { logWrites } from '../resources/write-log.js';
import { channelKindOf, sendThrough, type Recipient } from '../channels/registry.js';

type Rec = Record<string, unknown>;

/** Values of the result dictionary: sent and failed. */
const SENT = '1';
const FAILED = '2';

export function registerMessageEffects(effects: Effects): void {
  effects.register('channelSend', async (e) => {
    const a = e.action;
    const rec = e.before;
    if (!a || !rec) throw badRequest('缺少参数：id');
    if (a.visibleWhen && !evaluateCondition(a.visibleWhen, rec)) throw badRequest(`当前记录不能执行「${a.title}」`);
    const link = childLinks(e.ctx, e.model).find((l) => ['channel', 'sendTime', 'result'].every((k) => l.model.byKey.has(k)));
    const channelsField = e.model.byKey.get('channels')?.field;
    if (!link || !channelsField?.dict) throw badRequest('该模块没有发送记录子表或发送渠道');
    const recipient = (a.form ?? []).find((f) => f.kind === 'ref' && link.model.byKey.has(f.key));
    if (!recipient) throw badRequest('该动作的表单没有接收人');
    const toId = String(e.values[recipient.key] ?? '');
    const target = e.ctx.models.get(recipient.ref!.resource)!;
    const labelCol = target.byKey.get(recipient.ref!.label)?.column ?? 'id';
    const address = (kind: string) => target.fields.find((f) => f.field.kind === kind)?.column;
    const phoneCol = address('phone');
    const emailCol = address('email');
    const toRow = await e.db.selectFrom(target.table)
      .select([`${labelCol} as l`, `${phoneCol ?? 'id'} as p`, `${emailCol ?? 'id'} as m`])
      .where('id', '=', toId).where('tenant_id', '=', e.caller.tenantId).executeTakeFirst();
    const to: Recipient = {
      id: toId, label: String(toRow?.l ?? toId),
      phone: phoneCol && toRow?.p ? String(toRow.p) : null, email: emailCol && toRow?.m ? String(toRow.m) : null,
    };
    const channelCtx = { ctx: e.ctx, db: e.db, afterCommit: (fn: () => void | Promise<void>) => (e.afterCommit ? e.afterCommit(fn) : void fn()) };
    const items = e.ctx.registry.dicts.get(channelsField.dict)?.items ?? [];
    const channels = String(rec.channels ?? '').split(',').filter(Boolean);
    if (!channels.length) throw badRequest(`${channelsField.title}不能为空`);
    const ids: string[] = [];
    for (const channel of channels) {
      const channelText = items.find((i) => i.value === channel)?.text ?? channel;
      const title = String(rec.name ?? a.title);
      const reason = await sendThrough(channelKindOf(channelText), { tenantId: e.caller.tenantId, sender: e.caller.user.username, to, title, content: String(rec.content ?? '') }, channelCtx, channelText);
      const row: Rec = { channel, sendTime: nowText(), result: reason ? FAILED : SENT, failReason: reason || null, [recipient.key]: toId, [link.fk.field.key]: e.id };
      const values: Rec = {};
      for (const [k, v] of Object.entries(row)) {
        const c = link.model.byKey.get(k);
        if (c && v !== null) values[c.column] = toStored(c, v);
      }
      const id = newId();
      await e.db.insertInto(link.model.table).values({ ...values, id, tenant_id: e.caller.tenantId, create_by: e.caller.user.username, create_time: nowText(), version: 1 }).execute();
      ids.push(id);
    }
    await logWrites(e.db, e.caller, link.model.name, 'add', ids, 1);
    return { sent: ids.length };
  });
}
