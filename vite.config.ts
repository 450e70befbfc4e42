import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Writes .br and .gz beside every text asset once at build time, so the server
 * (@fastify/static preCompressed) sends compressed bytes without compressing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

// Console build: dist/client, with a manifest (the server serves it at /).
// Route-level splitting: login/shell stay antd-core only; ProTable and Formily live in
// the engine chunk (src/client/engine), loaded lazily.
export default defineConfig({
  plugins: [react(), precompress()],
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: {
      '/hospital': { target: 'http://localhost:8080', changeOrigin: true },
      // Notices: the server's websocket lives at /websocket/{userId} on the API host.
      '/websocket': { target: 'ws://localhost:8080', ws: true },
    },
  },
  preview: {
    proxy: {
      '/hospital': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
});
