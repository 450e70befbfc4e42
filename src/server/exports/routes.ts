/**
 * 下载中心 calls (any logged-in user; a user sees and downloads only the export files they
 * asked for, in the tenant they asked in):
 *
 *   GET /sys/exportJob/list?pageNo=&pageSize=   the caller's jobs, newest first: file name,
 *       module, state (排队中 / 导出中 / 已完成 / 失败), rows done of total, size, created, expiry
 *   GET /sys/exportJob/download?id=             the finished file (blob) through the file store;
 *       another user's job or an unknown id is 404 未找到对应数据, an unfinished one 400
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { ApiError, badRequest } from '../errors.js';
import { contentDisposition, XLSX_TYPE } from '../excel/export.js';
import type { FileStore } from '../files/storage.js';
import { EXPORT_JOB_TABLE, EXPORT_STATE_LABELS, EXPORT_STATES, type ExportJobRow } from './queue.js';

export const EXPORT_LIST_PATH = '/sys/exportJob/list';
export const EXPORT_DOWNLOAD_PATH = '/sys/exportJob/download';
export const MSG_NOT_READY = '文件尚未生成完成，请稍后再下载';

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

function positive(v: unknown, dflt: number, max: number, title: string): number {
  const raw = one(v);
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw badRequest(`${title}：必须是正整数`);
  return Math.min(n, max);
}

export function jobView(ctx: AppContext, r: ExportJobRow) {
  const total = Number(r.total);
  const done = Number(r.done);
  return {
    id: String(r.id),
    fileName: r.file_name,
    resource: r.resource,
    resourceTitle: ctx.models.get(r.resource)?.schema.title ?? r.resource,
    status: r.status,
    status_dictText: EXPORT_STATE_LABELS[r.status] ?? r.status,
    total,
    done,
    percent: r.status === EXPORT_STATES.done ? 100 : total > 0 ? Math.min(99, Math.floor((done * 100) / total)) : 0,
    size: Number(r.size),
    error: r.error,
    createTime: r.create_time,
    finishTime: r.finish_time,
    expireTime: r.expire_time,
  };
}

export function registerExportJobRoutes(app: FastifyInstance, ctx: AppContext, store: FileStore): void {
  const mine = (userId: string, tenantId: number) =>
    ctx.database.db.selectFrom(EXPORT_JOB_TABLE.name).where('user_id', '=', userId).where('tenant_id', '=', tenantId);

  app.get(EXPORT_LIST_PATH, async (req) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const pageNo = positive(q.pageNo, 1, 100_000, '页码');
    const pageSize = positive(q.pageSize, 10, 100, '每页条数');
    const user = req.session!;
    const counted = await mine(user.id, req.tenantId).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    const rows = (await mine(user.id, req.tenantId).selectAll().orderBy('create_time', 'desc').orderBy('id', 'desc')
      .limit(pageSize).offset((pageNo - 1) * pageSize).execute()) as ExportJobRow[];
    return ok({ records: rows.map((r) => jobView(ctx, r)), total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) });
  });

  app.get(EXPORT_DOWNLOAD_PATH, async (req, reply) => {
    const id = one(((req.query ?? {}) as Record<string, unknown>).id);
    if (typeof id !== 'string' || id === '' || id.length > 64) throw badRequest('id：不能为空');
    const user = req.session!;
    const job = (await mine(user.id, req.tenantId).selectAll().where('id', '=', id).executeTakeFirst()) as ExportJobRow | undefined;
    if (!job) throw new ApiError(404, '未找到对应数据');
    if (job.status !== EXPORT_STATES.done || !job.file_key) throw badRequest(MSG_NOT_READY);
    const file = await store.get(job.file_key);
    if (!file) throw new ApiError(404, '文件已过期或不存在');
    return reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', contentDisposition(job.file_name, `${job.resource}.xlsx`))
      .header('Content-Length', file.size)
      .header('Cache-Control', 'no-store')
      .send(file.body);
  });
}
