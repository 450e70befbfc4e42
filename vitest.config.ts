/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { menuStarts } from './generators/menu-starts';

// Unit and server tests: core projections, protocol, server via fastify.inject, client units.
export default defineConfig({
  // app/earlyStart.ts's per-path first calls, as the build computes them
  plugins: [menuStarts()],
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // a file's time is mostly its own CPU (importing the server, building and seeding an app), so
    // one file per core: vitest's default leaves a core idle (cores - 1, i.e. one file at a time on two)
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    // building an app migrates and seeds every module of the catalogue: seconds, more on a busy machine
    hookTimeout: 120_000,
  },
});
