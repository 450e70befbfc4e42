/**
 * The seed's TDuck (问卷 designer) calls: `GET /tduck/token` answers the token the survey pages
 * present for the signed-in user — the caller's own session token, so the survey designer acts
 * with the caller's permissions and nothing new is minted. The templates (`/tduck/template/list`,
 * `/tduck/template/queryById`) are aliases of 问卷管理 declared in schemas/modules/hisSurvey.json.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/protocol/index.js';

export function registerTduck(app: FastifyInstance): void {
  app.get('/tduck/token', async (req) => {
    const me = req.session!;
    return ok({ token: me.token, userId: me.id, username: me.username, realname: me.realname ?? me.username, tenantId: me.tenantId });
  });
}
