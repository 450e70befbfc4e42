/**
 * 站内信 (real): the message becomes a 系统消息 announcement addressed to the user — the header
 * bell's 系统消息 tab and 我的消息 — pushed over the websocket once committed.
 */
import { newId, nowText } from '../db/ids.js';
import { toStored } from '../resources/model.js';
import { ANNOUNCEMENT_RESOURCE, insertInbox } from '../notice/service.js';
import type { ChannelAdapter } from './registry.js';

export const siteChannel: ChannelAdapter = {
  async send(msg, c) {
    const m = c.ctx?.models.get(ANNOUNCEMENT_RESOURCE);
    if (!m || !c.ctx) throw new Error('站内信未启用（系统通告模块未安装）');
    const userId = msg.to.userId;
    if (!userId) throw new Error('接收人没有系统账号，不能接收站内信');
    const id = newId();
    const now = nowText();
    const row: Record<string, unknown> = { id, tenant_id: msg.tenantId, create_by: msg.sender, create_time: now, version: 1 };
    const values: Record<string, unknown> = {
      title: msg.title, msgCategory: '2', msgType: 'USER', userIds: userId, msgAbstract: msg.content.slice(0, 200),
      msgContent: msg.content, sender: msg.sender, sendStatus: '1', sendTime: now, priority: 'M',
    };
    for (const [k, v] of Object.entries(values)) {
      const col = m.byKey.get(k);
      if (col) row[col.column] = toStored(col, v);
    }
    await c.db.insertInto(m.table).values(row).execute();
    await insertInbox(c.db, id, msg.tenantId as number, [userId]);
    const ctx = c.ctx;
    c.afterCommit(() => {
      ctx.pushToUsers?.([userId], { cmd: 'user', msgId: id, msgTxt: msg.title, title: msg.title, msgCategory: '2', priority: 'M' });
    });
  },
};
