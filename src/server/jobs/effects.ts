/**
 * 定时任务 effects (schemas/registry.json "effects"):
 * - `reloadJobs` (afterWrite and the 启动/停止 transitions): a written cron expression must parse
 *   (400 `Cron表达式：…` otherwise, the write rolls back); after the commit every instance
 *   reloads its schedule through the bus.
 * - `runJobNow` (the 立即执行 action): starts the row's job on this instance right after the call
 *   (outside the call's transaction, so a failing job still leaves its run-log row) and answers
 *   at once; the result is in the run log like a scheduled run's.
 */
import { badRequest } from '../errors.js';
import type { Effects } from '../resources/effects.js';
import { JOBS_CHANNEL, nextFireTimes, runJob } from './scheduler.js';

/** Registers the 定时任务 effects on an app's registry. */
export function registerJobEffects(effects: Effects): void {
effects.register('reloadJobs', async (e) => {
  const expr = e.values.cronExpression;
  if (typeof expr === 'string' && expr) {
    try {
      nextFireTimes(expr, 1);
    } catch (err) {
      throw badRequest(`Cron表达式：格式不正确（${(err as Error).message}）`);
    }
  }
  const publish = () => e.ctx.bus.publish(JOBS_CHANNEL, 'changed');
  if (e.afterCommit) e.afterCommit(publish);
  else setTimeout(publish, 50).unref(); // transitions have no commit hook: the reload re-reads shortly after
});

effects.register('runJobNow', async (e) => {
  const row = await e.db
    .selectFrom('sys_quartz_job')
    .select(['id', 'tenant_id', 'job_class_name', 'cron_expression', 'parameter', 'status'])
    .where('id', '=', e.id)
    .where('tenant_id', '=', e.caller.tenantId)
    .executeTakeFirst();
  if (!row) throw badRequest('任务不存在');
  const job = { ...row, id: String(row.id), tenant_id: Number(row.tenant_id) } as Parameters<typeof runJob>[1];
  setImmediate(() => void runJob(e.ctx, job, 'manual').catch((err: Error) => console.error(`job ${job.id}:`, err.message)));
  return '任务已开始执行，结果请查看任务运行日志';
});
}
