/**
 * The one channel layer of outgoing messages (docs/message-channels.md). Every sender — 消息发送,
 * 消息模板 发送测试, 关怀提醒, SMS verification codes — hands its message to `sendThrough`, which
 * picks the adapter registered for the channel kind.
 *
 * Defaults: `site` (站内信) is real (a 系统消息 to the user's bell, pushed over the websocket);
 * `sms` writes sys_sms_log and the server log; `email`, `wechat`, `miniapp` and `app` write the
 * server log. A deployment installs a real provider with `registerChannel` before the server starts.
 *
 * An adapter returns to report success and throws an Error whose message (Chinese) is the
 * failure reason stored with the send record.
 */
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import { loggingChannel, smsLoggingChannel } from './logging.js';
import { siteChannel } from './site.js';

export const CHANNEL_KINDS = ['site', 'sms', 'email', 'wechat', 'miniapp', 'app'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** Who receives: a record id and label, and the addresses known for it. */
export interface Recipient {
  id: string;
  label: string;
  /** The sys_user id when the recipient is a console user (站内信 needs one). */
  userId?: string | null;
  /** Account name (users) — the WeChat binding of the logging adapters. */
  account?: string | null;
  phone?: string | null;
  email?: string | null;
}

export interface ChannelMessage {
  tenantId: number | null;
  /** The sending user's account ('system' for server-initiated sends). */
  sender: string;
  to: Recipient;
  title: string;
  content: string;
}

export interface ChannelContext {
  ctx?: AppContext;
  /** The open transaction of the send (or the database outside one). */
  db: Kysely<any>;
  /** Work to run once the send's records are committed (pushes). */
  afterCommit(fn: () => void | Promise<void>): void;
}

export interface ChannelAdapter {
  send(message: ChannelMessage, c: ChannelContext): Promise<void>;
}

/** Channel kinds of the dictionary texts used by the modules (msg_channel, care_channel). */
const KIND_BY_TEXT: Record<string, ChannelKind> = {
  短信: 'sms', 邮件: 'email', 微信: 'wechat', 微信模板消息: 'wechat', 小程序订阅消息: 'miniapp',
  APP推送: 'app', 系统消息: 'site', 站内信: 'site',
};

export function channelKindOf(dictText: string): ChannelKind | undefined {
  return KIND_BY_TEXT[dictText];
}

const adapters = new Map<ChannelKind, ChannelAdapter>();

export function defaultChannels(): void {
  adapters.set('site', siteChannel);
  adapters.set('sms', smsLoggingChannel);
  adapters.set('email', loggingChannel('邮件', (r) => r.email, '接收人没有邮箱'));
  adapters.set('wechat', loggingChannel('微信', (r) => r.account ?? r.id, '接收人没有绑定微信'));
  adapters.set('miniapp', loggingChannel('小程序订阅消息', (r) => r.account ?? r.id, '接收人没有绑定小程序'));
  adapters.set('app', loggingChannel('APP推送', (r) => r.account ?? r.id, '接收人没有安装APP'));
}
defaultChannels();

/** Installs the adapter of a channel kind; answers the previous one (a test puts it back). */
export function registerChannel(kind: ChannelKind, adapter: ChannelAdapter): ChannelAdapter | undefined {
  const prev = adapters.get(kind);
  adapters.set(kind, adapter);
  return prev;
}

export function channelAdapter(kind: ChannelKind): ChannelAdapter | undefined {
  return adapters.get(kind);
}

/** One try on a channel: '' when sent, else the failure reason (at most 200 characters). */
export async function sendThrough(kind: ChannelKind | undefined, message: ChannelMessage, c: ChannelContext, label = String(kind)): Promise<string> {
  const adapter = kind && adapters.get(kind);
  if (!adapter) return `发送方式未配置：${label}`;
  try {
    await adapter.send(message, c);
    return '';
  } catch (err) {
    return (err instanceof Error ? err.message : String(err)).slice(0, 200) || '发送失败';
  }
}
