import { afterAll, beforeAll, describe } from 'vitest';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { availableAppSqlClients } from '../../events/store/testing/test-sql-clients';
import { startTestApp } from './start-test-app';
import type { StartTestAppOptions, TestApp } from './start-test-app';

/** What a suite's tests use; both are set before its first test runs. */
export interface AppUnderTest {
  sql: SqlClient;
  app: TestApp;
}

/**
 * Declares `body`'s tests once per database at hand (PGlite always, in a worker thread as the app
 * runs it, and the PostgreSQL server when `DATABASE_URL` is set), each run against a fresh app on
 * a fresh schema, named "<title> on <database>" so the output says where each ran.
 */
export function describeAppOnEveryDatabase(title: string, options: Omit<StartTestAppOptions, 'sql'>, body: (env: AppUnderTest) => void): void {
  for (const candidate of availableAppSqlClients()) {
    describe(`${title} on ${candidate.name}`, () => {
      const env = {} as AppUnderTest;
      beforeAll(async () => {
        env.sql = await candidate.open();
        env.app = await startTestApp({ ...options, sql: env.sql });
      });
      afterAll(async () => {
        await env.app?.stop();
        await env.sql?.close();
      });
      body(env);
    });
  }
}
