import { defineConfig } from 'vitest/config';

// Three projects: `api` (server tests over real HTTP against a real PostgreSQL), `scripts` (the start and build
// scripts, on temporary folders) and `e2e` (Chromium on the built app).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          benchmark: { include: ['bench/**/*.bench.ts'] },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
