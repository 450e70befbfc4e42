/**
 * X-Sign: uppercase MD5 over
 *   "/hospital" + path + canonicalJson(canonicalParams) + secret + timestamp
 * where canonicalParams is the parameter object built below and canonicalJson writes it
 * (and every nested value) with keys sorted at every depth.
 * docs/protocol.md states the byte-level rules; tests/core/protocol.test.ts
 * pins them with the vectors in ./vectors.json.
 */
import { md5Hex } from './md5.js';
import { SIGN_PREFIX } from './config.js';

export type Params = Record<string, unknown>;

/** Query parameter that carries the GET timestamp; never signed. */
export const TIMESTAMP_PARAM = '_t';
/** Parameter that carries a comma-holding last path segment. */
export const PATH_VARIABLE_PARAM = 'x-path-variable';
/** Key under which a non-object JSON body (e.g. an array) is signed. */
export const BODY_PARAM = '_body';

const BIG_NUMBER = 65535;
/** Nesting deeper than this is refused while signing (the server's body parser stops at 32). */
export const MAX_SIGN_DEPTH = 256;

/** Canonical form of one top-level query value (the flat JeecgBoot rule; query values are text on the wire). */
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
 * Canonical form of one top-level body value. Types are kept: a number stays a number
 * (`7` and `"7"` sign differently), objects and arrays are signed whole through
 * canonicalJson. Only a non-empty array of comma-free strings keeps the flat JeecgBoot
 * rule and is signed as its comma-joined text (`["1","2"]` -> `"1,2"`).
 */
export function canonicalBodyValue(v: unknown): unknown {
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && !x.includes(','))) return v.join(',');
  return v;
}

type Emit = string | { value: unknown; depth: number };

/**
 * Deterministic JSON of any value: object keys sorted by UTF-16 code units at every depth,
 * no whitespace, strings, numbers and literals written as JSON.stringify writes them
 * (toJSON honoured, undefined/functions dropped from objects and null in arrays, non-finite
 * numbers null). Iterative, so no input can overflow the stack; deeper than maxDepth throws.
 */
export function canonicalJson(root: unknown, maxDepth = MAX_SIGN_DEPTH): string {
  let out = '';
  const stack: Emit[] = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === 'string') {
      out += item;
      continue;
    }
    let v = item.value;
    if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      v = (v as { toJSON: () => unknown }).toJSON();
    }
    if (typeof v === 'string' || typeof v === 'boolean') out += JSON.stringify(v);
    else if (typeof v === 'number') out += Number.isFinite(v) ? JSON.stringify(v) : 'null';
    else if (typeof v === 'bigint') out += JSON.stringify(v.toString());
    else if (v === null || typeof v !== 'object') out += 'null';
    else {
      if (item.depth >= maxDepth) throw new RangeError('nested value too deep to sign');
      const depth = item.depth + 1;
      if (Array.isArray(v)) {
        out += '[';
        stack.push(']');
        for (let i = v.length - 1; i >= 0; i--) {
          stack.push({ value: v[i], depth });
          if (i > 0) stack.push(',');
        }
      } else {
        const obj = v as Record<string, unknown>;
        const keys = Object.keys(obj)
          .filter((k) => obj[k] !== undefined && typeof obj[k] !== 'function' && typeof obj[k] !== 'symbol')
          .sort();
        out += '{';
        stack.push('}');
        for (let i = keys.length - 1; i >= 0; i--) {
          stack.push({ value: obj[keys[i]!], depth });
          stack.push(`${JSON.stringify(keys[i])}:`);
          if (i > 0) stack.push(',');
        }
      }
    }
  }
  return out;
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

/** Top-level keys of a JSON body as signed: an object's own keys, anything else under `_body`. */
export function bodyEntries(body: unknown): Array<[string, unknown]> {
  if (body === undefined || body === null) return [];
  if (typeof body === 'object' && !Array.isArray(body)) return Object.entries(body as Params);
  return [[BODY_PARAM, body]];
}

/**
 * The first key that the query, the body and the path variable do not agree to own alone
 * (`_t` aside); a request carrying one is refused, so every parameter has one place.
 */
export function collidingKey(path: string, query: Params | undefined, body?: unknown): string | undefined {
  const inQuery = new Set(Object.keys(query ?? {}).filter((k) => k !== TIMESTAMP_PARAM));
  const inBody = new Set<string>();
  for (const [k, v] of bodyEntries(body)) {
    if (v === undefined) continue;
    if (inQuery.has(k)) return k;
    inBody.add(k);
  }
  if (pathVariable(path) !== undefined && (inQuery.has(PATH_VARIABLE_PARAM) || inBody.has(PATH_VARIABLE_PARAM))) return PATH_VARIABLE_PARAM;
  return undefined;
}

/**
 * The first query key (`_t` aside) of a request that also has a body: such a request carries
 * all its parameters in the body, so no handler can be fed a key moved between the two.
 */
export function strayQueryKey(query: Params | undefined, body?: unknown): string | undefined {
  if (body === undefined) return undefined;
  return Object.keys(query ?? {}).find((k) => k !== TIMESTAMP_PARAM);
}

/**
 * Builds the sorted canonical parameter object: query values by the flat rule, body values
 * with their types (canonicalBodyValue), the path variable, minus the query's `_t`.
 */
export function canonicalParams(path: string, query: Params | undefined, body?: unknown): Params {
  // prototype-free, so a parsed `__proto__` key is a parameter like any other, and signed
  const merged: Params = Object.create(null) as Params;
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && k !== TIMESTAMP_PARAM) merged[k] = canonicalValue(v);
  // a body key `_t` is signed like any other: only the query's GET timestamp is exempt
  for (const [k, v] of bodyEntries(body)) if (v !== undefined) merged[k] = canonicalBodyValue(v);
  const pv = pathVariable(path);
  if (pv !== undefined) merged[PATH_VARIABLE_PARAM] = pv;
  const sorted: Params = Object.create(null) as Params;
  for (const k of Object.keys(merged).sort()) sorted[k] = merged[k];
  return sorted;
}

/** The exact string that is hashed. `path` is relative to the API root and has no query. */
export function signString(path: string, params: Params, secret: string, timestamp: string | number): string {
  return SIGN_PREFIX + path.split('?')[0] + canonicalJson(params) + secret + String(timestamp);
}

export function computeSign(
  path: string,
  query: Params | undefined,
  body: unknown,
  secret: string,
  timestamp: string | number,
): string {
  return md5Hex(signString(path, canonicalParams(path, query, body), secret, timestamp)).toUpperCase();
}
