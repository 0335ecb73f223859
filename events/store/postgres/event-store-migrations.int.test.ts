import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventStore, EventToAppend } from '../event-store';
import { storePerTest } from '../testing/store-per-test';
import { availableSqlClients } from '../testing/test-sql-clients';
import { appendBatch } from './append-batch';
import { eventStoreMigrations } from './event-store-migrations';
import { createLogAndAppendFunction } from './event-store-migrations/v1-create-log-and-append-function';
import { migrationVersions, runMigrations } from './migrations';
import type { SqlClient } from './sql-client';

function testEvent(): EventToAppend {
  const eventId = randomUUID();
  return { eventId, type: 'SomethingHappened', schemaVersion: 1, data: { n: 1 }, metadata: { eventId } };
}

/** Two streams written by the previous release's `append_events`, two appends each. */
async function writeWithPreviousRelease(sql: SqlClient): Promise<void> {
  for (const stream of ['left', 'right', 'left', 'right']) {
    await appendBatch(sql, [{ streamId: stream, events: [testEvent(), testEvent()], expectedVersion: 'any' }]);
  }
}

async function expectUpgraded(sql: SqlClient, store: EventStore): Promise<void> {
  expect(await migrationVersions(sql, [eventStoreMigrations])).toEqual({ 'event-store': eventStoreMigrations.migrations.length });
  // Each stream carries the highest tx_id its events were stored with.
  const { rows } = await sql.query<{ stream_id: string; matches: boolean }>(
    `SELECT s.stream_id, s.last_tx_id = (SELECT e.tx_id FROM events AS e WHERE e.stream_id = s.stream_id ORDER BY e.tx_id DESC LIMIT 1) AS matches
     FROM streams AS s ORDER BY s.stream_id`,
  );
  expect(rows).toEqual([
    { stream_id: 'left', matches: true },
    { stream_id: 'right', matches: true },
  ]);
  await store.append('left', [testEvent()], { expectedVersion: 3n });
  await store.append('fresh', [testEvent()], { expectedVersion: 'no_stream' });
  expect((await store.readStream('left')).map((event) => event.streamPosition)).toEqual([0n, 1n, 2n, 3n, 4n]);
  const page = await store.readAll({});
  expect(page.events.filter((event) => event.streamId === 'left').map((event) => event.streamPosition)).toEqual([0n, 1n, 2n, 3n, 4n]);
  expect(page.events).toHaveLength(10);
}

for (const candidate of availableSqlClients()) {
  describe(`event store migrations on ${candidate.name}`, () => {
    const opened = storePerTest();

    it('adopts a log made before numbered migrations and carries it to the newest step', async () => {
      const sql = await opened.openSql(candidate);
      await sql.exec(createLogAndAppendFunction.sql);
      await writeWithPreviousRelease(sql);
      const store = await opened.openStore(sql);
      await expectUpgraded(sql, store);
    });

    it('carries a log at step 1 forward', async () => {
      const sql = await opened.openSql(candidate);
      await runMigrations(sql, [{ ...eventStoreMigrations, migrations: eventStoreMigrations.migrations.slice(0, 1) }]);
      expect(await migrationVersions(sql, [eventStoreMigrations])).toEqual({ 'event-store': 1 });
      await writeWithPreviousRelease(sql);
      const store = await opened.openStore(sql);
      await expectUpgraded(sql, store);
    });
  });
}
