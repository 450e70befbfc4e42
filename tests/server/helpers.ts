/**
 * Shared set-up of server tests: the app (testApp), signed calls (call, signedHeaders: headers,
 * signature and encrypted body with core protocol), logins, and the temporary directories a
 * test file starts its app on (tempDir, schemasCopy).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/server/app.js';
import {
  API_ROOT,
  DEFAULT_PROTOCOL_CONFIG,
  baseHeaders,
  computeSign,
  decryptText,
  encryptJson,
  type Envelope,
  type ProtocolConfig,
} from '../../src/core/protocol/index.js';

export const cfg: ProtocolConfig = { ...DEFAULT_PROTOCOL_CONFIG };

export function testApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  return buildApp({ memory: true, seedRows: 8, staticDir: '/nonexistent', ...opts });
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | string[]>;
  body?: unknown;
  token?: string;
  tenantId?: string | number;
  /** Header overrides (undefined removes the header). */
  headers?: Record<string, string | undefined>;
  /** Send this raw body instead of the encrypted JSON. */
  rawBody?: string;
  timestamp?: number;
  protocol?: ProtocolConfig;
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
  contentType: string;
  raw: string;
}

/**
 * The headers of one signed request: the protocol's base headers (token, tenant, a fresh nonce)
 * with the signature of `apiPath`, `query` and `body` at `timestamp` (default now).
 */
export function signedHeaders(
  apiPath: string,
  query: Record<string, unknown>,
  body: unknown,
  o: { token?: string; tenantId?: string | number; timestamp?: number; protocol?: ProtocolConfig } = {},
): Record<string, string> {
  const p = o.protocol ?? cfg;
  const ts = String(o.timestamp ?? Date.now());
  return {
    ...baseHeaders(p, { token: o.token, tenantId: o.tenantId, random: randomBytes(16).toString('hex') }),
    'X-Sign': computeSign(apiPath, query, body, p.signSecret, ts),
    'X-TIMESTAMP': ts,
  };
}

export async function call<T = unknown>(app: FastifyInstance, path: string, o: CallOptions = {}): Promise<CallResult<T>> {
  const p = o.protocol ?? cfg;
  const method = o.method ?? (o.body !== undefined || o.rawBody !== undefined ? 'POST' : 'GET');
  const query: Record<string, unknown> = { ...(o.query ?? {}) };
  const headers = signedHeaders(path, query, o.body, { token: o.token, tenantId: o.tenantId, timestamp: o.timestamp, protocol: p });
  if (method === 'GET' && !path.startsWith('/sys/dict/getDictItems')) query._t = Math.floor(Date.now() / 1000);
  for (const [k, v] of Object.entries(o.headers ?? {})) {
    const existing = Object.keys(headers).find((h) => h.toLowerCase() === k.toLowerCase());
    if (existing) delete headers[existing];
    if (v !== undefined) headers[k] = v;
  }
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) v.forEach((x) => qs.append(k, String(x)));
    else qs.append(k, String(v));
  }
  const url = `${API_ROOT}${path}${qs.size ? `?${qs.toString()}` : ''}`;
  let payload: string | undefined = o.rawBody;
  if (payload === undefined && o.body !== undefined) payload = p.encrypt ? encryptJson(o.body, p) : JSON.stringify(o.body);
  const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
  const text = res.body;
  const json = text.startsWith('{') ? text : decryptText(text, p);
  return { status: res.statusCode, body: JSON.parse(json) as Envelope<T>, contentType: String(res.headers['content-type'] ?? ''), raw: text };
}

export const PASSWORDS: Record<string, string> = {
  admin: 'Admin@123456',
  yunying: 'Yunying@2026',
  hospadmin: 'Hosp@123456',
  zhuli: 'Zhuli@123456',
};

export async function login(app: FastifyInstance, username: string, password = PASSWORDS[username]!): Promise<string> {
  const r = await call<{ token: string }>(app, '/sys/login', { body: { username, password } });
  if (!r.body.success) throw new Error(`login ${username} failed: ${r.body.message}`);
  return r.body.result.token;
}

/**
 * A fresh directory under the OS temp directory, removed after the tests of the file (or of the
 * describe block) that asked for it — after their own afterAll hooks, which run first (stack
 * order), so an app on it is closed before. Call it at file or describe level, not in a hook.
 */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The repository's schemas root copied to `dir` (created), for a test that edits it; returns `dir`. */
export function schemasCopy(dir: string): string {
  fs.cpSync(fileURLToPath(new URL('../../schemas', import.meta.url)), dir, { recursive: true });
  return dir;
}
