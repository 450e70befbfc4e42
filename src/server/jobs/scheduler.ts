/**
 * Runs the started 定时任务 rows on their cron expressions. Every instance schedules every
 * job, and each fire is claimed in the database first: the (job, scheduled second) pair is
 * inserted into sys_job_fire, and only the instance whose insert succeeded runs it. So a fire
 * runs once however many instances share the database, and a job keeps running when one of
 * them stops. Job writes publish `jobs` on the bus; every instance then reloads its schedule.
 */
import { Cron } from 'croner';
import { RESYNC } from '../bus/index.js';
import type { AppContext } from '../context.js';
import { currentWorkerId, newId, nowText } from '../db/ids.js';
import { col, type TableDef } from '../db/table-def.js';
import { JobError, JOB_CLASSES } from './classes.js';

export const JOB_FIRE_TABLE: TableDef = {
  name: 'sys_job_fire',
  columns: [col.text('job_id', { notNull: true }), col.int('fire_at', { notNull: true }), col.text('instance')],
  indexes: [{ name: 'idx_sys_job_fire_once', columns: ['job_id', 'fire_at'], unique: true }],
};

/** Claims older than this are purged (they only need to outlive clock skew between instances). */
const FIRE_KEEP_MS = 86_400_000;
export const JOBS_CHANNEL = 'jobs';
const STARTED = '0';

export interface JobRow {
  id: string;
  tenant_id: number;
  job_class_name: string;
  cron_expression: string;
  parameter: string | null;
  status: string;
}

/** Upper bound of each Quartz field (seconds, minutes, hours, day of month, month, day of week, year). */
const QUARTZ_MAX = ['59', '59', '23', '31', '12', '7', '2099'];

/**
 * Cron options for an expression. Six or seven fields are Quartz expressions as JeecgBoot writes
 * them: seconds first, `?`, day of week 1 = Sunday … 7 = Saturday, and `0/30` meaning "from 0
 * every 30" (rewritten to the equivalent `0-59/30`). Five fields are classic Unix cron.
 */
export function cronOf(expr: string): { pattern: string; options: { legacyMode: true; alternativeWeekdays: boolean } } {
  const parts = expr.trim().split(/\s+/);
  if (parts.length < 6) return { pattern: parts.join(' '), options: { legacyMode: true, alternativeWeekdays: false } };
  const pattern = parts.map((p, i) => p.replace(/^(\d+)\/(\d+)$/, (_m, from: string, step: string) => `${from}-${QUARTZ_MAX[i] ?? from}/${step}`)).join(' ');
  return { pattern, options: { legacyMode: true, alternativeWeekdays: true } };
}

/** Parses a cron expression as the scheduler will; throws on a bad one. */
export function parseCron(expr: string): Cron {
  const { pattern, options } = cronOf(expr);
  return new Cron(pattern, { ...options, paused: true });
}

/** The next `n` fire times of an expression, `YYYY-MM-DD HH:mm:ss`. */
export function nextFireTimes(expr: string, n = 5): string[] {
  return parseCron(expr).nextRuns(n).map((d) => nowText(d));
}

function parseParams(raw: string | null): Record<string, unknown> {
  if (!raw || !raw.trim()) return {};
  try {
    const v = JSON.parse(raw) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* below */
  }
  throw new JobError('参数必须是 JSON 对象，例如 {"days": 30}');
}

/** Runs one job now and writes its run log row; never throws (a failure is logged as 失败). */
export async function runJob(ctx: AppContext, job: JobRow, trigger: 'cron' | 'manual', fireTime = new Date()): Promise<{ ok: boolean; message: string }> {
  const started = Date.now();
  let ok = true;
  let message: string;
  try {
    const cls = JOB_CLASSES[job.job_class_name];
    if (!cls) throw new JobError(`任务类不存在：${job.job_class_name}`);
    message = await cls({ ctx, tenantId: Number(job.tenant_id), params: parseParams(job.parameter) });
  } catch (err) {
    ok = false;
    message = err instanceof JobError ? err.message : `执行异常：${(err as Error).message ?? String(err)}`;
  }
  const now = nowText();
  await ctx.database.db
    .insertInto('sys_quartz_job_log')
    .values({
      id: newId(),
      tenant_id: Number(job.tenant_id),
      create_by: 'system',
      create_time: now,
      update_by: 'system',
      update_time: now,
      job_id: job.id,
      job_class_name: job.job_class_name,
      fire_time: nowText(fireTime),
      duration_ms: Date.now() - started,
      result: ok ? '1' : '0',
      trigger,
      node: `worker-${currentWorkerId()}`,
      message: message.slice(0, 2000),
    })
    .execute();
  return { ok, message };
}

