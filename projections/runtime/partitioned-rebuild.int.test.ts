import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { START } from '../../events/store/event-store';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { testRandom } from '../../events/testing/test-seed';
import { useProjectionTestDatabase } from '../testing/projection-test-database';
import { type StreamedGiven, appendStreamed } from '../testing/stem-streamed';
import { dumpTable } from '../testing/table-dump';
import { usageBytesPerUser } from '../usage-bytes-per-user/usage-bytes-per-user-projection';
import { openDeadLetters, skipDeadLetters } from './dead-letters';
import { foldPartitions } from './fold-partitions';
import { readPartitionCheckpoints } from './partition-checkpoints';
import { rebuildProjection } from './rebuild';
import { migrateRuntimeSchema } from './runtime-schema';

function randomStreams(next: () => number, count: number): StreamedGiven[] {
  return Array.from({ length: count }, () => ({ userId: 1 + Math.floor(next() * 40), bytesSent: 1 + Math.floor(next() * 1_000_000) }));
}

for (const client of availableSqlClients()) {
  describe(`a rebuild by owner partitions (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);
    beforeEach(() => migrateRuntimeSchema(database().sql));

    it('folds each partition up to the head, catches up what came after with one reader, and gives the rows of a one-reader rebuild', async () => {
      const { sql, store } = database();
      const { next } = testRandom();
      for (let round = 0; round < 3; round++) await appendStreamed(store, randomStreams(next, 200));
      const oneReader = await rebuildProjection(sql, store, usageBytesPerUser);
      expect(oneReader.kind).toBe('swapped');

      let checkpointsSeen = 0;
      const outcome = await rebuildProjection(sql, store, usageBytesPerUser, {
        // Pages of 7: several per partition.
        pageSize: 7,
        partitioned: {
          // Appended once the head is recorded: only the one reader after the partitions can fold them.
          fold: async (building, partitions, onProgress) => {
            checkpointsSeen = (await readPartitionCheckpoints(sql, { projection: usageBytesPerUser.name, generation: building.generation })).length;
            await appendStreamed(store, randomStreams(next, 50));
            // Two pages in flight on a server, as a lone worker reads: the page after each page is asked for early.
            return foldPartitions(sql, usageBytesPerUser, building, partitions, { pageSize: 7, onProgress, twoPagesInFlight: true });
          },
        },
      });
      expect(checkpointsSeen).toBe(256);
      expect(outcome).toMatchObject({ kind: 'swapped', generation: 2, events: 650 });
      expect(await readPartitionCheckpoints(sql, { projection: usageBytesPerUser.name, generation: 2 })).toEqual([]);

      const partitioned = await dumpTable(sql, 'usage_bytes_per_user');
      expect(await rebuildProjection(sql, store, usageBytesPerUser)).toMatchObject({ kind: 'swapped', generation: 3, events: 650 });
      expect(partitioned).toEqual(await dumpTable(sql, 'usage_bytes_per_user'));
    });

    it('folds partitions that a stopped worker left at different checkpoints each from its own, every event once', async () => {
      const { sql, store } = database();
      const { next } = testRandom();
      await appendStreamed(store, randomStreams(next, 400));
      const oneReader = await rebuildProjection(sql, store, usageBytesPerUser);
      expect(oneReader.kind).toBe('swapped');

      const outcome = await rebuildProjection(sql, store, usageBytesPerUser, {
        partitioned: {
          fold: async (building, partitions, onProgress) => {
            const target = { projection: usageBytesPerUser.name, generation: building.generation };
            // A worker of the first half, stopped after its third page of 7 (its locks and its first
            // checkpoint read ask `stopped` once each before): those partitions stop half-way, together.
            let asked = 0;
            const first = partitions.slice(0, 128);
            const stoppedEarly = await foldPartitions(sql, usageBytesPerUser, building, first, {
              pageSize: 7,
              stopped: () => ++asked > first.length + 1 + 3,
              onProgress,
            });
            expect(stoppedEarly.every((partition) => partition.kind === 'stopped')).toBe(true);
            const halfWay = await readPartitionCheckpoints(sql, target);
            const positions = new Set(halfWay.filter((checkpoint) => first.includes(checkpoint.partition)).map((checkpoint) => checkpoint.position));
            expect(positions.size).toBe(1);
            const [position] = positions;
            expect(position! > START && position! < halfWay[0]!.head).toBe(true);
            // Workers of other runs: half-way, untouched and untouched partitions in one run, then the rest.
            const mixed = await foldPartitions(sql, usageBytesPerUser, building, partitions.slice(0, 200), { pageSize: 7, onProgress });
            const rest = await foldPartitions(sql, usageBytesPerUser, building, partitions.slice(200), { pageSize: 7, onProgress });
            return [...mixed, ...rest];
          },
        },
      });
      expect(outcome).toMatchObject({ kind: 'swapped', generation: 2, events: 400 });
      const partitioned = await dumpTable(sql, 'usage_bytes_per_user');
      expect(await rebuildProjection(sql, store, usageBytesPerUser)).toMatchObject({ kind: 'swapped', generation: 3, events: 400 });
      expect(partitioned).toEqual(await dumpTable(sql, 'usage_bytes_per_user'));
    });

    it('stalls only the partition of a failing event; --skip moves that partition past it, and the rebuild then finishes', async () => {
      const { sql, store } = database();
      const { next } = testRandom();
      await appendStreamed(store, randomStreams(next, 300));
      const eventId = randomUUID();
      // What a bug once appended: a StemStreamed whose bytes are text, which the fold refuses.
      await store.append('metering-user-7', [{ eventId, type: 'StemStreamed', schemaVersion: 2, data: { userId: 7, bytesSent: 'many' }, metadata: { eventId } }], {
        expectedVersion: 'any',
      });
      await appendStreamed(store, randomStreams(next, 100));

      const stalled = await rebuildProjection(sql, store, usageBytesPerUser, { partitioned: {} });
      expect(stalled).toMatchObject({ kind: 'stalled', generation: 1, deadLetter: { eventId } });
      const checkpoints = await readPartitionCheckpoints(sql, { projection: usageBytesPerUser.name, generation: 1 });
      expect(checkpoints.filter((checkpoint) => checkpoint.position !== checkpoint.head)).toHaveLength(1);

      expect(await skipDeadLetters(sql, usageBytesPerUser.name)).toHaveLength(1);
      const finished = await rebuildProjection(sql, store, usageBytesPerUser, { resume: true });
      expect(finished).toMatchObject({ kind: 'swapped', generation: 1, start: { kind: 'resumed' } });
      expect(await openDeadLetters(sql, usageBytesPerUser.name)).toEqual([]);
      const { rows } = await sql.query<{ streams: string }>('SELECT sum(streams_count) AS streams FROM usage_bytes_per_user');
      expect(Number(rows[0]!.streams)).toBe(400);
    });
  });
}
