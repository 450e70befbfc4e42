import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Console build: dist/client, with a manifest (the server serves it at /).
// Route-level splitting: login/shell stay antd-core only; ProTable and Formily live in
// the engine chunk (src/client/engine), loaded lazily.
export default defineConfig({
  plugins: [react()],
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
