import { describe, expect, it } from 'vitest';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { useProjectionTestDatabase } from '../testing/projection-test-database';
import { appendStreamed } from '../testing/stem-streamed';
import { usageBytesPerUser } from '../usage-bytes-per-user/usage-bytes-per-user-projection';
import { readLogVisibility } from './log-visibility';
import { readProjectionStatus } from './projection-status';
import { migrateRuntimeSchema } from './runtime-schema';
import { openBlockingTransaction } from './testing/blocking-transaction';

for (const client of availableSqlClients()) {
  describe(`log visibility (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);

    it('reports nothing held back when no transaction blocks readers', async () => {
      const { sql, store } = database();
      await migrateRuntimeSchema(sql);
      await appendStreamed(store, [{ userId: 1, bytesSent: 1 }]);
      expect(await readLogVisibility(sql, store, { blockingAfterMs: 0 })).toMatchObject({ invisibleEvents: 0 });
      expect(await readProjectionStatus(sql, store, usageBytesPerUser)).toMatchObject({ lag: 1, invisible: 0 });
      // PGlite is one connection: no other session can exist, so none can block.
      if (client.name === 'pglite') expect(await readLogVisibility(sql, store, { blockingAfterMs: 0 })).toEqual({ invisibleEvents: 0, blockingTransaction: null, preparedTransaction: null });
    });
  });
}

const databaseUrl = process.env.DATABASE_URL;
for (const client of availableSqlClients().filter((candidate) => candidate.name === 'postgres')) {
  describe(`an idle transaction on the server (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);

    it('freezes readers while appends commit; status counts the hidden events and names the blocking session', async () => {
      const { sql, store } = database();
      await migrateRuntimeSchema(sql);
      const blocker = await openBlockingTransaction(databaseUrl!);
      try {
        await appendStreamed(store, [{ userId: 1, bytesSent: 1 }, { userId: 1, bytesSent: 2 }, { userId: 2, bytesSent: 3 }]);

        // Readers see nothing, so lag alone says all is well...
        expect((await store.readAll()).events).toEqual([]);
        const status = await readProjectionStatus(sql, store, usageBytesPerUser);
        expect(status).toMatchObject({ lag: 0, invisible: 3 });
        // ...while the events wait behind the transaction, which is named once past the threshold.
        const visibility = await readLogVisibility(sql, store, { blockingAfterMs: 0 });
        expect(visibility).toMatchObject({
          invisibleEvents: 3,
          blockingTransaction: { pid: blocker.pid, state: 'idle in transaction', applicationName: 'stuck-test-client' },
        });
        expect(visibility!.blockingTransaction!.ageSeconds).toBeGreaterThanOrEqual(0);
        expect(await readLogVisibility(sql, store, { blockingAfterMs: 60_000 })).toEqual({ invisibleEvents: 3, blockingTransaction: null, preparedTransaction: null });
      } finally {
        await blocker.end();
      }
      expect(await readLogVisibility(sql, store, { blockingAfterMs: 60_000 })).toEqual({ invisibleEvents: 0, blockingTransaction: null, preparedTransaction: null });
      expect(await readProjectionStatus(sql, store, usageBytesPerUser)).toMatchObject({ lag: 3, invisible: 0 });
    });
  });
}
