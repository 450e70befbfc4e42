/** Builds the bench floor page into dist/client/floor (served by the console's server at /floor/). */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';

export default defineConfig({
  root: resolve(__dirname),
  base: '/floor/',
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: resolve(__dirname, '../../dist/client/floor'), emptyOutDir: true, manifest: true },
});
