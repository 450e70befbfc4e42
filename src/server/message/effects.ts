/**
 * 消息发送 (sysMessage's toolbar action `send`, effect `messageSend`): a template (its channel is
 * its 模板类型) and its variables' values go to users, roles and departments, expanded to the
 * enabled users of the caller's tenant (a role: its users; a department: users whose 所属部门
 * holds it). Each recipient gets one 发送记录 row with its state: 发送成功, or 发送失败 with the
 * channel's reason. `messageResend` (row action 重发) sends a failed record again, counting tries.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import { missingVariablesMessage, renderTemplate } from '../../core/message/template.js';
import { badRequest } from '../errors.js';
import { newId, nowText } from '../db/ids.js';
import type { EffectContext, Effects } from '../resources/effects.js';
import { toStored, type ResourceModel } from '../resources/model.js';
import { channelKindOf, sendThrough, type ChannelMessage, type Recipient } from '../channels/registry.js';

type Rec = Record<string, unknown>;

export const TEMPLATE_RESOURCE = 'sysMessageTemplate';
export const RECORD_RESOURCE = 'sysMessage';
export const STATUS = { ok: '1', failed: '2' } as const;
const split = (v: unknown) => [...new Set(String(v ?? '').split(',').map((x) => x.trim()).filter(Boolean))];

export function params(v: unknown, label = '模板变量'): Rec {
  if (v === undefined || v === null || v === '') return {};
  let p = v;
  if (typeof v === 'string') {
    try { p = JSON.parse(v); } catch { throw badRequest(`${label}：应为 JSON 对象`); }
  }
  if (!p || typeof p !== 'object' || Array.isArray(p)) throw badRequest(`${label}：应为 JSON 对象`);
  return p as Rec;
}

const userColumns = ['u.id', 'u.username', 'u.realname', 'u.phone', 'u.email'] as const;
/** A console user as a channel recipient (its account, phone and e-mail are its addresses). */
export const asRecipient = (r: Rec): Recipient & { account: string } => ({
  id: String(r.id), userId: String(r.id), account: String(r.username), label: String(r.realname ?? r.username),
  phone: r.phone ? String(r.phone) : null, email: r.email ? String(r.email) : null,
});

/** The enabled, undeleted user of the tenant with this id, as a recipient. */
export async function userRecipient(db: Kysely<any>, tenantId: number, id: string): Promise<ReturnType<typeof asRecipient> | undefined> {
  const r = await db.selectFrom('sys_user as u').select([...userColumns]).where('u.tenant_id', '=', tenantId).where('u.id', '=', id).where('u.del_flag', '=', 0).where('u.status', '=', '1').executeTakeFirst();
  return r ? asRecipient(r as Rec) : undefined;
}

