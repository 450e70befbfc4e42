/**
 * The regulator upload queue (the resource declaring `uploadQueue`, rows in the database so a
 * restart resumes where it stopped).
 *
 * A row waits in 待上报 (or 重试中 until its nextTime). `drain()` claims due rows one by one with
 * an atomic UPDATE (待上报/重试中 → 上报中, so two instances never send one row twice) and POSTs
 * `{orgCode, uploadType, bizNo, data}` as JSON to `<baseUrl>/pub/<uploadType>` of the row's
 * regulator configuration, signed with `X-App-Key`, `X-Timestamp` and
 * `X-Sign = hex(HMAC-SHA256(appSecret, appKey + timestamp + body))`, within its timeout.
 *
 * The regulator accepts with HTTP 2xx and a body whose `code` is 0 or 200 (or without a code):
 * 已上报. Anything else — a refusal, another HTTP status, a timeout, no connection — counts one
 * failure: 重试中 with nextTime = now + backoff × 2^(failures − 1) while failures ≤ maxRetries,
 * else 上报失败 with the reason. The source record (`upload` of its schema) follows: 已上报 or
 * 上报失败 with the time and the reason (its version moves on, so stale edit forms get 409); both
 * writes are one transaction and go to the data log as the user `system`.
 */
import { createHmac } from 'node:crypto';
import type { ResourceSchema } from '../../core/schema/types.js';
import { UPLOAD_STATES } from '../../core/schema/types.js';
import type { AppContext } from '../context.js';
import { nowText } from '../db/ids.js';
import { rowToRecord, toStored, type ResourceModel } from '../resources/model.js';
import { nextVersion } from '../resources/version.js';
import { logWrites } from '../resources/write-log.js';
import type { Caller } from '../resources/pipeline.js';
import type { SessionUser } from '../auth/session.js';
import { inTransaction } from '../db/connection.js';

type Rec = Record<string, unknown>;

export interface UploadQueueOptions {
  /** How often due rows are sent (ms); 0: only when drain() is called. Default 30 s. */
  intervalMs?: number;
  /** First retry delay (ms), doubled after each further failure. Default 60 s. */
  backoffMs?: number;
  /** Rows sent per drain. Default 50. */
  batch?: number;
  /** Clock (tests). */
  now?: () => Date;
}

export interface SendOutcome {
  ok: boolean;
  code: string | null;
  message: string | null;
  reason?: string;
}

/** The queue resource and the regulator configuration its orgId refers to, if the schemas declare them. */
export function queueModels(ctx: AppContext): { queue: ResourceModel; org: ResourceModel } | undefined {
  const queue = [...ctx.models.values()].find((m) => m.schema.uploadQueue);
  const orgRes = queue?.byKey.get('orgId')?.field.ref?.resource;
  const org = orgRes ? ctx.models.get(orgRes) : undefined;
  return queue && org ? { queue, org } : undefined;
}

const col = (m: ResourceModel, key: string) => m.byKey.get(key)!.column;

/** `{column: stored value}` of the keys given (keys the model lacks are skipped). */
export function columns(m: ResourceModel, values: Rec): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(values)) {
    const c = m.byKey.get(k);
    if (c) out[c.column] = toStored(c, v);
  }
  return out;
}

export class UploadQueue {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private readonly intervalMs: number;
  private readonly backoffMs: number;
  private readonly batch: number;
  private readonly now: () => Date;

  constructor(private readonly ctx: AppContext, opts: UploadQueueOptions = {}) {
    this.intervalMs = opts.intervalMs ?? 30_000;
    this.backoffMs = opts.backoffMs ?? 60_000;
    this.batch = opts.batch ?? 50;
    this.now = opts.now ?? (() => new Date());
  }

