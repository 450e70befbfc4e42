/**
 * Logging adapters: the default of every channel but 站内信. They check that the recipient has the
 * address the channel needs (a missing one is a failed send with its reason), then write the
 * message to the server log (`[message]`); the SMS one also keeps it in sys_sms_log, where
 * development and the tests read verification codes.
 */
import { newId, nowText } from '../db/ids.js';
import type { ChannelAdapter, Recipient } from './registry.js';

export const SMS_LOG = 'sys_sms_log';

export function loggingChannel(name: string, address: (r: Recipient) => string | null | undefined, missing: string): ChannelAdapter {
  return {
    async send(msg) {
      const to = address(msg.to);
      if (!to) throw new Error(missing);
      console.info(`[message] ${name} -> ${to}: ${msg.title} | ${msg.content.slice(0, 200)}`);
    },
  };
}

export const smsLoggingChannel: ChannelAdapter = {
  async send(msg, c) {
    const phone = msg.to.phone;
    if (!phone) throw new Error('接收人没有手机号码');
    await c.db.insertInto(SMS_LOG).values({ id: newId(), phone, content: msg.content, create_time: nowText() }).execute();
    console.info(`[message] 短信 -> ${phone}: ${msg.content.slice(0, 200)}`);
  },
};
