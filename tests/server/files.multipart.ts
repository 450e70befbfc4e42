/** Test helpers for the file routes: hand-built multipart bodies and signed raw requests (blobs). */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_ROOT, decryptText, type Envelope } from '../../src/core/protocol/index.js';
import { cfg, signedHeaders } from './helpers.js';

export interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----hospTest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.type) head += `Content-Type: ${p.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface RawOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string>;
  token?: string;
  payload?: Buffer;
  contentType?: string;
  /** Sign these query parameters instead of the ones sent (tampering tests). */
  signQuery?: Record<string, string>;
  headers?: Record<string, string>;
}

/** A signed request whose body is NOT part of the signature (multipart / blob download). */
export async function raw(app: FastifyInstance, path: string, o: RawOptions = {}) {
  const method = o.method ?? (o.payload ? 'POST' : 'GET');
  const query = { ...(o.query ?? {}) };
  const headers: Record<string, string> = {
    ...signedHeaders(path, o.signQuery ?? query, undefined, { token: o.token }),
    ...(o.headers ?? {}),
  };
  if (o.contentType) headers['Content-Type'] = o.contentType;
  else if (!o.payload) delete headers['Content-Type'];
  const qs = new URLSearchParams(method === 'GET' ? { ...query, _t: String(Math.floor(Date.now() / 1000)) } : query);
  const url = `${API_ROOT}${path}${qs.size ? `?${qs.toString()}` : ''}`;
  const res = await app.inject({ method, url, headers, ...(o.payload ? { payload: o.payload } : {}) });
  return res;
}

/** Envelope of a JSON (possibly encrypted) response. */
export function envelope<T = unknown>(body: string): Envelope<T> {
  return JSON.parse(body.startsWith('{') ? body : decryptText(body, cfg)) as Envelope<T>;
}

/** Signed multipart upload. */
export async function upload(app: FastifyInstance, path: string, parts: Part[], o: Omit<RawOptions, 'payload' | 'contentType'> = {}) {
  const { body, contentType } = multipart(parts);
  const res = await raw(app, path, { ...o, method: 'POST', payload: body, contentType });
  return { status: res.statusCode, body: envelope(res.body), res };
}

/** A minimal valid PNG (1x1). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082',
  'hex',
);
