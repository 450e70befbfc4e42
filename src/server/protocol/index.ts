/**
 * The protocol layer of every /hospital route: access-auth and X-Sign checks
 * (before anything is read or written), the encrypted JSON body parser and the
 * response encryption. Register inside the /hospital scope.
 */
import type { FastifyInstance } from 'fastify';
import { H, encryptText, type Params, type ProtocolConfig } from '../../core/protocol/index.js';
import { ApiError, MSG } from '../errors.js';
import { registerBodyParser } from './body.js';
import { checkAccessAuth, checkSign, signMessage } from './verify.js';

export function registerProtocol(app: FastifyInstance, cfg: ProtocolConfig): void {
  registerBodyParser(app, cfg);

  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.url === undefined) return; // unknown route: plain 404
    if (!checkAccessAuth(req.headers[H.accessAuth.toLowerCase()], cfg)) throw new ApiError(400, MSG.accessAuth);
    // Header-only sign rules fail before the body is even read.
    const problem = checkSign({ url: req.url, query: undefined, body: undefined, headers: req.headers }, cfg);
    if (problem === 'missing' || problem === 'stale') throw new ApiError(400, signMessage(problem));
  });

  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.url === undefined) return;
    const problem = checkSign(
      { url: req.url, query: req.query as Params | undefined, body: req.body, headers: req.headers },
      cfg,
    );
    if (problem) throw new ApiError(400, signMessage(problem));
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