  start(): void {
    if (this.intervalMs <= 0 || !queueModels(this.ctx)) return;
    this.timer = setInterval(() => {
      void this.drain().catch((err: Error) => console.error('regulator upload:', err.message));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Sends the rows that are due now; resolves with how many were sent (accepted or not). */
  drain(): Promise<number> {
    if (!this.running) this.running = this.sendDue().finally(() => { this.running = undefined; });
    return this.running;
  }

  private async sendDue(): Promise<number> {
    const models = queueModels(this.ctx);
    if (!models) return 0;
    const { queue } = models;
    const db = this.ctx.database.db;
    const now = nowText(this.now());
    const due = await db
      .selectFrom(queue.table)
      .select(['id'])
      .where(col(queue, 'status'), 'in', [UPLOAD_STATES.pending, UPLOAD_STATES.retrying])
      .where((eb) => eb.or([eb(col(queue, 'nextTime'), 'is', null), eb(col(queue, 'nextTime'), '<=', now)]))
      .orderBy('create_time')
      .limit(this.batch)
      .execute();
    let sent = 0;
    for (const { id } of due) if (await this.sendOne(models, String(id))) sent++;
    return sent;
  }

  /** Claims one row (another instance may have taken it) and sends it. */
  private async sendOne(models: { queue: ResourceModel; org: ResourceModel }, id: string): Promise<boolean> {
    const { queue, org } = models;
    const db = this.ctx.database.db;
    const now = nowText(this.now());
    const claimed = await db
      .updateTable(queue.table)
      .set({ [col(queue, 'status')]: UPLOAD_STATES.sending, [col(queue, 'lastTime')]: now, version: nextVersion() })
      .where('id', '=', id)
      .where(col(queue, 'status'), 'in', [UPLOAD_STATES.pending, UPLOAD_STATES.retrying])
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    const row = await db.selectFrom(queue.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const rec = rowToRecord(queue, row as Rec);
    const tenantId = Number(row.tenant_id);
    const cfgRow = await db.selectFrom(org.table).selectAll().where('id', '=', String(rec.orgId ?? '')).where('tenant_id', '=', tenantId).executeTakeFirst();
    const cfg = cfgRow ? rowToRecord(org, cfgRow as Rec) : null;
    let outcome: SendOutcome;
    let retry = true;
    if (!cfg || cfg.uploadEnabled !== true || String(cfg.status) !== '1') {
      outcome = { ok: false, code: null, message: null, reason: '监管平台配置不存在或未启用上报' };
      retry = false;
    } else {
      outcome = await send(cfg, String((cfgRow as Rec)[col(org, 'appSecret')] ?? ''), rec);
    }
    await this.settle(queue, rec, tenantId, outcome, retry ? Number(cfg?.maxRetries ?? 0) : -1);
    return true;
  }

  /** Writes the outcome on the queue row and on its source record. `maxRetries` −1: no retry. */
  private async settle(queue: ResourceModel, rec: Rec, tenantId: number, o: SendOutcome, maxRetries: number): Promise<void> {
    const db = this.ctx.database.db;
    const at = this.now();
    const now = nowText(at);
    const failures = Number(rec.retryCount ?? 0) + (o.ok ? 0 : 1);
    let status: string = UPLOAD_STATES.done;
    let nextTime: string | null = null;
    if (!o.ok) {
      if (maxRetries >= 0 && failures <= maxRetries) {
        status = UPLOAD_STATES.retrying;
        nextTime = nowText(new Date(at.getTime() + this.backoffMs * 2 ** (failures - 1)));
      } else status = UPLOAD_STATES.failed;
    }
    const by = systemCaller(tenantId);
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable(queue.table)
        .set({
          ...columns(queue, {
            status, retryCount: failures, nextTime, respCode: o.code, respMsg: o.message?.slice(0, 500) ?? null,
            failReason: o.ok ? null : (o.reason ?? '上报失败').slice(0, 500), firstTime: rec.firstTime ?? now, lastTime: now,
          }),
          version: nextVersion(),
        })
        .where('id', '=', String(rec.id))
        .execute();
      await logWrites(trx, by, queue.name, 'uploadResult', [String(rec.id)]);
      if (status === UPLOAD_STATES.retrying) return; // the source stays 上报中 until the last attempt
      const source = String(rec.sourceResource ?? '');
      if (await settleSource(this.ctx, source, String(rec.sourceId ?? ''), tenantId, status, now, o.ok ? null : o.reason ?? null, trx)) {
        await logWrites(trx, by, source, 'uploadResult', [String(rec.sourceId)]);
      }
    });
  }
}

/** The source record follows its upload: state, time and reason as its schema's `upload` names them. */
export async function settleSource(ctx: AppContext, resource: string, id: string, tenantId: number, status: string, time: string, reason: string | null, db = ctx.database.db): Promise<boolean> {
  const m = ctx.models.get(resource);
  const u = m?.schema.upload;
  if (!m || !u || !id) return false;
  const values: Rec = { [u.status]: status };
  if (u.time && status !== UPLOAD_STATES.ignored) values[u.time] = time;
  if (u.reason) values[u.reason] = status === UPLOAD_STATES.failed ? reason : null;
  const r = await db.updateTable(m.table).set({ ...columns(m, values), version: nextVersion() }).where('id', '=', id).where('tenant_id', '=', tenantId).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The queue writes as the system (data log user `system`) in the row's tenant. */
function systemCaller(tenantId: number): Caller {
  const user: SessionUser = { token: '', id: '0', username: 'system', realname: '系统', tenantId, orgId: null, roleCodes: [], isSuperAdmin: false, perms: new Set() };
  return { user, tenantId };
}

const ACCEPTED = new Set(['0', '200']);

/** One POST to the regulator. Never throws: every failure is an outcome with a reason. */
export async function send(cfg: Rec, secret: string, rec: Rec): Promise<SendOutcome> {
  const type = String(rec.uploadType);
  const url = `${String(cfg.baseUrl).replace(/\/+$/, '')}/pub/${encodeURIComponent(type)}`;
  let data: unknown = rec.payload;
  if (typeof data === 'string') {
    try { data = JSON.parse(data); } catch { /* sent as text */ }
  }
  // the operator who queued it (userId, username), as the spec's regulator calls add them to the body
  const by = data && typeof data === 'object' ? (data as Rec) : {};
  const body = JSON.stringify({ orgCode: cfg.orgCode, uploadType: type, bizNo: rec.bizNo, userId: by.userId ?? null, username: by.username ?? null, data });
  const timestamp = String(Date.now());
  const appKey = String(cfg.appKey ?? '');
  const sign = createHmac('sha256', secret).update(appKey + timestamp + body).digest('hex');
  const seconds = Number(cfg.timeoutSeconds ?? 10) || 10;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Key': appKey, 'X-Timestamp': timestamp, 'X-Sign': sign },
      body,
      signal: AbortSignal.timeout(seconds * 1000),
    });
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return { ok: false, code: null, message: null, reason: `请求超时（${seconds}秒）` };
    return { ok: false, code: null, message: null, reason: `无法连接监管平台：${(e.cause as Error | undefined)?.message ?? e.message}` };
  }
  let text = '';
  try { text = await res.text(); } catch { /* empty body */ }
  let json: Rec | null = null;
  try { json = JSON.parse(text) as Rec; } catch { /* not JSON */ }
  const code = json && json.code !== undefined && json.code !== null ? String(json.code) : String(res.status);
  const message = json ? String(json.message ?? json.msg ?? '') || null : text.slice(0, 200) || null;
  const accepted = res.ok && (!json || json.code === undefined || json.code === null || ACCEPTED.has(String(json.code)));
  if (accepted) return { ok: true, code, message };
  const why = res.ok ? `监管平台拒绝：${message ?? code}` : `监管平台返回 HTTP ${res.status}${message ? `：${message}` : ''}`;
  return { ok: false, code, message, reason: why };
}

/** The payload of a record: its readable fields (besides the upload bookkeeping) and dict/ref labels. */
export function payloadFields(schema: ResourceSchema): string[] {
  const u = schema.upload;
  const skip = new Set([u?.status, u?.time, u?.reason].filter(Boolean) as string[]);
  return schema.fields.filter((f) => !skip.has(f.key) && !f.writeOnly && f.kind !== 'password').map((f) => f.key);
}
