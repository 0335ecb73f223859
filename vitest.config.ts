import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Test level lives in the file name: *.unit.test.ts, *.int.test.ts (real database),
// *.e2e.test.ts (real browser against the running app). Each level runs on its own with
// `npm run test:unit|test:int|test:e2e`.
//
// In one run the levels take turns (`sequence.groupOrder`): unit, then int, then the exclusive int
// files, then e2e. Each level then has every core to itself, rather than Chromium, PGlite workers
// and in-process apps fighting for them (see docs/decisions/0068-test-levels-take-turns.md).
const cores = availableParallelism();

export default defineConfig({
  test: {
    // In CI every test is listed with its suite, so the log shows which databases the contract
    // suite and the integration tests ran against ("EventStore contract on postgres > ...").
    reporters: process.env.CI ? ['verbose'] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{events,projections,api,client,scripts}/**/*.unit.test.{ts,tsx}'],
          environment: 'node',
          maxWorkers: cores,
          sequence: { groupOrder: 0 },
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
          maxWorkers: cores,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Tests that hold a transaction open on the PostgreSQL server on purpose (a stuck client).
        // Readers of the log see nothing past the cluster's oldest open transaction, in any
        // database, so while one runs every other file's projections stand still. They run one
        // at a time, after the other integration tests have finished.
        test: {
          name: 'int-exclusive',
          include: ['{events,projections,api,scripts}/**/*.exclusive.int.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // One file at a time against the one shared app (global-setup.ts): files change state the
        // whole app shares (the purchasing switch), and a browser test measures what it sees.
        test: {
          name: 'e2e',
          include: ['client/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['client/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
