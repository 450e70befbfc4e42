/**
 * JSON body parsing under the API root. With encryption on, the raw body is the
 * base64 AES ciphertext of the JSON payload; plain JSON is refused. A body nested deeper
 * than MAX_BODY_DEPTH or holding more than MAX_BODY_KEYS object keys is refused before it
 * is parsed, so before any signing work.
 */
import type { FastifyInstance } from 'fastify';
import type { ProtocolConfig } from '../../core/protocol/index.js';
import { decryptText } from './cipher.js';
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
  checkBodyShape(json);
  try {
    return JSON.parse(json);
  } catch {
    throw badRequest(cfg.encrypt ? MSG.bodyDecrypt : MSG.bodyJson);
  }
}

export const MAX_BODY_DEPTH = 32;
export const MAX_BODY_KEYS = 10_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * One pass over the JSON text before it is parsed: nesting deeper than MAX_BODY_DEPTH or
 * more than MAX_BODY_KEYS object keys (colons outside strings) is refused at once, so a
 * hostile body costs neither a full parse nor any signing work.
 */
export function checkBodyShape(json: string): void {
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > MAX_BODY_DEPTH) throw badRequest(MSG.bodyTooDeep(MAX_BODY_DEPTH));
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
    else if (c === COLON && ++keys > MAX_BODY_KEYS) throw badRequest(MSG.bodyTooManyKeys(MAX_BODY_KEYS));
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
