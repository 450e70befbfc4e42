/**
 * A record's history (数据日志 of one record, the detail view's audit timeline):
 *   GET /sys/dataLog/history?resource=<module>&id=<record id>
 *     -> [{ id, version, op, username, createTime, content, before }] oldest first (at most 200)
 * Readers of the module (its list code) may read its records' history; content is shown as
 * queryById shows the record (masked fields masked, hidden fields left out); tenant-scoped.
 *
 * 数据日志's 数据比较 (JeecgBoot DataLogCompareModal):
 *   GET /sys/dataLog/queryCompareList?dataId1=&dataId2=  -> [version, version]: two data-log rows
 *     as the 数据日志 list shows them, older first; both must exist in the tenant acted on
 *     (404 `未找到对应数据`) and be versions of the same record (400
 *     `请选择相同的数据库表和数据ID进行比较`). Needs the data-log module's list code.
 */
import type { FastifyInstance } from 'fastify';
import { codeFor, lookupOf } from '../../core/access/index.js';
import { ok } from '../../core/protocol/index.js';
import { can } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { badRequest, forbidden } from '../errors.js';

export const COMPARE_MSG = { sameRecord: '请选择相同的数据库表和数据ID进行比较', two: '请选择两条数据' } as const;
const LOG_TABLE = 'sys_write_log';
import { presentRecords, readRecordFor } from '../resources/read.js';
import { MSG, notFound } from '../errors.js';

const MAX_VERSIONS = 200;
type Rec = Record<string, unknown>;

function parse(v: unknown): Rec | null {
  if (typeof v !== 'string' || !v) return null;
  try {
    const x = JSON.parse(v) as unknown;
    return x && typeof x === 'object' && !Array.isArray(x) ? (x as Rec) : null;
  } catch {
    return null;
  }
}

export function registerDataLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const lookup = lookupOf([...ctx.models.values()].map((x) => x.schema));
  app.get('/sys/dataLog/history', async (req) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const resource = typeof q.resource === 'string' ? q.resource : '';
    const id = typeof q.id === 'string' || typeof q.id === 'number' ? String(q.id) : '';
    const m = ctx.models.get(resource);
    if (!m) throw badRequest(`未知的模块：${resource.slice(0, 64)}`);
    if (!id) throw badRequest('缺少参数：id');
    const code = codeFor(m.schema, 'list', lookup);
    if (!can(req.session!, code)) throw forbidden(code);
    const rows = await ctx.database.db
      .selectFrom('sys_write_log')
      .select(['id', 'version', 'op', 'username', 'create_time', 'data_content', 'data_before'])
      .where('tenant_id', '=', req.tenantId)
      .where('resource', '=', m.name)
      .where('record_id', '=', id)
      .orderBy('create_time')
      .orderBy('id')
      .limit(MAX_VERSIONS)
      .execute();
    const out = rows.map((r) => ({
      id: String(r.id), version: r.version == null ? null : Number(r.version), op: String(r.op), username: r.username ?? null,
      createTime: String(r.create_time), content: parse(r.data_content), before: parse(r.data_before),
    }));
    const shown = out.flatMap((v) => [v.content, v.before]).filter((x): x is Rec => x !== null);
    presentRecords(m, shown, req.session!);
    return ok(out);
  });

  const logModel = [...ctx.models.values()].find((x) => x.table === LOG_TABLE);
  if (logModel) {
    const code = codeFor(logModel.schema, 'list', lookup);
    app.get('/sys/dataLog/queryCompareList', { config: { permission: code } }, async (req) => {
      const q = (req.query ?? {}) as Record<string, unknown>;
      const ids = ['dataId1', 'dataId2'].map((k) => (typeof q[k] === 'string' || typeof q[k] === 'number' ? String(q[k]).trim() : ''));
      if (ids.some((x) => !x || x.length > 64) || ids[0] === ids[1]) throw badRequest(COMPARE_MSG.two);
      const rows: Rec[] = [];
      for (const id of ids) {
        const rec = await readRecordFor(ctx, logModel, id, req.tenantId, req.session!);
        if (!rec) throw notFound(MSG.noData);
        rows.push(rec);
      }
      const [a, b] = rows as [Rec, Rec];
      if (a.resource !== b.resource || a.recordId !== b.recordId) throw badRequest(COMPARE_MSG.sameRecord);
      // the contents are shown as the logged module shows the record (masks, hidden fields)
      const target = ctx.models.get(String(a.resource));
      if (target) {
        for (const r of rows) {
          for (const k of ['dataContent', 'dataBefore']) {
            const c = parse(r[k]);
            if (!c) continue;
            presentRecords(target, [c], req.session!);
            r[k] = JSON.stringify(c);
          }
        }
      }
      rows.sort((x, y) => String(x.createTime).localeCompare(String(y.createTime)) || String(x.id).localeCompare(String(y.id)));
      return ok(rows);
    });
  }
}
