/**
 * JSON body parsing under the API root. With encryption on, the raw body is the
 * base64 AES ciphertext of the JSON payload; plain JSON is refused. A parsed body nested
 * deeper than MAX_BODY_DEPTH or holding more than MAX_BODY_KEYS object keys is refused
 * before any signing work.
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
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw badRequest(cfg.encrypt ? MSG.bodyDecrypt : MSG.bodyJson);
  }
  checkBodyShape(value);
  return value;
}

export const MAX_BODY_DEPTH = 32;
export const MAX_BODY_KEYS = 10_000;

/** Walks the parsed body without recursion; stops at the first limit passed. */
export function checkBodyShape(root: unknown): void {
  let keys = 0;
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > MAX_BODY_DEPTH) throw badRequest(MSG.bodyTooDeep(MAX_BODY_DEPTH));
    if (Array.isArray(v)) {
      for (const x of v) if (x !== null && typeof x === 'object') stack.push([x, depth + 1]);
      continue;
    }
    for (const k in v) {
      if (++keys > MAX_BODY_KEYS) throw badRequest(MSG.bodyTooManyKeys(MAX_BODY_KEYS));
      const x = (v as Record<string, unknown>)[k];
      if (x !== null && typeof x === 'object') stack.push([x, depth + 1]);
    }
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
