/**
 * Background exports (下载中心). An export of more rows than the configured threshold is not
 * streamed in the request: a row of `sys_export_job` is inserted (排队中) with its plan (the
 * list query, the columns and the masking the caller was allowed) and the caller is answered
 * 已加入下载中心. `drain()` (every few seconds, and at start) claims due jobs one by one with an
 * atomic UPDATE, as the regulator queue does, so that of several instances exactly one writes a
 * job; the job streams its rows into a temporary .xlsx (excel/export.ts writeExport: exceljs
 * WorkbookWriter, memory stays flat), writing its progress (`done` of `total`) and a heartbeat
 * after every batch, then stores the file through the file store (disk or S3) under
 * `export-jobs/…` and is 已完成, downloadable for `keepDays` days; then file and row are purged.
 *
 * A job left 导出中 is taken again (restarted from its first row) when the instance that held
 * it no longer holds its worker lease (stopped or crashed) or its heartbeat is older than
 * `staleMs`. A clean stop puts its own running job back in the queue at once.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ExpressionBuilder } from 'kysely';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { EXPORT_JOB_TABLE } from './table.js';
import { exportNames, writeExport, XLSX_TYPE, type ExportPlan } from '../excel/export.js';
import { EXPORT_KEY_PREFIX, sanitizeFileName } from '../files/index.js';
import type { FileStore } from '../files/storage.js';
import type { ResourceModel } from '../resources/model.js';

export { EXPORT_JOB_TABLE };

/** Job states as stored (the console shows their labels). */
export const EXPORT_STATES = { queued: 'queued', running: 'running', done: 'done', failed: 'failed' } as const;
export const EXPORT_STATE_LABELS: Record<string, string> = { queued: '排队中', running: '导出中', done: '已完成', failed: '失败' };
export const MSG_QUEUED = '已加入下载中心';

export interface ExportQueueOptions {
  /** Exports of more rows than this run in the background (EXPORT_ASYNC_ROWS). Default 5000. */
  asyncRows?: number;
  /** At most this many rows in one background export. Default 500,000. */
  maxRows?: number;
  /** How often queued jobs are looked for (ms); 0: only when drain() is called. Default 3 s. */
  intervalMs?: number;
  /** A running job whose heartbeat is older than this is taken again. Default 120 s. */
  staleMs?: number;
  /** Files stay downloadable this many days. Default 7. */
  keepDays?: number;
  /** Clock (tests). */
  now?: () => Date;
}

export interface ExportJobRow {
  id: string;
  tenant_id: number;
  user_id: string;
  resource: string;
  file_name: string;
  plan: string;
  status: string;
  total: number;
  done: number;
  size: number;
  file_key: string | null;
  error: string | null;
  claimed_by: string | null;
  heartbeat: string | null;
  create_time: string;
  finish_time: string | null;
  expire_time: string | null;
}

/** Thrown by the progress callback when the job was taken from this instance. */
class LostClaim extends Error {}

export class ExportQueue {
  readonly asyncRows: number;
  readonly maxRows: number;
  private readonly intervalMs: number;
  private readonly staleMs: number;
  private readonly keepDays: number;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopping = false;

  constructor(private readonly ctx: AppContext, private readonly store: FileStore, private readonly instance: string, opts: ExportQueueOptions = {}) {
    this.asyncRows = opts.asyncRows ?? 5000;
    this.maxRows = opts.maxRows ?? 500_000;
    this.intervalMs = opts.intervalMs ?? 3000;
    this.staleMs = opts.staleMs ?? 120_000;
    this.keepDays = opts.keepDays ?? 7;
    this.now = opts.now ?? (() => new Date());
  }

