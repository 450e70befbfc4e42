/**
 * Message channels (dictionary msg_channel): one adapter per channel value. docs/message-channels.md
 * describes the interface for a real provider.
 * - `4` 系统消息 (站内信) is real: the message becomes a 系统消息 announcement addressed to the
 *   user (the header bell's 系统消息 tab and 我的消息) and is pushed over the websocket;
 * - `1` 短信, `2` 邮件, `3` 微信 log the message by default (the server log, `[message]`), after
 *   checking that the recipient has the address the channel needs (phone, e-mail, WeChat id): a
 *   missing address is a failed send with its reason, which 重发 retries.
 * A deployment replaces an adapter with `registerMessageChannel` before the server starts.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { toStored } from '../resources/model.js';
import { ANNOUNCEMENT_RESOURCE, insertInbox } from '../notice/service.js';

export interface OutgoingMessage {
  tenantId: number;
  /** The sending user's account. */
  sender: string;
  recipient: { id: string; username: string; realname: string | null; phone: string | null; email: string | null };
  title: string;
  content: string;
}

export interface ChannelContext {
  ctx: AppContext;
  /** The open transaction of the send. */
  db: Kysely<any>;
  /** Work to run once the send's records are committed (pushes). */
  afterCommit(fn: () => void | Promise<void>): void;
}

/** Throw an Error whose message is the failure reason (stored as 失败原因); return to report success. */
export interface MessageChannel {
  send(message: OutgoingMessage, c: ChannelContext): Promise<void>;
}

const siteChannel: MessageChannel = {
  async send(msg, c) {
    const m = c.ctx.models.get(ANNOUNCEMENT_RESOURCE);
    if (!m) throw new Error('站内信未启用（系统通告模块未安装）');
    const id = newId();
    const now = nowText();
    const row: Record<string, unknown> = { id, tenant_id: msg.tenantId, create_by: msg.sender, create_time: now, version: 1 };
    const values: Record<string, unknown> = {
      title: msg.title, msgCategory: '2', msgType: 'USER', userIds: msg.recipient.id, msgAbstract: msg.content.slice(0, 200),
      msgContent: msg.content, sender: msg.sender, sendStatus: '1', sendTime: now, priority: 'M',
    };
    for (const [k, v] of Object.entries(values)) {
      const col = m.byKey.get(k);
      if (col) row[col.column] = toStored(col, v);
    }
    await c.db.insertInto(m.table).values(row).execute();
    await insertInbox(c.db, id, msg.tenantId, [msg.recipient.id]);
    c.afterCommit(() => {
      c.ctx.counts.invalidate(m.table);
      c.ctx.pushToUsers?.([msg.recipient.id], { cmd: 'user', msgId: id, msgTxt: msg.title, title: msg.title, msgCategory: '2', priority: 'M' });
    });
  },
};

/** A channel that only logs, once the recipient has the address it needs. */
function loggingChannel(name: string, address: (r: OutgoingMessage['recipient']) => string | null, missing: string): MessageChannel {
  return {
    async send(msg) {
      const to = address(msg.recipient);
      if (!to) throw new Error(missing);
      console.info(`[message] ${name} -> ${to}: ${msg.title} | ${msg.content}`);
    },
  };
}

const channels = new Map<string, MessageChannel>([
  ['1', loggingChannel('短信', (r) => r.phone, '接收人没有手机号码')],
  ['2', loggingChannel('邮件', (r) => r.email, '接收人没有邮箱')],
  ['3', loggingChannel('微信', (r) => r.username, '接收人没有绑定微信')],
  ['4', siteChannel],
]);

/** Replaces (or adds) the adapter of a msg_channel value, e.g. a real SMS provider. */
export function registerMessageChannel(value: string, channel: MessageChannel): void {
  channels.set(value, channel);
}

export function messageChannel(value: string): MessageChannel | undefined {
  return channels.get(value);
}
