/**
 * The build's hashed files (/assets/<name>-<hash>.js|css) from memory, as they were first read.
 *
 * A cold list page asks for a dozen of them at once, and each went through a stat of its
 * compressed copy, an open, a read stream and a close — four trips to the thread pool — while
 * the browser beside it (on the same machine, in the benches) takes the cores. A hashed name
 * never changes its content, so the first answer's bytes (and their .br/.gz copies) are kept:
 * nothing to invalidate, on one instance or several. Memory is bounded by the build's assets.
 * Anything else (other files, a Range, a name that is no file) is @fastify/static's to answer.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A build file name: letters, digits, `-` `_` `.`, ending in a hash and .js/.css. */
const HASHED = /^[A-Za-z0-9_.-]+-[A-Za-z0-9_-]{8,}\.(js|css)$/;
const TYPES: Record<string, string> = { js: 'application/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

interface Asset {
  type: string;
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const optional = (file: string) => readFile(file).catch(() => undefined);

async function load(dir: string, name: string): Promise<Asset | null> {
  const file = path.join(dir, name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  const [identity, br, gzip] = await Promise.all([readFile(file), optional(`${file}.br`), optional(`${file}.gz`)]);
  const ext = name.slice(name.lastIndexOf('.') + 1);
  // the same validator @fastify/static (send) gives the file: size and mtime
  return { type: TYPES[ext]!, etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`, identity, br, gzip };
}

/**
 * The encoding to send: br, then gzip, as the client's Accept-Encoding weighs them (q=0 refuses)
 * and where the build wrote the copy; the negotiation @fastify/static gives the other files.
 */
export function pickEncoding(accept: string | undefined, has: { br?: unknown; gzip?: unknown }): 'br' | 'gzip' | 'identity' {
  const offered = (['br', 'gzip'] as const).filter((e) => has[e]);
  return (accept && offered.length ? negotiate(accept, [...offered]) : null) ?? 'identity';
}

/** Serves `GET /assets/<hashed name>` from memory; registered with @fastify/static (its reply.sendFile answers the rest). */
export function registerAssetCache(app: FastifyInstance, root: string): void {
  const dir = path.join(root, 'assets');
  const cache = new Map<string, Promise<Asset | null>>();
  const get = (name: string) => {
    let hit = cache.get(name);
    if (!hit) {
      hit = load(dir, name);
      cache.set(name, hit);
      // a missing file is asked again next time (a deploy may add it), not remembered
      void hit.then((a) => { if (!a) cache.delete(name); });
    }
    return hit;
  };
  app.get('/assets/:name', async (req: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const { name } = req.params;
    // the parameter arrives decoded: a name with a separator or a leading dot is no asset's
    if (/[\\/]/.test(name) || name.startsWith('.')) return reply.callNotFound();
    const asset = HASHED.test(name) && !req.headers.range ? await get(name) : null;
    // other files (images, fonts), ranges and missing names: @fastify/static's own answer
    if (!asset) return reply.sendFile(`assets/${name}`);
    reply.header('cache-control', ASSET_CACHE_CONTROL).header('etag', asset.etag).header('vary', 'accept-encoding');
    if (req.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    const encoding = pickEncoding(req.headers['accept-encoding'], asset);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type(asset.type).send(encoding === 'identity' ? asset.identity : asset[encoding]);
  });
}
