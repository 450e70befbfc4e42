/**
 * 发送测试 of 消息模板 (JeecgBoot `sendMsg`; row action, effect `messageTemplateTest`): the
 * template filled with the 测试数据 goes to one chosen user through the channel of its 模板类型.
 * Sent: one 发送记录 (发送成功, the test data as its 发送参数). Not sent: refused
 * `发送测试失败：<原因>` and nothing is stored. A missing variable refuses
 * `测试数据：缺少模板变量「x」`; a disabled template may be tested.
 */
import { badRequest } from '../errors.js';
import { nowText } from '../db/ids.js';
import type { Effects } from '../resources/effects.js';
import { RECORD_RESOURCE, STATUS, params, rendered, storedRow, tryChannel, userRecipient } from './effects.js';

export function registerTemplateTestEffect(effects: Effects): void {
  effects.register('messageTemplateTest', async (e) => {
    const tpl = e.before;
    if (!tpl) throw badRequest('缺少参数：id');
    const rm = e.ctx.models.get(RECORD_RESOURCE);
    if (!rm) throw badRequest('消息发送记录模块未安装');
    const values = params(e.values.testData, '测试数据');
    const receiver = String(e.values.receiver ?? '');
    if (!receiver) throw badRequest('消息接收方不能为空');
    const to = await userRecipient(e.db, e.caller.tenantId, receiver);
    if (!to) throw badRequest('消息接收方：选择的用户不存在或已停用');
    // e.before is the API record (keys), the renderer reads columns: read the row itself
    const row = await e.db.selectFrom(e.model.table).selectAll().where('id', '=', e.id!).executeTakeFirstOrThrow();
    const { title, content } = rendered(e.model, row, values, '测试数据');
    const channel = String(tpl.templateType);
    const reason = await tryChannel(e, channel, { tenantId: e.caller.tenantId, sender: e.caller.user.username, to, title, content });
    if (reason) throw badRequest(`发送测试失败：${reason}`);
    const rec = storedRow(rm, e.caller.tenantId, e.caller.user.username, {
      esTitle: title, templateId: e.id, esContent: content, esParam: values, esReceiver: to.account,
      esType: channel, esSendTime: nowText(), esSendStatus: STATUS.ok, esSendNum: 1, remark: '发送测试',
    });
    await e.db.insertInto(rm.table).values(rec).execute();
    return { id: rec.id, receiver: to.account };
  });
}
