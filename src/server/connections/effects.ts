/**
 * `connectionTest` (row action 测试连接): tries the record's database connection for real — its
 * `dbUrl`, `dbUsername` and write-only `dbPassword` as stored (the password never goes to the
 * client; the test reads it on the server). Works: the action's success message; fails: 400
 * `连接失败：<原因>`. Nothing is written.
 */
import { badRequest } from '../errors.js';
import type { Effects } from '../resources/effects.js';
import { probeConnection } from './probe.js';

export function registerConnectionEffects(effects: Effects): void {
  effects.register('connectionTest', async (e) => {
    if (!e.id) throw badRequest('缺少参数：id');
    const col = (k: string) => e.model.byKey.get(k)?.column;
    const urlCol = col('dbUrl');
    if (!urlCol) throw badRequest('该模块没有连接地址字段（dbUrl）');
    const row = await e.db.selectFrom(e.model.table).selectAll().where('id', '=', e.id).where('tenant_id', '=', e.caller.tenantId).executeTakeFirst() as Record<string, unknown> | undefined;
    if (!row) throw badRequest('记录不存在或无权访问');
    const url = String(row[urlCol] ?? '');
    if (!url) throw badRequest(`${e.model.byKey.get('dbUrl')!.field.title}不能为空`);
    const value = (k: string) => { const c = col(k); return c && row[c] != null && row[c] !== '' ? String(row[c]) : null; };
    const reason = await probeConnection({ url, username: value('dbUsername'), password: value('dbPassword') });
    if (reason) throw badRequest(reason.startsWith('连接失败') ? reason : `连接失败：${reason}`);
    return { connected: true };
  });
}
