/**
 * Job classes: the server work a 定时任务 row can name in `jobClassName` (dictionary
 * job_class lists them for the form; a test keeps the two equal). A job receives its parsed
 * JSON `parameter` and the tenant of its row; what it returns is written to the run log.
 */
import type { SessionUser } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { nowText } from '../db/ids.js';
import type { Caller } from '../resources/pipeline.js';
import { runTransition } from '../resources/transition.js';

export interface JobRun {
  ctx: AppContext;
  tenantId: number;
  params: Record<string, unknown>;
}

export type JobClass = (run: JobRun) => Promise<string>;

export class JobError extends Error {}

/** Who a job acts as: the system user of the job's tenant, holding every permission. */
function systemCaller(tenantId: number): Caller {
  const user: SessionUser = {
    token: '', id: '0', username: 'system', realname: '定时任务', tenantId, orgId: null,
    roleCodes: [], isSuperAdmin: true, perms: new Set(),
  };
  return { user, tenantId };
}

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
   * Runs one of a module's transitions on the rows that have waited in its `from` states too
   * long, e.g. `{"resource": "…Order", "action": "cancel", "minutes": 30}` closes orders unpaid
   * for 30 minutes. Each row goes through the write pipeline as a transition by the system
   * user of the job's tenant (state guard, version, effects, data log), in its own transaction.
   */
  closeStaleRecordsJob: async ({ ctx, tenantId, params }) => {
    const model = ctx.models.get(text(params.resource, 'resource'));
    if (!model) throw new JobError(`资源不存在：${String(params.resource)}`);
    const action = text(params.action, 'action');
    const t = model.schema.states?.transitions.find((x) => x.action === action);
    if (!t) throw new JobError(`资源 ${model.schema.name} 没有流转「${action}」`);
    const minutes = num(params.minutes, 'minutes', 1);
    const col = model.byKey.get(model.schema.states!.field)!.column;
    const cutoff = nowText(new Date(Date.now() - minutes * 60_000));
    const rows = await ctx.database.db
      .selectFrom(model.table)
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where(col, 'in', t.from)
      .where('create_time', '<', cutoff)
      .limit(1000)
      .execute();
    const caller = systemCaller(tenantId);
    let done = 0;
    for (const r of rows) {
      try {
        await runTransition(ctx, model, t, { id: String(r.id) }, caller);
        done++;
      } catch {
        /* moved meanwhile (state or version): the next run sees it again */
      }
    }
    return `已处理 ${done} 条`;
  },

  /** Deletes run-log rows older than `days` (default 30). */
  purgeJobLogsJob: async ({ ctx, params }) => {
    const days = params.days === undefined ? 30 : num(params.days, 'days', 1);
    const cutoff = nowText(new Date(Date.now() - days * 86_400_000));
    const res = await ctx.database.db.deleteFrom('sys_quartz_job_log').where('fire_time', '<', cutoff).executeTakeFirst();
    return `已清理 ${Number(res.numDeletedRows ?? 0)} 条`;
  },
};
