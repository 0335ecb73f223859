import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newEvent } from '../../events/catalog';
import type { EventToAppend } from '../../events/store/event-store';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { startProjectionHost } from '../runtime/projection-host';
import { useProjectionTestDatabase } from '../testing/projection-test-database';
import { appendStreamed } from '../testing/stem-streamed';
import { usageBytesPerUser } from './usage-bytes-per-user-projection';
import { bytesStreamedByUser, topUsersByBytes, usageOfUser } from './usage-bytes-per-user-queries';

/** A stem response recorded before StemStreamed v2 (`stem`, `bytes`); it reads back upcast. */
function stemStreamedV1(userId: number, bytes: number, occurredAt: string): EventToAppend {
  const eventId = randomUUID();
  return {
    eventId,
    type: 'StemStreamed',
    schemaVersion: 1,
    data: { userId, songId: 7, stem: 'drums.mp3', bytes },
    metadata: { eventId, occurredAt, userId, requestId: 'r', causationId: 'r', correlationId: 'r' },
  };
}

function songStarred(userId: number): EventToAppend {
  const eventId = randomUUID();
  return newEvent(
    'SongStarred',
    { userId, songId: 3 },
    { eventId, occurredAt: '2025-03-01T10:00:00.000Z', userId, requestId: 'r', causationId: 'r', correlationId: 'r' },
  );
}

for (const client of availableSqlClients()) {
  describe(`usage-bytes-per-user read model (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);

    async function caughtUp(position: string) {
      const { sql, store } = database();
      // A page of 2 makes the fold run over several batches, so totals must add up across writes.
      const projections = await startProjectionHost({ sql, store, projections: [usageBytesPerUser], pageSize: 2, pollMs: 50, waitPollMs: 20 });
      await projections.waitForPosition('usage-bytes-per-user', position, { timeoutMs: 20_000 });
      return projections;
    }

    it('given streams of several users, then one row per user with totals, count and the latest time', async () => {
      const { sql, store } = database();
      await appendStreamed(store, [
        { userId: 1, bytesSent: 1_000, occurredAt: '2025-03-01T10:00:00.000Z' },
        { userId: 1, bytesSent: 2_500, occurredAt: '2025-03-01T12:30:00.000Z' },
        // An abort before the first byte still counts as a stream of 0 bytes.
        { userId: 1, bytesSent: 0, occurredAt: '2025-03-01T11:00:00.000Z' },
        { userId: 2, bytesSent: 10_485_760, occurredAt: '2025-03-02T08:00:00.000Z' },
      ]);
      await store.append('library-user-1', [songStarred(1)], { expectedVersion: 'any' });
      const last = await store.append('metering-user-3', [stemStreamedV1(3, 4_096, '2025-02-01T09:00:00.000Z')], { expectedVersion: 'any' });

      const projections = await caughtUp(last.position);
      try {
        const rows = await sql.query('SELECT user_id, bytes_streamed::text AS bytes, streams_count::text AS streams, last_streamed_at FROM usage_bytes_per_user ORDER BY user_id');
        expect(rows.rows).toEqual([
          { user_id: 1, bytes: '3500', streams: '3', last_streamed_at: new Date('2025-03-01T12:30:00.000Z') },
          { user_id: 2, bytes: '10485760', streams: '1', last_streamed_at: new Date('2025-03-02T08:00:00.000Z') },
          { user_id: 3, bytes: '4096', streams: '1', last_streamed_at: new Date('2025-02-01T09:00:00.000Z') },
        ]);
        expect(await bytesStreamedByUser(sql, 1)).toBe(3_500);
        expect(await bytesStreamedByUser(sql, 42)).toBe(0);
        expect(await usageOfUser(sql, 42)).toBeNull();
        expect(await usageOfUser(sql, 3)).toEqual({ userId: 3, bytesStreamed: 4_096, streamsCount: 1, lastStreamedAt: new Date('2025-02-01T09:00:00.000Z') });
        expect((await topUsersByBytes(sql, 2)).map((usage) => [usage.userId, usage.bytesStreamed])).toEqual([
          [2, 10_485_760],
          [3, 4_096],
        ]);
      } finally {
        await projections.stop();
      }
    });

    it('given more streams while running, then totals grow and an older stream keeps the latest time', async () => {
      const { sql, store } = database();
      const projections = await caughtUp((await appendStreamed(store, [{ userId: 5, bytesSent: 100, occurredAt: '2025-04-01T00:00:00.000Z' }])).position);
      try {
        const last = await appendStreamed(store, [
          { userId: 5, bytesSent: 50, occurredAt: '2025-03-31T23:59:59.999Z' },
          { userId: 6, bytesSent: 7, occurredAt: '2025-04-02T00:00:00.000Z' },
        ]);
        await projections.waitForPosition('usage-bytes-per-user', last.position, { timeoutMs: 20_000 });
        expect(await usageOfUser(sql, 5)).toEqual({ userId: 5, bytesStreamed: 150, streamsCount: 2, lastStreamedAt: new Date('2025-04-01T00:00:00.000Z') });
        expect(await usageOfUser(sql, 6)).toEqual({ userId: 6, bytesStreamed: 7, streamsCount: 1, lastStreamedAt: new Date('2025-04-02T00:00:00.000Z') });
      } finally {
        await projections.stop();
      }
    });
  });
}
