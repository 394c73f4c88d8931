import { defineConfig } from 'vitest/config';

// One runner, four kinds of test (see README "Tests"). e2e builds the site once (tests/e2e/global-setup.ts).
export default defineConfig({
  test: {
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      { test: { name: 'db', include: ['tests/db/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000 } },
      {
        test: {
          name: 'functions',
          include: ['tests/functions/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Netlify's own build runner and function bundler, offline, against a PostgreSQL server.
        test: {
          name: 'netlify',
          include: ['tests/netlify/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
