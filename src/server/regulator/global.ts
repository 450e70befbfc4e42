/**
 * `dictModels.regulatory_config` of /config/globalConfig: the text/value pairs of the caller's
 * tenant's regulator configuration the console's regulator calls go to (the first one that is
 * enabled and uploads, by name): baseUrl, orgCode and name. Without a session, or when the
 * tenant has none, the list is empty and the console says 缺少全局参数，请稍后重试.
 */
import type { FastifyRequest } from 'fastify';
import { H } from '../../core/protocol/index.js';
import type { AppContext } from '../context.js';
import { rowToRecord } from '../resources/model.js';
import { resolveTenant } from '../tenancy/tenant.js';
import { queueModels } from './queue.js';

export type ConfigPairs = Array<{ text: string; value: string }>;

export async function regulatorPairs(ctx: AppContext, req: FastifyRequest): Promise<ConfigPairs> {
  const models = queueModels(ctx);
  const header = req.headers[H.accessToken.toLowerCase()];
  const token = Array.isArray(header) ? header[0] : header;
  if (!models || !token || token.length > 256) return [];
  const user = await ctx.sessions.get(token);
  if (!user) return [];
  let tenantId: number;
  try {
    tenantId = resolveTenant(user, req.headers[H.tenantId]);
  } catch {
    return [];
  }
  const { org } = models;
  const nameCol = org.byKey.get('name')?.column ?? 'id';
  const rows = await ctx.database.db.selectFrom(org.table).selectAll().where('tenant_id', '=', tenantId).orderBy(nameCol).orderBy('id').execute();
  const cfg = rows.map((r) => rowToRecord(org, r as Record<string, unknown>)).find((c) => c.uploadEnabled === true && String(c.status) === '1' && c.baseUrl);
  if (!cfg) return [];
  return [
    { text: 'baseUrl', value: String(cfg.baseUrl) },
    { text: 'orgCode', value: String(cfg.orgCode ?? '') },
    { text: 'name', value: String(cfg.name ?? '') },
  ];
}
