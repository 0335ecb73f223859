import { defineConfig } from 'vitest/config';

// Test level lives in the file name: *.unit.test.ts, *.int.test.ts (real database),
// *.e2e.test.ts (real browser against the running app). Each level runs on its own with
// `npm run test:unit|test:int|test:e2e`.
export default defineConfig({
  test: {
    // In CI every test is listed with its suite, so the log shows which databases the contract
    // suite and the integration tests ran against ("EventStore contract on postgres > ...").
    reporters: process.env.CI ? ['verbose'] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{contract,events,projections,api,client,scripts}/**/*.unit.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['{events,projections,api,scripts}/**/*.int.test.ts'],
          exclude: ['**/*.exclusive.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Tests that hold a transaction open on the PostgreSQL server on purpose (a stuck client).
        // Readers of the log see nothing past the cluster's oldest open transaction, in any
        // database, so while one runs every other file's projections stand still. They run one
        // at a time, after every other project has finished.
        test: {
          name: 'int-exclusive',
          include: ['{events,projections,api,scripts}/**/*.exclusive.int.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Screens rendered in jsdom with Testing Library: what a screen shows and does on its own,
        // where a full browser adds nothing (no server round trip, cookie or service worker).
        test: {
          name: 'component',
          include: ['client/src/**/*.component.test.tsx'],
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://woodshed.test/' } },
          setupFiles: ['client/src/lib/testing/component-test-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['client/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['client/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
