/**
 * Token check, tenant resolution and permission check, in that order, after the
 * protocol checks. Route config: `public` skips the token, `permission` names the code.
 */
import type { FastifyInstance } from 'fastify';
import { H } from '../../core/protocol/index.js';
import { forbidden, unauthorized } from '../errors.js';
import { resolveTenant } from '../tenancy/tenant.js';
import { can, type SessionStore } from './session.js';

export function registerAuthHooks(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('session', null);
  app.decorateRequest('tenantId', 0);
  app.addHook('preHandler', async (req) => {
    if (req.routeOptions.url === undefined) return;
    const cfg = req.routeOptions.config;
    if (cfg.public) return;
    const header = req.headers[H.accessToken.toLowerCase()];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token || token.length > 256) throw unauthorized();
    const user = await sessions.get(token);
    if (!user) throw unauthorized();
    req.session = user;
    req.tenantId = resolveTenant(user, req.headers[H.tenantId]);
    if (cfg.permission && !can(user, cfg.permission)) throw forbidden(cfg.permission);
  });
}
