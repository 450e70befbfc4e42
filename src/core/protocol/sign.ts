/**
 * X-Sign: uppercase MD5 over
 *   "/hospital" + path + JSON.stringify(sortedParams) + secret + timestamp
 * where sortedParams is the canonical parameter object built below.
 * docs/protocol.md states the byte-level rules; tests/core/protocol.test.ts
 * pins them with the vectors in ./vectors.json.
 */
import MD5 from 'crypto-js/md5.js';
import { SIGN_PREFIX } from './config.js';

export type Params = Record<string, unknown>;

/** Query parameter that carries the GET timestamp; never signed. */
export const TIMESTAMP_PARAM = '_t';
/** Parameter that carries a comma-holding last path segment. */
export const PATH_VARIABLE_PARAM = 'x-path-variable';
/** Key under which a non-object JSON body (e.g. an array) is signed. */
export const BODY_PARAM = '_body';

const BIG_NUMBER = 65535;

/** Canonical form of one top-level value. */
export function canonicalValue(v: unknown): unknown {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) {
    const numeric = v.length > 0 && v.every((x) => typeof x === 'number');
    if (numeric && v.some((x) => (x as number) > BIG_NUMBER)) return JSON.stringify(v);
    return v.map((x) => (x === null || x === undefined ? '' : String(x))).join(',');
  }
  return v;
}

/**
 * Splits a path whose last segment contains a comma: that segment is signed as
 * the `x-path-variable` parameter (URI-decoded); the path itself is signed whole.
 */
export function pathVariable(path: string): string | undefined {
  const clean = path.split('?')[0]!;
  const last = clean.slice(clean.lastIndexOf('/') + 1);
  if (!last.includes(',')) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Builds the sorted canonical parameter object: query + body + path variable, minus `_t`. */
export function canonicalParams(path: string, query: Params | undefined, body?: unknown): Params {
  const merged: Params = {};
  for (const [k, v] of Object.entries(query ?? {})) merged[k] = v;
  if (body !== undefined && body !== null) {
    if (typeof body === 'object' && !Array.isArray(body)) {
      for (const [k, v] of Object.entries(body as Params)) merged[k] = v;
    } else {
      merged[BODY_PARAM] = body;
    }
  }
  const pv = pathVariable(path);
  if (pv !== undefined) merged[PATH_VARIABLE_PARAM] = pv;
  delete merged[TIMESTAMP_PARAM];
  const sorted: Params = {};
  for (const k of Object.keys(merged).sort()) {
    const v = merged[k];
    if (v === undefined) continue;
    sorted[k] = canonicalValue(v);
  }
  return sorted;
}

/** The exact string that is hashed. `path` is relative to the API root and has no query. */
export function signString(path: string, params: Params, secret: string, timestamp: string | number): string {
  return SIGN_PREFIX + path.split('?')[0] + JSON.stringify(params) + secret + String(timestamp);
}

export function computeSign(
  path: string,
  query: Params | undefined,
  body: unknown,
  secret: string,
  timestamp: string | number,
): string {
  return MD5(signString(path, canonicalParams(path, query, body), secret, timestamp)).toString().toUpperCase();
}
