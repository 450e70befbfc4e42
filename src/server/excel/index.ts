/**
 * Excel routes of every module schema, at its API base (JeecgBoot `exportXlsUrl` / `importExcelUrl`):
 *
 *   GET  <base>/exportXls        permission <prefix>:exportXls    — only when `list.export: true`;
 *                                more rows than the queue's threshold: a background job,
 *                                answered `已加入下载中心` (JSON) instead of the file
 *   GET  <base>/importTemplate   permission <prefix>:importExcel  — only when `list.import: true`
 *   POST <base>/importExcel      permission <prefix>:importExcel  — only when `list.import: true`
 *                                (`dryRun=0` commits; absent or empty `dryRun` is a dry run)
 *
 * The routes exist exactly when core `permissionCodes` derives the permission code (so roles
 * can be granted it). Both flags default to false. Files are blobs (plain, not encrypted);
 * errors are the usual (encrypted) JSON envelopes. importExcel reads multipart, so it lives in
 * the multipart child scope (files/multipart.ts): X-Sign covers the query (`dryRun`, `format`).
 */
import type { FastifyInstance } from 'fastify';
import { excelJs } from './exceljs.js';
import { ok } from '../../core/protocol/index.js';
import { codeFor, lookupOf } from '../../core/access/index.js';
import { apiBase, apiPath } from '../../core/schema/naming.js';
import type { AppContext } from '../context.js';
import { ApiError, badRequest } from '../errors.js';
import { extensionOf, readMultipart, registerMultipartScope } from '../files/index.js';
import type { ResourceModel } from '../resources/model.js';
import { checkTargetTenant } from '../resources/pipeline.js';
import { contentDisposition, MAX_EXPORT_ROWS, planExport, prepareExport, streamExport, XLSX_TYPE } from './export.js';
import { MSG_QUEUED, type ExportQueue } from '../exports/queue.js';
import { analyzeImport, commitImport, type ImportReport } from './import.js';
import { buildTemplate } from './template.js';

export { MAX_EXPORT_ROWS } from './export.js';
export { MAX_IMPORT_ROWS } from './import.js';
export type { ImportReport, RowError } from './import.js';

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

export function templatePath(m: ResourceModel): string {
  return `${apiBase(m.schema).replace(/\/$/, '')}/importTemplate`;
}

async function errorReportXlsx(report: ImportReport): Promise<Buffer> {
  const wb = new (excelJs().Workbook)();
  const ws = wb.addWorksheet('错误报告');
  ws.columns = [
    { header: '行号', key: 'row', width: 8 },
    { header: '字段', key: 'title', width: 20 },
    { header: '错误信息', key: 'message', width: 60 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const e of report.errors) ws.addRow(e);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

function summary(r: ImportReport): string {
  return `校验完成：共${r.total}行，通过${r.valid}行，失败${r.invalid}行`;
}

/** `exports`: the background export queue; without it every export is streamed in the request. */
export function registerExcelRoutes(app: FastifyInstance, ctx: AppContext, exports?: ExportQueue): void {
  const lookup = lookupOf([...ctx.models.values()].map((x) => x.schema));
  const models = [...ctx.models.values()];
  for (const m of models) {
    const s = m.schema;
    if (s.list?.export !== true) continue;
    app.get(apiPath(s, 'exportXls'), { config: { permission: codeFor(s, 'exportXls', lookup) } }, async (req, reply) => {
      const query = (req.query ?? {}) as Record<string, unknown>;
      let x;
      if (exports) {
        // more rows than the threshold: a background job (下载中心) instead of a long request
        const plan = await planExport(ctx, m, query, req.tenantId, req.session!, Math.max(exports.maxRows, MAX_EXPORT_ROWS));
        if (plan.total > exports.asyncRows) {
          const job = await exports.enqueue(m, plan, req.session!.id);
          return ok({ queued: true, jobId: job.id, total: plan.total }, MSG_QUEUED);
        }
        if (plan.total > MAX_EXPORT_ROWS) throw badRequest(`导出数据不能超过${MAX_EXPORT_ROWS}条（当前${plan.total}条），请缩小查询范围`);
        x = streamExport(ctx, m, plan);
      } else x = await prepareExport(ctx, m, query, req.tenantId, req.session!);
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', contentDisposition(x.filename, x.asciiName))
        .header('X-Total-Count', String(x.total))
        .header('Cache-Control', 'no-store')
        .send(x.stream);
    });
  }

  for (const m of models) {
    const s = m.schema;
    if (s.list?.import !== true || s.readOnly) continue;
    app.get(templatePath(m), { config: { permission: codeFor(s, 'importExcel', lookup) } }, async (_req, reply) => {
      const buf = await buildTemplate(ctx, m);
      return reply
        .header('Content-Type', XLSX_TYPE)
        .header('Content-Disposition', contentDisposition(`${s.title}导入模板.xlsx`, `${m.name}-template.xlsx`))
        .header('Cache-Control', 'no-store')
        .send(buf);
    });
  }

  registerMultipartScope(app, (scope) => {
    for (const m of models) {
      const s = m.schema;
      if (s.list?.import !== true || s.readOnly) continue;
      scope.post(apiPath(s, 'importExcel'), { config: { permission: codeFor(s, 'importExcel', lookup) } }, async (req, reply) => {
        const q = (req.query ?? {}) as Record<string, unknown>;
        const dry = one(q.dryRun);
        if (dry !== undefined && dry !== '' && dry !== '0' && dry !== '1' && dry !== 'true' && dry !== 'false') throw badRequest('dryRun 只能是 1 或 0');
        // only an explicit dryRun=0 (or false) commits; absent or empty is a dry run
        const dryRun = dry !== '0' && dry !== 'false';
        const caller = { user: req.session!, tenantId: req.tenantId };
        if (!dryRun) await checkTargetTenant(ctx, caller);
        const format = one(q.format);
        if (format !== undefined && format !== 'json' && format !== 'xlsx') throw badRequest('format 只能是 json 或 xlsx');
        const form = await readMultipart(req, 'file');
        if (!form.file || form.file.data.length === 0) throw badRequest('请选择要导入的Excel文件');
        if (extensionOf(form.file.filename) !== 'xlsx') throw badRequest('仅支持 .xlsx 格式的Excel文件');
        const { report, payloads } = await analyzeImport(ctx, m, form.file.data, req.tenantId, req.session!);
        if (dryRun) {
          if (format === 'xlsx') {
            return reply
              .header('Content-Type', XLSX_TYPE)
              .header('Content-Disposition', contentDisposition(`${s.title}导入错误报告.xlsx`, `${m.name}-errors.xlsx`))
              .send(await errorReportXlsx(report));
          }
          return ok(report, summary(report));
        }
        if (report.invalid > 0) throw new ApiError(400, `导入失败：共${report.total}行，其中${report.invalid}行有误，未导入任何数据`, report);
        const ids = await commitImport(ctx, m, payloads, caller);
        return ok({ total: report.total, inserted: ids.length }, `文件导入成功！数据行数：${ids.length}`);
      });
    }
  });
}
