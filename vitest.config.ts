import { defineConfig } from 'vitest/config';

// One runner, five kinds of test (see README "Tests"). e2e builds the site once (tests/e2e/global-setup.ts).
// Three groups, one after the other (sequence.groupOrder): the fast projects together, then the browser tests alone
// (their waits are in real time), then Netlify's builds (each a full site build, heavy on a 2-core machine).
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
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A status line after a request to a function: Vitest's default of one second is too short on a loaded
          // 2-core machine (CI's runs share it with the site's server and Chromium).
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
