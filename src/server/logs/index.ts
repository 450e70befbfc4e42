/**
 * 日志管理 (module sysLog, table from its schema): the server writes one row per login attempt
 * (登录日志, success or failure, address and browser) and one per operation (操作日志: every
 * add, edit, delete, transition, effect action, import and export answered without error:
 * who, which module and action, which record, duration). Request parameters are recorded as
 * the record id and the names of the submitted fields, never their values (patients' data
 * stays out of the log). Writing a log never fails the request it describes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_ROOT } from '../../core/protocol/index.js';
import { apiPath } from '../../core/schema/naming.js';
import type { AppContext } from '../context.js';
import { newId, nowText } from '../db/ids.js';
import { toStored } from '../resources/model.js';

export const LOG_RESOURCE = 'sysLog';
const LOG_TYPE = { login: '1', operation: '2' } as const;
const OPERATE = { add: '2', update: '3', delete: '4', import: '5', export: '6' } as const;

export interface LogEntry {
  logType: (typeof LOG_TYPE)[keyof typeof LOG_TYPE];
  logContent: string;
  tenantId: number;
  operateType?: string;
  userid?: string | null;
  username?: string | null;
  ip?: string;
  userAgent?: string;
  method?: string;
  requestUrl?: string;
  requestParam?: string;
  costTime?: number;
}

/** Writes one log row (nothing when the sysLog module is not installed). */
export async function writeLog(ctx: AppContext, e: LogEntry): Promise<void> {
  const m = ctx.models.get(LOG_RESOURCE);
  if (!m) return;
  const now = nowText();
  const row: Record<string, unknown> = {
    id: newId(), tenant_id: e.tenantId, create_by: e.username ?? 'system', create_time: now, version: 1,
  };
  const { tenantId: _t, ...values } = e;
  for (const [k, v] of Object.entries(values)) {
    const c = m.byKey.get(k);
    if (c && v !== undefined) row[c.column] = toStored(c, typeof v === 'string' ? v.slice(0, c.field.maxLength ?? 2000) : v);
  }
  await ctx.database.db.insertInto(m.table).values(row).execute();
}

const quietly = (p: Promise<void>) => { p.catch((err: unknown) => { console.error('[log] write failed', err); }); };

const userAgentOf = (req: FastifyRequest) => String(req.headers['user-agent'] ?? '').slice(0, 300);

/** 登录日志: `用户名: <name>,登录成功！` or `…,登录失败：<reason>`. */
export function logLogin(ctx: AppContext, req: FastifyRequest, o: { username: string; user?: Record<string, unknown> | null; ok: boolean; reason?: string }): void {
  quietly(writeLog(ctx, {
    logType: LOG_TYPE.login,
    logContent: o.ok ? `用户名: ${o.username},登录成功！` : `用户名: ${o.username},登录失败：${o.reason ?? ''}`,
    tenantId: o.user ? Number(o.user.tenant_id) : 0,
    userid: o.user ? String(o.user.id) : null,
    username: o.username,
    ip: req.ip,
    userAgent: userAgentOf(req),
  }));
}

interface Operation { module: string; action: string; operateType: string }

/** Route URL (with the API root) → what it does, for every module's writes, transitions, actions and Excel calls. */
function operationsOf(ctx: AppContext): Map<string, Operation> {
  const ops = new Map<string, Operation>();
  const put = (path: string, op: Operation) => ops.set(`${API_ROOT}${path}`, op);
  for (const m of ctx.models.values()) {
    const s = m.schema;
    if (s.name === LOG_RESOURCE) continue;
    const at = (action: string, title: string, operateType: string) => put(apiPath(s, action), { module: s.title, action: title, operateType });
    at('add', '添加', OPERATE.add);
    at('edit', '编辑', OPERATE.update);
    at('delete', '删除', OPERATE.delete);
    at('deleteBatch', '批量删除', OPERATE.delete);
    at('importExcel', '导入', OPERATE.import);
    at('exportXls', '导出', OPERATE.export);
    for (const t of s.states?.transitions ?? []) at(t.action, t.title, OPERATE.update);
    for (const a of s.actions ?? []) if (a.api?.path) put(a.api.path, { module: s.title, action: a.title, operateType: OPERATE.update });
  }
  return ops;
}

/** Names of what was sent: the record id(s) and the submitted field names, no values. */
function paramsOf(req: FastifyRequest): string {
  const out: Record<string, unknown> = {};
  const q = (req.query ?? {}) as Record<string, unknown>;
  const b = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  for (const k of ['id', 'ids']) if (q[k] !== undefined || b[k] !== undefined) out[k] = q[k] ?? b[k];
  const fields = Object.keys(b).filter((k) => k !== 'id' && k !== 'ids');
  if (fields.length) out.fields = fields;
  return JSON.stringify(out).slice(0, 2000);
}

/** 操作日志: one row per operation answered without error, after the answer is sent. */
export function registerOperationLog(app: FastifyInstance, ctx: AppContext): void {
  const ops = operationsOf(ctx);
  app.addHook('onResponse', async (req, reply) => {
    const op = req.routeOptions.url ? ops.get(req.routeOptions.url) : undefined;
    if (!op || !req.session || reply.statusCode >= 400) return;
    if (op.operateType !== OPERATE.export && req.method === 'GET') return;
    quietly(writeLog(ctx, {
      logType: LOG_TYPE.operation,
      logContent: `${op.module}-${op.action}`,
      operateType: op.operateType,
      tenantId: req.tenantId,
      userid: req.session.id,
      username: req.session.username,
      ip: req.ip,
      userAgent: userAgentOf(req),
      method: req.method,
      requestUrl: req.url.split('?')[0],
      requestParam: paramsOf(req),
      costTime: Math.round(reply.elapsedTime),
    }));
  });
}
