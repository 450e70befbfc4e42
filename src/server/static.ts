/**
 * The built console (dist/client) at /: long cache for hashed /assets/*, index.html
 * for every other GET outside /hospital (SPA fallback). Without a build, a hint page.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '../core/protocol/index.js';
import { ASSET_CACHE_CONTROL, registerAssetCache } from './static-assets.js';

/**
 * The build's other files at the root (the favicons): kept a day. The browser asks for the
 * icon again after every in-page navigation; with no-cache each menu click cost the server a
 * revalidation while the new page's list call was on its way.
 */
export const ROOT_FILE_CACHE_CONTROL = 'public, max-age=86400';

export const BUILD_HINT = '控制台尚未构建：请先运行 `npm run build`（生成 dist/client），API 仍可在 /hospital 访问。';

export async function registerStatic(app: FastifyInstance, dir: string): Promise<boolean> {
  const root = path.resolve(dir);
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      // .br/.gz files are written by the build (vite.config.ts precompress).
      preCompressed: true,
      // the caching rule is setHeaders' alone: with send's own Cache-Control on, its
      // "public, max-age=0" overwrote it and hashed assets were asked for again on every load
      cacheControl: false,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', ASSET_CACHE_CONTROL);
        else if (path.basename(file).startsWith('index.html')) res.setHeader('cache-control', 'no-cache');
        else res.setHeader('cache-control', ROOT_FILE_CACHE_CONTROL);
      },
    });
    registerAssetCache(app, root);
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url === API_ROOT || req.url.startsWith(`${API_ROOT}/`) || req.url.startsWith(`${API_ROOT}?`);
    if (req.method === 'GET' && !isApi && !req.url.startsWith('/assets/')) {
      if (hasBuild) return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
      return reply.status(200).type('text/html; charset=utf-8').send(`<!doctype html><meta charset="utf-8"><title>互联网医院后台管理</title><p>${BUILD_HINT}</p>`);
    }
    return reply.status(404).send({ success: false, message: '很抱歉，资源未找到!', code: 404, result: null, timestamp: Date.now() });
  });
  return hasBuild;
}
