/// <reference types="vitest/config" />
import { defineConfig } from 'vitest/config';

// Unit and server tests: core projections, protocol, server via fastify.inject, client units.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    // server suites start apps that migrate and seed the whole catalogue in their hooks
    hookTimeout: 60_000,
  },
});
