/**
 * A record's history (数据日志 of one record, the detail view's audit timeline):
 *   GET /sys/dataLog/history?resource=<module>&id=<record id>
 *     -> [{ id, version, op, username, createTime, content, before }] oldest first (at most 200)
 * Readers of the module (its list code) may read its records' history; content is shown as
 * queryById shows the record (masked fields masked, hidden fields left out); tenant-scoped.
 */
import type { FastifyInstance } from 'fastify';
import { codeFor, lookupOf } from '../../core/access/index.js';
import { ok } from '../../core/protocol/index.js';
import { can } from '../auth/session.js';
import type { AppContext } from '../context.js';
import { badRequest, forbidden } from '../errors.js';
import { presentRecords } from '../resources/read.js';

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
}