export class JobScheduler {
  private crons = new Map<string, Cron>();
  private reloading: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private purgeTimer: NodeJS.Timeout | null = null;

  constructor(private ctx: AppContext) {}

  async start(): Promise<void> {
    this.ctx.bus.subscribe(JOBS_CHANNEL, (p) => {
      if (p === RESYNC || p === null || typeof p === 'string') void this.reload();
    });
    this.purgeTimer = setInterval(() => void this.purgeClaims(), 3_600_000);
    this.purgeTimer.unref();
    await this.reload();
  }

  stop(): void {
    this.stopped = true;
    for (const c of this.crons.values()) c.stop();
    this.crons.clear();
    if (this.purgeTimer) clearInterval(this.purgeTimer);
  }

  /** Scheduled job ids (for tests and the monitor). */
  scheduled(): string[] {
    return [...this.crons.keys()];
  }

  /** Re-reads the started jobs; concurrent calls coalesce into one more pass. */
  reload(): Promise<void> {
    if (this.reloading) {
      this.again = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.again = false;
        await this.load();
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async load(): Promise<void> {
    if (this.stopped) return;
    const rows = (await this.ctx.database.db
      .selectFrom('sys_quartz_job')
      .select(['id', 'tenant_id', 'job_class_name', 'cron_expression', 'parameter', 'status'])
      .where('status', '=', STARTED)
      .execute()) as JobRow[];
    const wanted = new Map(rows.map((r) => [String(r.id), r]));
    for (const [id, c] of this.crons) {
      const row = wanted.get(id);
      if (!row || (c as Cron & { expr?: string }).expr !== row.cron_expression) {
        c.stop();
        this.crons.delete(id);
      }
    }
    for (const [id, row] of wanted) {
      const existing = this.crons.get(id);
      if (existing) {
        (existing as Cron & { job?: JobRow }).job = row; // parameter or class may have changed
        continue;
      }
      let cron: Cron;
      try {
        const { pattern, options } = cronOf(row.cron_expression);
        cron = new Cron(pattern, { ...options, protect: true }, (self: Cron) => void this.fire(id, self));
      } catch {
        continue; // refused on save; a row written around the API is skipped, not fatal
      }
      Object.assign(cron, { expr: row.cron_expression, job: row });
      this.crons.set(id, cron);
    }
  }

  private async fire(id: string, self: Cron): Promise<void> {
    const job = (self as Cron & { job?: JobRow }).job;
    if (!job || this.stopped) return;
    // the scheduled second, the same on every instance whatever its timer's jitter
    const at = Math.round((self.currentRun()?.getTime() ?? Date.now()) / 1000) * 1000;
    const won = await this.ctx.database.db
      .insertInto('sys_job_fire')
      .values({ job_id: id, fire_at: at, instance: this.ctx.bus.instance })
      .onConflict((oc) => oc.columns(['job_id', 'fire_at']).doNothing())
      .returning('job_id')
      .executeTakeFirst()
      .catch(() => undefined);
    if (!won) return;
    await runJob(this.ctx, job, 'cron', new Date(at)).catch((err: Error) => console.error(`job ${id}:`, err.message));
  }

  private async purgeClaims(): Promise<void> {
    await this.ctx.database.db.deleteFrom('sys_job_fire').where('fire_at', '<', Date.now() - FIRE_KEEP_MS).execute().catch(() => undefined);
  }
}
