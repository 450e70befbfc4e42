/**
 * Job classes: the server work a 定时任务 row can name in `jobClassName` (dictionary
 * job_class lists them for the form; a test keeps the two equal). A job receives its parsed
 * JSON `parameter` and the tenant of its row; what it returns is written to the run log.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { nowText } from '../db/ids.js';

export interface JobRun {
  ctx: AppContext;
  tenantId: number;
  params: Record<string, unknown>;
}

export type JobClass = (run: JobRun) => Promise<string>;

export class JobError extends Error {}

const num = (v: unknown, name: string, min: number): number => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) throw new JobError(`参数 ${name} 必须是不小于 ${min} 的数字`);
  return n;
};

const text = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || v === '') throw new JobError(`缺少参数 ${name}`);
  return v;
};

export const JOB_CLASSES: Record<string, JobClass> = {
  /** Writes nothing but its run log: proves the schedule fires (and fires once across instances). */
  heartbeatJob: async () => '心跳正常',

  /**
   * Moves rows of a module that have stayed in one state too long to another state, e.g.
   * `{"resource": "…Order", "from": "0", "to": "4", "minutes": 30}` closes orders unpaid for 30 minutes.
   * Only rows of the job's tenant; the state field and its transition are the schema's.
   */
  closeStaleRecordsJob: async ({ ctx, tenantId, params }) => {
    const model = ctx.models.get(text(params.resource, 'resource'));
    if (!model) throw new JobError(`资源不存在：${String(params.resource)}`);
    const states = model.schema.states;
    if (!states) throw new JobError(`资源 ${model.schema.name} 没有状态流转`);
    const from = text(params.from, 'from');
    const to = text(params.to, 'to');
    if (!states.transitions.some((t) => t.from.includes(from) && t.to === to)) {
      throw new JobError(`资源 ${model.schema.name} 没有从「${from}」到「${to}」的流转`);
    }
    const minutes = num(params.minutes, 'minutes', 1);
    const col = model.byKey.get(states.field)!.column;
    const cutoff = nowText(new Date(Date.now() - minutes * 60_000));
    const res = await ctx.database.db
      .updateTable(model.table)
      .set({ [col]: to, update_by: 'system', update_time: nowText(), version: sql`version + 1` })
      .where('tenant_id', '=', tenantId)
      .where(col, '=', from)
      .where('create_time', '<', cutoff)
      .executeTakeFirst();
    const n = Number(res.numUpdatedRows ?? 0);
    if (n > 0) ctx.counts.invalidate(model.table);
    return `已处理 ${n} 条`;
  },

  /** Deletes run-log rows older than `days` (default 30). */
  purgeJobLogsJob: async ({ ctx, params }) => {
    const days = params.days === undefined ? 30 : num(params.days, 'days', 1);
    const cutoff = nowText(new Date(Date.now() - days * 86_400_000));
    const res = await ctx.database.db.deleteFrom('sys_quartz_job_log').where('fire_time', '<', cutoff).executeTakeFirst();
    ctx.counts.invalidate('sys_quartz_job_log');
    return `已清理 ${Number(res.numDeletedRows ?? 0)} 条`;
  },
};
