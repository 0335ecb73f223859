import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { newEvent } from '../../events/catalog';
import { START } from '../../events/store/event-store';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { type FlakyControls, flakyBytesProjection } from '../testing/flaky-bytes-projection';
import { firstPageOf } from '../testing/first-page';
import { useProjectionTestDatabase } from '../testing/projection-test-database';
import { appendStreamed, stemStreamed } from '../testing/stem-streamed';
import { dumpTable } from '../testing/table-dump';
import { BatchWriter } from './batch-writer';
import { readCheckpoint } from './checkpoints';
import { listDeadLetters, openDeadLetters, retryDeadLetters, skipDeadLetters } from './dead-letters';
import { ensureLiveGeneration } from './generations';
import { ProjectionWaitTimeout } from './position-waiter';
import { startProjectionHost } from './projection-host';
import { ProjectionRunner } from './projection-runner';
import { migrateRuntimeSchema } from './runtime-schema';

const fast = { pageSize: 100, pollMs: 30, waitPollMs: 20 };

function controls(): FlakyControls {
  return { poisonFilenames: new Set(), failingUsers: new Set() };
}

for (const client of availableSqlClients()) {
  describe(`projection runtime (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);
    // What the host and the operator commands do at start-up; these tests drive the parts directly.
    beforeEach(() => migrateRuntimeSchema(database().sql));

    it('writes rows and the checkpoint in one transaction: a failing write leaves both unchanged', async () => {
      const { sql, store } = database();
      const flaky = controls();
      flaky.failingUsers.add(2);
      const projection = flakyBytesProjection(flaky);
      const generation = await ensureLiveGeneration(sql, projection);
      await appendStreamed(store, [{ userId: 2, bytesSent: 500 }]);
      const page = await firstPageOf(store, projection.eventTypes, 1);

      const writer = new BatchWriter({ sql, projection, generation, checkpoint: START });
      const outcome = await writer.write(page.events, page.next);

      // The upsert ran before the write failed; the rollback took it back with the checkpoint.
      expect(outcome.kind).toBe('stalled');
      expect(await dumpTable(sql, 'flaky_bytes')).toEqual([]);
      expect(await readCheckpoint(sql, projection.name, generation.generation)).toBe(START);
      const [deadLetter] = await openDeadLetters(sql, projection.name);
      expect(deadLetter).toMatchObject({ position: page.events[0]!.position, type: 'StemStreamed', error: 'Error: cannot write user 2' });
    });

    it('commits the events before a failing one in its batch, found by bisection', async () => {
      const { sql, store } = database();
      const flaky = controls();
      flaky.failingUsers.add(2);
      const projection = flakyBytesProjection(flaky);
      const generation = await ensureLiveGeneration(sql, projection);
      await store.append('mixed', [1, 3, 1, 2, 3].map((userId) => stemStreamed({ userId, bytesSent: 10 })), { expectedVersion: 'any' });
      const page = await firstPageOf(store, projection.eventTypes, 5);

      const outcome = await new BatchWriter({ sql, projection, generation, checkpoint: START }).write(page.events, page.next);

      expect(outcome).toMatchObject({ kind: 'stalled', position: page.events[2]!.position });
      expect(await dumpTable(sql, 'flaky_bytes')).toEqual(['{"user_id":1,"bytes":20,"streams":2}', '{"user_id":3,"bytes":10,"streams":1}']);
      expect(await readCheckpoint(sql, projection.name, generation.generation)).toBe(page.events[2]!.position);
      expect((await openDeadLetters(sql, projection.name)).map((letter) => letter.position)).toEqual([page.events[3]!.position]);
    });

    it('lets only one of two writers move the same checkpoint (compare-and-set)', async () => {
      const { sql, store } = database();
      const projection = flakyBytesProjection(controls());
      const generation = await ensureLiveGeneration(sql, projection);
      await appendStreamed(store, [{ userId: 1, bytesSent: 10 }, { userId: 2, bytesSent: 20 }]);
      // Both writers must be given the same two events.
      const page = await firstPageOf(store, projection.eventTypes, 2);

      const writers = [0, 1].map(() => new BatchWriter({ sql, projection, generation, checkpoint: START }));
      const outcomes = await Promise.all(writers.map((writer) => writer.write(page.events, page.next)));

      expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['committed', 'lost']);
      expect(await dumpTable(sql, 'flaky_bytes')).toEqual(['{"user_id":1,"bytes":10,"streams":1}', '{"user_id":2,"bytes":20,"streams":1}']);
    });

    it('runs one active instance of a projection; the other stands by and takes over', async () => {
      const { sql, store } = database();
      const projection = flakyBytesProjection(controls());
      const runners = [0, 1].map(() => new ProjectionRunner({ sql, store, projection, ...fast }));
      try {
        for (const runner of runners) runner.start();
        const first = await appendStreamed(store, [{ userId: 1, bytesSent: 10 }, { userId: 1, bytesSent: 5 }, { userId: 2, bytesSent: 1 }]);
        await vi.waitFor(async () => expect(await liveCheckpoint(projection.name)).toBe(first.position), { timeout: 20_000, interval: 20 });
        // The checkpoint commits before the active runner calls itself running, and a busy machine
        // may not yet have let the other runner try the lock: wait for both, do not sample once.
        await vi.waitFor(() => expect(runners.map((runner) => runner.state).sort()).toEqual(['running', 'standby']), { timeout: 20_000, interval: 20 });
        expect(await dumpTable(sql, 'flaky_bytes')).toEqual(['{"user_id":1,"bytes":15,"streams":2}', '{"user_id":2,"bytes":1,"streams":1}']);

        const active = runners.find((runner) => runner.state === 'running')!;
        const standby = runners.find((runner) => runner !== active)!;
        await active.stop();
        const second = await appendStreamed(store, [{ userId: 2, bytesSent: 4 }]);
        await vi.waitFor(async () => expect(await liveCheckpoint(projection.name)).toBe(second.position), { timeout: 20_000, interval: 20 });
        await vi.waitFor(() => expect(standby.state).toBe('running'), { timeout: 20_000, interval: 20 });
        expect(await dumpTable(sql, 'flaky_bytes')).toEqual(['{"user_id":1,"bytes":15,"streams":2}', '{"user_id":2,"bytes":5,"streams":2}']);
      } finally {
        await Promise.all(runners.map((runner) => runner.stop()));
      }

      async function liveCheckpoint(name: string) {
        const generation = await ensureLiveGeneration(sql, projection);
        return readCheckpoint(sql, name, generation.generation);
      }
    });

    it("moves a running projection's checkpoint past events of other types, to the head of the log", async () => {
      const { sql, store } = database();
      const projection = flakyBytesProjection(controls());
      const host = await startProjectionHost({ sql, store, projections: [projection], ...fast });
      try {
        await appendStreamed(store, [{ userId: 1, bytesSent: 10 }]);
        await vi.waitFor(async () => expect((await host.status())[0]).toMatchObject({ state: 'running', lag: 0 }), { timeout: 20_000, interval: 20 });
        const generation = await ensureLiveGeneration(sql, projection);
        const eventId = randomUUID();
        const starred = newEvent('SongStarred', { userId: 7, songId: 1 }, { eventId, occurredAt: new Date().toISOString(), userId: 7, requestId: eventId, causationId: eventId, correlationId: eventId });
        const { position: head } = await store.append('starred-7', [starred], { expectedVersion: 'any' });
        await vi.waitFor(async () => expect(await readCheckpoint(sql, projection.name, generation.generation)).toBe(head), { timeout: 20_000, interval: 20 });
        expect(await dumpTable(sql, 'flaky_bytes')).toEqual(['{"user_id":1,"bytes":10,"streams":1}']);
      } finally {
        await host.stop();
      }
    });

    it('stalls on a failing event with lag, until an operator retries it (failing again) or skips it', async () => {
      const { sql, store } = database();
      const flaky = controls();
      flaky.poisonFilenames.add('poison.mp3');
      const projection = flakyBytesProjection(flaky);
      const host = await startProjectionHost({ sql, store, projections: [projection], ...fast });
      try {
        await appendStreamed(store, [
          { userId: 1, bytesSent: 10 },
          { userId: 1, bytesSent: 20, filename: 'poison.mp3' },
          { userId: 1, bytesSent: 30 },
        ]);
        const stalled = await vi.waitFor(
          async () => {
            const [status] = await host.status();
            expect(status).toMatchObject({ state: 'stalled', runner: 'stalled' });
            return status!;
          },
          { timeout: 20_000, interval: 20 },
        );
        expect(stalled.lag).toBe(2);
        // Lag is what the projection still has to fold: events of other types never count.
        const eventId = randomUUID();
        const metadata = { eventId, occurredAt: new Date().toISOString(), userId: null, requestId: 'test', causationId: eventId, correlationId: 'test' };
        await store.append('unrelated', [{ eventId, type: 'UnrelatedHappened', schemaVersion: 1, data: {}, metadata }], { expectedVersion: 'any' });
        expect((await host.status())[0]!.lag).toBe(2);
        expect(stalled.deadLetters).toMatchObject({ count: 1, oldestError: 'Error: poisoned event poison.mp3' });
        expect(await dumpTable(sql, 'flaky_bytes')).toEqual(['{"user_id":1,"bytes":10,"streams":1}']);

        // Retry without a fix: the event fails again and opens a new dead letter.
        expect(await retryDeadLetters(sql, projection.name)).toHaveLength(1);
        await vi.waitFor(async () => expect(await openDeadLetters(sql, projection.name)).toHaveLength(1), { timeout: 20_000, interval: 20 });
        expect((await listDeadLetters(sql, projection.name)).map((letter) => letter.resolution)).toEqual([null, 'retried']);

        const [skipped] = await skipDeadLetters(sql, projection.name);
        expect(skipped).toMatchObject({ resolution: 'skipped', position: stalled.deadLetters.oldestPosition });
        await vi.waitFor(
          async () => {
            const [status] = await host.status();
            expect(status).toMatchObject({ state: 'running', lag: 0, deadLetters: { count: 0 } });
          },
          { timeout: 20_000, interval: 20 },
        );
        expect(await dumpTable(sql, 'flaky_bytes')).toEqual(['{"user_id":1,"bytes":40,"streams":2}']);
      } finally {
        await host.stop();
      }
    });

    it('applies the failing event once retried after the fix', async () => {
      const { sql, store } = database();
      const flaky = controls();
      flaky.failingUsers.add(7);
      const projection = flakyBytesProjection(flaky);
      const host = await startProjectionHost({ sql, store, projections: [projection], ...fast });
      try {
        const last = await appendStreamed(store, [{ userId: 6, bytesSent: 1 }, { userId: 7, bytesSent: 2 }]);
        await vi.waitFor(async () => expect(await openDeadLetters(sql, projection.name)).toHaveLength(1), { timeout: 20_000, interval: 20 });
        await expect(host.waitForPosition(projection.name, last.position, { timeoutMs: 200 })).rejects.toBeInstanceOf(ProjectionWaitTimeout);

        flaky.failingUsers.clear();
        await retryDeadLetters(sql, projection.name);
        await host.waitForPosition(projection.name, last.position, { timeoutMs: 20_000 });
        expect(await dumpTable(sql, 'flaky_bytes')).toEqual(['{"user_id":6,"bytes":1,"streams":1}', '{"user_id":7,"bytes":2,"streams":1}']);
        expect((await listDeadLetters(sql, projection.name)).map((letter) => letter.resolution)).toEqual(['retried']);
      } finally {
        await host.stop();
      }
    });

    it('waitForPosition resolves once the projection has passed the position, and times out clearly', async () => {
      const { sql, store } = database();
      const projection = flakyBytesProjection(controls());
      const host = await startProjectionHost({ sql, store, projections: [projection], ...fast });
      try {
        const appended = await appendStreamed(store, [{ userId: 3, bytesSent: 300 }]);
        await host.waitForPosition(projection.name, appended.position, { timeoutMs: 20_000 });
        // Read-your-writes: the row is there as soon as the wait resolves.
        expect(await dumpTable(sql, 'flaky_bytes')).toEqual(['{"user_id":3,"bytes":300,"streams":1}']);
        await vi.waitFor(() => expect(host.ready()).toBe(true), { timeout: 20_000, interval: 20 });
      } finally {
        await host.stop();
      }
      // With the runner stopped nothing moves: the wait fails with the projection and position named.
      const later = await appendStreamed(store, [{ userId: 3, bytesSent: 1 }]);
      const waiting = host.waitForPosition(projection.name, later.position, { timeoutMs: 150 });
      await expect(waiting).rejects.toThrow(`Projection ${projection.name} did not reach position ${later.position} within 150 ms`);
    });
  });
}
