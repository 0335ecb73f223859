import { randomBytes } from 'node:crypto';
import type { ExpectedVersion } from '../../events/store/event-store';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import type { AppendTarget } from './append-target';
import { type BenchBackend, openBenchSqlClient } from './bench-sql-client';
import { benchStemStreamed } from './bench-stem-streamed';

/** Woodshed's store as the API uses it: each appender appends to its own stream at its last revision. */
export function woodshedAppendTarget(backend: BenchBackend): AppendTarget {
  return {
    label: backend.kind === 'postgres' ? 'woodshed (server)' : `woodshed (pglite, ${backend.location})`,
    backend: backend.kind,
    async open(appenders) {
      const database = await openBenchSqlClient(backend, 'appends');
      const store = await createPostgresEventStore(database.sql);
      const run = randomBytes(4).toString('hex');
      const expected: ExpectedVersion[] = Array.from({ length: appenders }, () => 'no_stream');
      return {
        async appendOne(appender) {
          const userId = appender + 1;
          const result = await store.append(`usage-${run}-${userId}`, [benchStemStreamed(userId)], {
            expectedVersion: expected[appender]!,
          });
          expected[appender] = result.nextExpectedVersion;
        },
        async close() {
          await store.close();
          await database.dispose();
        },
      };
    },
  };
}
