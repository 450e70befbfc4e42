/**
 * The protocol layer of every /hospital route: access-auth and X-Sign checks
 * (before anything is read or written), the bounded encrypted JSON body parser, one place
 * per parameter (a key in both query and body is refused; a request with a body carries all
 * its parameters there), the refusal of replays and the response encryption.
 * Register inside the /hospital scope.
 */
import type { FastifyInstance } from 'fastify';
import { H, collidingKey, strayQueryKey, type Params, type ProtocolConfig } from '../../core/protocol/index.js';
import { encryptText } from './cipher.js';
import { ApiError, MSG } from '../errors.js';
import { registerBodyParser } from './body.js';
import type { ReplayGuard } from './replay.js';
import { accessAuthRandom, checkSign, signHeaderProblem, signMessage, signedPath } from './verify.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The random part of X-Access-Auth (set by the protocol layer). */
    accessRandom?: string;
  }
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function registerProtocol(app: FastifyInstance, cfg: ProtocolConfig, replay?: ReplayGuard): void {
  registerBodyParser(app, cfg);

  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.url === undefined) return; // unknown route: plain 404
    const random = accessAuthRandom(req.headers[H.accessAuth.toLowerCase()], cfg);
    if (random === null) throw new ApiError(400, MSG.accessAuth);
    req.accessRandom = random;
    // Header-only sign rules fail before the body is even read (no digest computed here).
    const problem = signHeaderProblem(req.headers);
    if (problem) throw new ApiError(400, signMessage(problem));
  });

  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.url === undefined) return;
    const query = req.query as Params | undefined;
    // one place per parameter: handlers may read `body ?? query` without a second source to fool them
    const dup = collidingKey(signedPath(req.url), query, req.body);
    if (dup !== undefined) throw new ApiError(400, MSG.paramTwice(dup));
    const stray = strayQueryKey(query, req.body);
    if (stray !== undefined) throw new ApiError(400, MSG.paramInQuery(stray));
    const problem = checkSign({ url: req.url, query, body: req.body, headers: req.headers }, cfg);
    if (problem) throw new ApiError(400, signMessage(problem));
    // writes only: a browser may re-send an idempotent read on a fresh connection by itself,
    // and a repeated read changes nothing
    if (replay && req.method !== 'GET' && req.method !== 'HEAD' && !(await replay.claim(one(req.headers['x-sign'])!, one(req.headers['x-timestamp'])!, req.accessRandom!))) {
      throw new ApiError(400, MSG.replayed);
    }
  });

  if (cfg.encrypt) {
    app.addHook('onSend', async (_req, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (typeof payload !== 'string' || !type.startsWith('application/json')) return payload;
      reply.header('content-type', 'text/plain; charset=utf-8');
      return encryptText(payload, cfg);
    });
  }
}