/** Enabled users of the tenant among the chosen users, the chosen roles' users and the chosen departments' users. */
async function expand(db: Kysely<any>, tenantId: number, userIds: string[], roleIds: string[], departIds: string[]): Promise<Array<ReturnType<typeof asRecipient>>> {
  const base = () => db.selectFrom('sys_user as u').select([...userColumns]).where('u.tenant_id', '=', tenantId).where('u.del_flag', '=', 0).where('u.status', '=', '1');
  const found = new Map<string, ReturnType<typeof asRecipient>>();
  const add = (rows: Rec[]) => { for (const r of rows) found.set(String(r.id), asRecipient(r)); };
  if (userIds.length) add(await base().where('u.id', 'in', userIds).execute());
  if (roleIds.length) add(await base().innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id').where('ur.role_id', 'in', roleIds).execute());
  // 所属部门 is comma-joined: a department's users are those whose list contains it
  for (const d of departIds) add(await base().where(sql<SqlBool>`(',' || coalesce(${sql.ref('u.depart_ids')}, '') || ',') like ${`%,${d.replace(/[\\%_]/g, (c) => `\\${c}`)},%`} escape '\\'`).execute());
  return [...found.values()].sort((a, b) => a.account.localeCompare(b.account));
}

export function storedRow(m: ResourceModel, tenantId: number, by: string, values: Rec): Rec {
  const row: Rec = { id: newId(), tenant_id: tenantId, create_by: by, create_time: nowText(), version: 1 };
  for (const [k, v] of Object.entries(values)) {
    const c = m.byKey.get(k);
    if (c && v !== undefined) row[c.column] = toStored(c, v);
  }
  return row;
}

/** One try on the msg_channel value's channel: '' when sent, else the reason. */
export function tryChannel(e: EffectContext, channel: string, msg: ChannelMessage): Promise<string> {
  const dict = e.ctx.models.get(RECORD_RESOURCE)?.byKey.get('esType')?.field.dict ?? 'msg_channel';
  const text = e.ctx.registry.dicts.get(dict)?.items.find((i) => i.value === channel)?.text ?? channel;
  return sendThrough(channelKindOf(text), msg, { ctx: e.ctx, db: e.db, afterCommit: (fn) => (e.afterCommit ? e.afterCommit(fn) : void fn()) }, channel);
}

/** The template's title and content with the values filled in; a missing one refuses (`<label>：缺少模板变量「x」`). */
export function rendered(tm: ResourceModel, tpl: Rec, values: Rec, label: string): { title: string; content: string } {
  const col = (k: string) => tm.byKey.get(k)!.column;
  const title = renderTemplate(String(tpl[col('templateName')] ?? ''), values);
  const content = renderTemplate(String(tpl[col('templateContent')] ?? ''), values);
  const missing = [...new Set([...(title.ok ? [] : title.missing), ...(content.ok ? [] : content.missing)])];
  if (missing.length || !title.ok || !content.ok) throw badRequest(`${label}：${missingVariablesMessage(missing)}`);
  return { title: title.text, content: content.text };
}

export function registerMessageEffects(effects: Effects): void {
  effects.register('messageSend', async (e) => {
    const tm = e.ctx.models.get(TEMPLATE_RESOURCE);
    if (!tm) throw badRequest('消息模板模块未安装');
    const tpl = await e.db.selectFrom(tm.table).selectAll().where('id', '=', String(e.values.templateId)).where('tenant_id', '=', e.caller.tenantId).executeTakeFirst() as Rec | undefined;
    if (!tpl) throw badRequest('消息模板：选择的记录不存在或无权使用');
    const col = (k: string) => tm.byKey.get(k)!.column;
    if (String(tpl[col('status')]) !== '1') throw badRequest('消息模板：模板已停用');
    const values = params(e.values.params);
    const { title, content } = rendered(tm, tpl, values, '模板变量');
    const recipients = await expand(e.db, e.caller.tenantId, split(e.values.userIds), split(e.values.roleIds), split(e.values.departIds));
    if (!recipients.length) throw badRequest('接收人：所选用户、角色和部门中没有可接收的用户');
    const channel = String(tpl[col('templateType')]);
    let sent = 0;
    for (const r of recipients) {
      const reason = await tryChannel(e, channel, { tenantId: e.caller.tenantId, sender: e.caller.user.username, to: r, title, content });
      if (!reason) sent += 1;
      await e.db.insertInto(e.model.table).values(storedRow(e.model, e.caller.tenantId, e.caller.user.username, {
        esTitle: title, templateId: String(tpl.id), esContent: content, esParam: values, esReceiver: r.account,
        esType: channel, esSendTime: nowText(), esSendStatus: reason ? STATUS.failed : STATUS.ok, esSendNum: 1, esResult: reason || null,
      })).execute();
    }
    return { total: recipients.length, success: sent, failed: recipients.length - sent };
  });

  effects.register('messageResend', async (e) => {
    const rec = e.before!;
    if (String(rec.esSendStatus) !== STATUS.failed) throw badRequest('只有发送失败的消息可以重发');
    const user = await e.db.selectFrom('sys_user as u').select([...userColumns]).where('u.tenant_id', '=', e.caller.tenantId).where('u.username', '=', String(rec.esReceiver ?? '')).where('u.del_flag', '=', 0).executeTakeFirst();
    const reason = user
      ? await tryChannel(e, String(rec.esType), { tenantId: e.caller.tenantId, sender: e.caller.user.username, to: asRecipient(user as Rec), title: String(rec.esTitle ?? ''), content: String(rec.esContent ?? '') })
      : '接收人不存在';
    const set = (k: string, v: unknown) => [e.model.byKey.get(k)!.column, toStored(e.model.byKey.get(k)!, v)] as const;
    await e.db.updateTable(e.model.table).set(Object.fromEntries([
      set('esSendStatus', reason ? STATUS.failed : STATUS.ok), set('esSendNum', Number(rec.esSendNum ?? 0) + 1),
      set('esSendTime', nowText()), set('esResult', reason || null),
    ])).where('id', '=', e.id).execute();
    // a failed try is kept (state, count, reason), not rolled back
    return reason ? { sent: false, reason } : { sent: true };
  });
}
