/**
 * Pure checks of the request protocol: access-auth header and X-Sign.
 * The canonical rules live in src/core/protocol (see docs/protocol.md);
 * this file only decides which request parts are fed to them.
 */
import {
  API_ROOT,
  MAX_TIMESTAMP_SKEW_MS,
  computeSign,
  type Params,
  type ProtocolConfig,
} from '../../core/protocol/index.js';
import { MSG } from '../errors.js';
import { decryptText } from './cipher.js';

/**
 * The random part of the access-auth header: it must decrypt with the configured key and end
 * with the fixed suffix after a non-empty random; null otherwise.
 */
export function accessAuthRandom(header: unknown, cfg: ProtocolConfig): string | null {
  if (typeof header !== 'string' || header.length === 0 || header.length > 1024) return null;
  try {
    const plain = decryptText(header, cfg);
    if (plain.length <= cfg.accessAuthSuffix.length || !plain.endsWith(cfg.accessAuthSuffix)) return null;
    return plain.slice(0, plain.length - cfg.accessAuthSuffix.length);
  } catch {
    return null;
  }
}

/** True when the header decrypts with the configured key and ends with the fixed suffix. */
export function checkAccessAuth(header: unknown, cfg: ProtocolConfig): boolean {
  return accessAuthRandom(header, cfg) !== null;
}

/** The path the client signed: relative to the API root, without the query. */
export function signedPath(url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  return path.startsWith(API_ROOT) ? path.slice(API_ROOT.length) || '/' : path;
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Query values arrive as strings; a client that signed a numeric array holding a
 * value above 65535 signed it as JSON. This variant turns such arrays back into numbers.
 */
function numericArrayVariant(query: Params): Params | null {
  let changed = false;
  const out: Params = {};
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && /^-?\d+(\.\d+)?$/.test(x))) {
      const nums = v.map(Number);
      if (nums.some((n) => n > 65535)) {
        out[k] = nums;
        changed = true;
        continue;
      }
    }
    out[k] = v;
  }
  return changed ? out : null;
}

export type SignProblem = 'missing' | 'stale' | 'wrong' | null;

export interface SignInput {
  url: string;
  query: Params | undefined;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  now?: number;
}

/**
 * The rules the headers alone decide (a sign present, a fresh 13-digit timestamp), checked
 * before the body is read; the signature itself needs the query and body (checkSign).
 */
export function signHeaderProblem(headers: SignInput['headers'], now = Date.now()): 'missing' | 'stale' | null {
  if (!headerValue(headers['x-sign'])) return 'missing';
  const ts = headerValue(headers['x-timestamp']);
  if (!ts || !/^\d{13}$/.test(ts)) return 'stale';
  if (Math.abs(now - Number(ts)) > MAX_TIMESTAMP_SKEW_MS) return 'stale';
  return null;
}

/** Returns which rule failed (null when the signature is good). */
export function checkSign(input: SignInput, cfg: ProtocolConfig): SignProblem {
  const early = signHeaderProblem(input.headers, input.now);
  if (early) return early;
  const sign = headerValue(input.headers['x-sign'])!;
  const ts = headerValue(input.headers['x-timestamp'])!;

  const raw = signedPath(input.url);
  const paths = [raw];
  try {
    const decoded = decodeURI(raw);
    if (decoded !== raw) paths.push(decoded);
  } catch {
    /* keep the raw path only */
  }
  const queries: Array<Params | undefined> = [input.query];
  const numeric = input.query ? numericArrayVariant(input.query) : null;
  if (numeric) queries.push(numeric);
  const want = sign.toUpperCase();
  for (const p of paths) {
    for (const q of queries) {
      if (computeSign(p, q, input.body, cfg.signSecret, ts) === want) return null;
    }
  }
  return 'wrong';
}

export function signMessage(p: Exclude<SignProblem, null>): string {
  return p === 'missing' ? MSG.signMissing : p === 'stale' ? MSG.signStale : MSG.signWrong;
}
