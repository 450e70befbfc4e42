/**
 * The channel layer on its own: an unconfigured channel is a failed send naming it, an adapter's
 * thrown reason is what the sender stores (at most 200 characters), the logging adapters refuse
 * a recipient without the address they need, and registerChannel answers the adapter it replaced.
 */
import { afterEach, expect, it } from 'vitest';
import { channelKindOf, defaultChannels, registerChannel, sendThrough, type ChannelContext, type ChannelMessage } from '../../src/server/channels/registry.js';

const c = { db: undefined as never, afterCommit: (fn: () => void) => void fn() } as ChannelContext;
const msg = (to: Partial<ChannelMessage['to']> = {}): ChannelMessage => ({ tenantId: 1000, sender: 'admin', title: '复诊提醒', content: '请按时复诊', to: { id: 'p1', label: '张三', ...to } });
afterEach(() => defaultChannels());

it('maps the channel dictionaries\' texts to channel kinds', () => {
  expect(['短信', '邮件', '微信', '微信模板消息', '小程序订阅消息', 'APP推送', '系统消息', '站内信', '传真'].map(channelKindOf))
    .toEqual(['sms', 'email', 'wechat', 'wechat', 'miniapp', 'app', 'site', 'site', undefined]);
});

it('an unconfigured channel fails naming the value; a thrown reason is kept to 200 characters', async () => {
  expect(await sendThrough(undefined, msg(), c, '9')).toBe('发送方式未配置：9');
  const prev = registerChannel('app', { async send() { throw new Error('推'.repeat(300)); } });
  expect(prev).toBeDefined();
  expect(await sendThrough('app', msg(), c)).toBe('推'.repeat(200));
});

it('logging adapters need the address of their channel; 站内信 needs the 系统通告 module', async () => {
  expect(await sendThrough('email', msg(), c)).toBe('接收人没有邮箱');
  expect(await sendThrough('email', msg({ email: 'a@b.cn' }), c)).toBe('');
  expect(await sendThrough('sms', msg(), c)).toBe('接收人没有手机号码');
  expect(await sendThrough('miniapp', msg(), c)).toBe('');
  expect(await sendThrough('site', msg(), c)).toBe('站内信未启用（系统通告模块未安装）');
});