  start(): void {
    if (this.intervalMs <= 0) return;
    const tick = () => void this.drain().catch((err: Error) => console.error('export job:', err.message));
    tick(); // a job left by a stopped instance is taken at start
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Inserts a queued job for the plan; the caller is answered at once. */
  async enqueue(m: ResourceModel, plan: ExportPlan, userId: string): Promise<ExportJobRow> {
    const at = nowText(this.now());
    const stamp = at.replace(/\D/g, '').slice(0, 14);
    const row: ExportJobRow = {
      id: newId(), tenant_id: plan.tenantId, user_id: userId, resource: m.name,
      file_name: `${m.schema.title}_${stamp}.xlsx`, plan: JSON.stringify(plan), status: EXPORT_STATES.queued,
      total: plan.total, done: 0, size: 0, file_key: null, error: null, claimed_by: null, heartbeat: null,
      create_time: at, finish_time: null, expire_time: null,
    };
    await this.ctx.database.db.insertInto(EXPORT_JOB_TABLE.name).values(row).execute();
    return row;
  }

  /** Runs the due jobs (queued, or running but abandoned) and purges expired files; resolves with how many jobs ran. */
  drain(): Promise<number> {
    if (!this.running) this.running = this.runDue().finally(() => { this.running = undefined; });
    return this.running;
  }

  private async runDue(): Promise<number> {
    await this.purge();
    let ran = 0;
    for (;;) {
      if (this.stopping) return ran;
      const job = await this.claimNext();
      if (!job) return ran;
      await this.run(job);
      ran++;
    }
  }

  /** Holders of a live worker lease: a job they run is theirs. */
  private async liveInstances(): Promise<string[]> {
    const rows = await this.ctx.database.db.selectFrom('sys_worker').select('instance').where('lease_until', '>=', Date.now()).execute();
    return rows.map((r) => String(r.instance)).filter((i) => i !== this.instance);
  }

  /** Claims the oldest due job with one atomic UPDATE per candidate (another instance may win it). */
  private async claimNext(): Promise<ExportJobRow | undefined> {
    const db = this.ctx.database.db;
    const stale = nowText(new Date(this.now().getTime() - this.staleMs));
    const live = await this.liveInstances();
    // running, but its holder is gone (no live lease other than ours: drains never overlap) or silent
    const abandoned = (eb: ExpressionBuilder<any, any>) =>
      live.length === 0
        ? eb('status', '=', EXPORT_STATES.running)
        : eb.and([eb('status', '=', EXPORT_STATES.running), eb.or([eb('heartbeat', '<', stale), eb('claimed_by', 'is', null), eb('claimed_by', 'not in', live)])]);
    const candidates = await db
      .selectFrom(EXPORT_JOB_TABLE.name)
      .select(['id'])
      .where((eb) => eb.or([eb('status', '=', EXPORT_STATES.queued), abandoned(eb)]))
      .orderBy('create_time')
      .limit(10)
      .execute();
    for (const { id } of candidates) {
      const claimed = await db
        .updateTable(EXPORT_JOB_TABLE.name)
        .set({ status: EXPORT_STATES.running, claimed_by: this.instance, heartbeat: nowText(this.now()), done: 0 })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('status', '=', EXPORT_STATES.queued), abandoned(eb)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) {
        return (await db.selectFrom(EXPORT_JOB_TABLE.name).selectAll().where('id', '=', id).executeTakeFirst()) as ExportJobRow | undefined;
      }
    }
    return undefined;
  }

  /** Writes this instance's claimed job's columns; false when the job is no longer ours. */
  private async update(id: string, set: Partial<ExportJobRow>): Promise<boolean> {
    const r = await this.ctx.database.db
      .updateTable(EXPORT_JOB_TABLE.name)
      .set(set)
      .where('id', '=', id)
      .where('claimed_by', '=', this.instance)
      .where('status', '=', EXPORT_STATES.running)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  private async run(job: ExportJobRow): Promise<void> {
    const m = this.ctx.models.get(job.resource);
    const tmp = path.join(os.tmpdir(), `export-${job.id}-${randomBytes(4).toString('hex')}.xlsx`);
    try {
      if (!m) throw new Error(`模块 ${job.resource} 不存在`);
      const plan = JSON.parse(job.plan) as ExportPlan;
      const out = fs.createWriteStream(tmp);
      const closed = new Promise<void>((resolve, reject) => { out.on('close', resolve); out.on('error', reject); });
      await writeExport(this.ctx, m, plan, out, async (done) => {
        if (this.stopping) throw new LostClaim();
        if (!(await this.update(job.id, { done, heartbeat: nowText(this.now()) }))) throw new LostClaim();
      });
      await closed;
      const size = (await fs.promises.stat(tmp)).size;
      const key = `${EXPORT_KEY_PREFIX}${job.create_time.slice(0, 10).replace(/-/g, '')}/${randomBytes(8).toString('hex')}_${sanitizeFileName(exportNames(m).asciiName)}`;
      await this.store.putFile(key, tmp, XLSX_TYPE);
      const at = this.now();
      const stored = await this.update(job.id, {
        status: EXPORT_STATES.done, done: plan.total, size, file_key: key, finish_time: nowText(at),
        expire_time: nowText(new Date(at.getTime() + this.keepDays * 86_400_000)), heartbeat: nowText(at),
      });
      if (!stored) await this.store.remove(key);
    } catch (err) {
      if (err instanceof LostClaim) {
        // a clean stop gives the job back at once; a job taken by another instance is theirs
        if (this.stopping) await this.update(job.id, { status: EXPORT_STATES.queued, claimed_by: null, done: 0 }).catch(() => undefined);
      } else {
        await this.update(job.id, { status: EXPORT_STATES.failed, error: (err as Error).message.slice(0, 500), finish_time: nowText(this.now()) });
      }
    } finally {
      await fs.promises.rm(tmp, { force: true });
    }
  }

  /** Removes jobs whose file has expired (file first, then the row); failed jobs go after the same time. */
  async purge(): Promise<number> {
    const db = this.ctx.database.db;
    const now = nowText(this.now());
    const failedBefore = nowText(new Date(this.now().getTime() - this.keepDays * 86_400_000));
    const expired = (await db
      .selectFrom(EXPORT_JOB_TABLE.name)
      .select(['id', 'file_key'])
      .where((eb) => eb.or([
        eb.and([eb('status', '=', EXPORT_STATES.done), eb('expire_time', '<=', now)]),
        eb.and([eb('status', '=', EXPORT_STATES.failed), eb('create_time', '<=', failedBefore)]),
      ]))
      .execute()) as Array<{ id: string; file_key: string | null }>;
    for (const e of expired) {
      if (e.file_key) await this.store.remove(e.file_key);
      await db.deleteFrom(EXPORT_JOB_TABLE.name).where('id', '=', e.id).execute();
    }
    return expired.length;
  }
}

