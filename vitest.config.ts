import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Test level lives in the file name: *.unit.test.ts, *.int.test.ts (real database),
// *.e2e.test.ts (real browser against the running app). Each level runs on its own with
// `npm run test:unit|test:int|test:e2e`.
//
// In one run the levels take turns (`sequence.groupOrder`): unit, then int, then the exclusive int
// files, then e2e, then the exclusive e2e files. Each level then has every core to itself, rather than Chromium, PGlite workers
// and in-process apps fighting for them (see docs/decisions/0068-test-levels-take-turns.md). `npm test`
// (scripts/run-tests.sh) runs the exclusive int files in a second vitest beside the browser levels
// instead: they mostly wait on the server's locks, and the browser app has its own database.
//
// Unit, int and e2e files share their worker's modules (`isolate: false`): importing the code under
// test once per worker instead of once per file took a third of the int level's time. Each file
// still opens its own databases, apps and browser; module state is all files could share, and no
// test may lean on it. Screens in jsdom stay isolated: a DOM is state. Every PGlite test database
// starts from one image of a freshly initialised cluster, made once per run
// (events/store/testing/fresh-pglite-image.ts), instead of running initdb each time
// (docs/decisions/0072-test-files-share-modules-and-one-pglite-image.md).
const cores = availableParallelism();
const e2eWorkers = Number(process.env.E2E_WORKERS) || cores;

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
          isolate: false,
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
          isolate: false,
          globalSetup: ['events/store/testing/fresh-pglite-image.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: cores,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Tests that hold a transaction open on the PostgreSQL server on purpose (a stuck client),
        // or whose checks need no other transaction open. Readers of the log see nothing past the
        // cluster's oldest open transaction, in any database, so while one runs every other file's
        // projections stand still. They run one at a time, after the other integration tests.
        test: {
          name: 'int-exclusive',
          include: ['{events,projections,api,scripts}/**/*.exclusive.int.test.ts'],
          environment: 'node',
          globalSetup: ['events/store/testing/fresh-pglite-image.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
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
          maxWorkers: cores,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Browser tests against the one shared app (global-setup.ts), E2E_WORKERS files at a time:
        // much of a browser test is waiting (for audio played in real time, for the app's
        // projections, for timers of the page), so more files than cores keep the cores busy.
        test: {
          name: 'e2e',
          include: ['client/e2e/**/*.e2e.test.ts'],
          exclude: ['client/e2e/**/*.exclusive.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['client/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: e2eWorkers,
          isolate: false,
          sequence: { groupOrder: 3 },
        },
      },
      {
        // The scale-out rehearsal (`npm run rehearse:scale-out`): API processes, workers and nginx on
        // the PostgreSQL server, started once by the rehearsal or by this project's global setup.
        // Not part of `npm test`. One file at a time: the files kill and restart its processes.
        test: {
          name: 'scale-out',
          include: ['scripts/scale-out/**/*.scale-out.test.ts'],
          environment: 'node',
          globalSetup: ['scripts/scale-out/testing/cluster-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          maxWorkers: 1,
          sequence: { groupOrder: 5 },
        },
      },
      {
        // Browser tests that change what every user of the shared app sees (the purchasing
        // switch): one at a time, after every other browser test.
        test: {
          name: 'e2e-exclusive',
          include: ['client/e2e/**/*.exclusive.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['client/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
          sequence: { groupOrder: 4 },
        },
      },
    ],
  },
});
