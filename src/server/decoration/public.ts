/**
 * GET /hospital/open/homePage/<tenantId>/<client> on the ROOT instance: the tenant's published
 * home page for one client (1 小程序, 2 公众号H5, 3 APP), for the patient app. No sign, no token,
 * plain JSON (never encrypted), cacheable: a strong ETag over the body, `If-None-Match` -> 304.
 * Only what the app draws leaves the server: the frozen version's settings and visible blocks,
 * the version number and publish time — no ids of people, no drafts.
 * 404 `该端尚未发布首页` when the client has no published page.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '../../core/protocol/index.js';
import { parsePage, publicPage } from '../../core/decoration/validate.js';
import type { AppContext } from '../context.js';
import { DECORATION_RESOURCE, STATUS, VERSION_RESOURCE } from './effects.js';

export const PUBLIC_HOME_PATH = '/open/homePage';
export const MSG_NOT_PUBLISHED = '该端尚未发布首页';

const envelope = (code: number, message: string, result: unknown) => ({ success: code === 200, message, code, result, timestamp: Date.now() });

export function registerPublicHomePage(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { tenantId: string; client: string } }>(`${API_ROOT}${PUBLIC_HOME_PATH}/:tenantId/:client`, { exposeHeadRoute: true }, async (req, reply) => {
    const { tenantId, client } = req.params;
    reply.header('Content-Type', 'application/json; charset=utf-8');
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!/^\d{1,12}$/.test(tenantId) || !/^[1-3]$/.test(client)) return reply.status(400).send(envelope(400, '参数不正确：租户或端', null));
    const dm = ctx.models.get(DECORATION_RESOURCE);
    const vm = ctx.models.get(VERSION_RESOURCE);
    if (!dm || !vm) return reply.status(404).send(envelope(404, MSG_NOT_PUBLISHED, null));
    const col = (m: typeof dm, k: string) => m.byKey.get(k)!.column;
    const db = ctx.database.db;
    const page = await db.selectFrom(dm.table)
      .select(['id', `${col(dm, 'publishedVersion')} as v`])
      .where('tenant_id', '=', Number(tenantId)).where(col(dm, 'client'), '=', client).where(col(dm, 'status'), '=', STATUS.published)
      .orderBy(col(dm, 'publishTime'), 'desc').executeTakeFirst();
    const frozen = page && await db.selectFrom(vm.table)
      .select([`${col(vm, 'page')} as page`, `${col(vm, 'publishTime')} as t`])
      .where('tenant_id', '=', Number(tenantId)).where(col(vm, 'decorationId'), '=', String(page.id)).where(col(vm, 'versionNo'), '=', Number(page.v))
      .executeTakeFirst();
    const parsed = frozen ? parsePage(frozen.page) : null;
    if (!page || !parsed) {
      reply.header('Cache-Control', 'no-cache');
      return reply.status(404).send(envelope(404, MSG_NOT_PUBLISHED, null));
    }
    const body = JSON.stringify(envelope(200, '', { client, version: Number(page.v), publishTime: String(frozen!.t ?? ''), ...publicPage(parsed) }));
    const etag = `"${createHash('sha256').update(body.replace(/"timestamp":\d+/, '')).digest('base64url').slice(0, 27)}"`;
    reply.header('ETag', etag);
    // shared caches may keep it a minute, and must ask again (cheaply, by ETag) after that
    reply.header('Cache-Control', 'public, max-age=60, must-revalidate');
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').map((s) => s.trim().replace(/^W\//, '')).includes(etag)) return reply.status(304).send();
    return reply.send(body);
  });
}
