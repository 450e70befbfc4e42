/**
 * JSON body parsing under the API root. With encryption on, the raw body is the
 * base64 AES ciphertext of the JSON payload; plain JSON is refused.
 */
import type { FastifyInstance } from 'fastify';
import { decryptText, type ProtocolConfig } from '../../core/protocol/index.js';
import { badRequest, MSG } from '../errors.js';

export function parseBody(raw: string, cfg: ProtocolConfig): unknown {
  const text = raw.trim();
  if (text === '') return undefined;
  let json = text;
  if (cfg.encrypt) {
    if (text.startsWith('{') || text.startsWith('[')) throw badRequest(MSG.bodyMustEncrypt);
    try {
      json = decryptText(text, cfg);
    } catch {
      throw badRequest(MSG.bodyDecrypt);
    }
  }
  try {
    return JSON.parse(json);
  } catch {
    throw badRequest(cfg.encrypt ? MSG.bodyDecrypt : MSG.bodyJson);
  }
}

export function registerBodyParser(app: FastifyInstance, cfg: ProtocolConfig): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const parser = (_req: unknown, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    try {
      done(null, parseBody(typeof body === 'string' ? body : body.toString('utf8'), cfg));
    } catch (e) {
      done(e as Error);
    }
  };
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, parser);
}
