import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventStore } from '../../events/store/event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { type TrimmedLogReader, trimmedLogReaderOf } from '../../events/store/postgres/trimmed-log-reader';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { useProjectionTestDatabase } from '../testing/projection-test-database';
import { appendStreamed, stemStreamed } from '../testing/stem-streamed';
import { readCheckpoint } from './checkpoints';
import { listDeadLetters } from './dead-letters';
import { ensureLiveGeneration } from './generations';
import { startProjectionHost } from './projection-host';
import { ProjectionRunner } from './projection-runner';
import { rebuildProjection } from './rebuild';
import { migrateRuntimeSchema } from './runtime-schema';
import { eventLogControls, eventLogProjection, readEventLog } from './testing/event-log-projection';

const fast = { pageSize: 100, pollMs: 30, waitPollMs: 20 };
const waitLong = { timeout: 20_000, interval: 20 };

/** Fail the first `codes.length` applies with these SQLSTATEs, in order; then succeed. */
function failingFirst(codes: readonly string[]): (writer: string) => string | undefined {
  let calls = 0;
  return () => codes[calls++];
}

/**
 * A terminated connection, as the server reports it (57P01). On the server a real one: the
 * session of one pool connection ends itself. PGlite has one session, which must live on.
 */
async function terminatedConnectionError(sql: SqlClient): Promise<Error> {
  if (sql.kind !== 'postgres') return Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  const error = await sql.query('SELECT pg_terminate_backend(pg_backend_pid())').then(() => undefined, (caught: unknown) => caught as Error);
  expect(error).toMatchObject({ code: '57P01' });
  return error!;
}

/** The store, whose first read of the log fails with `error`. */
function firstReadFails(store: EventStore, error: Error): { store: EventStore; reads: { count: number } } {
  const reads = { count: 0 };
  const fail = <T>(read: () => Promise<T>): Promise<T> => (reads.count++ === 0 ? Promise.reject(error) : read());
  const trimmed = trimmedLogReaderOf(store);
  const failing = Object.assign(Object.create(store) as EventStore, {
    readAll: (...args: Parameters<EventStore['readAll']>) => fail(() => store.readAll(...args)),
    ...(trimmed && { trimmedLogReader: { readAllTrimmed: (...args: Parameters<TrimmedLogReader['readAllTrimmed']>) => fail(() => trimmed.readAllTrimmed(...args)) } }),
  });
  return { store: failing, reads };
}

for (const client of availableSqlClients()) {
  describe(`transient database errors (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);
    beforeEach(() => migrateRuntimeSchema(database().sql));

    // A real statement timeout needs a server; PGlite ignores statement_timeout.
    const transient = client.name === 'postgres' ? ['40P01', 'statement-timeout', '40001', '55P03'] : ['40P01', '40001', '55P03', '57P01'];

    it('retries a live batch that fails transiently with backoff: applied once, never dead-lettered', async () => {
      const { sql, store } = database();
      const controls = eventLogControls();
      const projection = eventLogProjection(controls, { writer: 'runner' });
      const host = await startProjectionHost({ sql, store, projections: [projection], ...fast });
      try {
        await vi.waitFor(() => expect(host.ready()).toBe(true), waitLong);
        controls.failWith = failingFirst(transient);
        controls.applies = 0;
        // One append, one transaction: the runner sees the three events as one batch.
        const appended = await store.append('metering', [1, 2, 3].map((userId) => stemStreamed({ userId, bytesSent: userId })), { expectedVersion: 'any' });
        await host.waitForPosition(projection.name, appended.position, { timeoutMs: 20_000 });

        expect(controls.applies).toBe(transient.length + 1);
        expect(await readEventLog(sql)).toEqual([1, 2, 3].map(() => ({ folds: 1, writer: 'runner' })));
        expect(await listDeadLetters(sql, projection.name)).toEqual([]);
        const [status] = await host.status();
        expect(status).toMatchObject({ state: 'running', runner: 'running', lag: 0, deadLetters: { count: 0 } });
      } finally {
        await host.stop();
      }
    });

    it('starts over from the checkpoint when the errors outlast the retries, still without a dead letter', async () => {
      const { sql, store } = database();
      const controls = eventLogControls();
      const projection = eventLogProjection(controls, { writer: 'runner' });
      const appended = await appendStreamed(store, [{ userId: 1, bytesSent: 1 }, { userId: 2, bytesSent: 2 }]);
      controls.failWith = failingFirst(['40001', '40001', '40001']);
      const runner = new ProjectionRunner({ sql, store, projection, ...fast, retry: { attempts: 2, firstDelayMs: 5, maxDelayMs: 5 } });
      try {
        runner.start();
        await vi.waitFor(async () => expect(await readEventLog(sql)).toHaveLength(2), waitLong);
        await vi.waitFor(() => expect(runner.state).toBe('running'), waitLong);
        expect(await readEventLog(sql)).toEqual([{ folds: 1, writer: 'runner' }, { folds: 1, writer: 'runner' }]);
        expect(await listDeadLetters(sql, projection.name)).toEqual([]);
        expect(controls.applies).toBeGreaterThanOrEqual(4);
        const generation = await ensureLiveGeneration(sql, projection);
        expect(await readCheckpoint(sql, projection.name, generation.generation)).toBe(appended.position);
      } finally {
        await runner.stop();
      }
    });

    it('retries a rebuild batch that fails transiently, and swaps', async () => {
      const { sql, store } = database();
      const controls = eventLogControls();
      const projection = eventLogProjection(controls, { writer: 'rebuild' });
      await appendStreamed(store, [{ userId: 1, bytesSent: 1 }, { userId: 2, bytesSent: 2 }, { userId: 3, bytesSent: 3 }]);
      controls.failWith = failingFirst(transient);
      const outcome = await rebuildProjection(sql, store, projection, { pageSize: 2 });
      expect(outcome).toMatchObject({ kind: 'swapped', generation: 1, events: 3 });
      expect(await readEventLog(sql)).toEqual([1, 2, 3].map(() => ({ folds: 1, writer: 'rebuild' })));
      expect(await listDeadLetters(sql, projection.name)).toEqual([]);
    });

    it('retries a rebuild whose read of the log fails on a terminated connection, and swaps', async () => {
      const { sql, store } = database();
      const controls = eventLogControls();
      const projection = eventLogProjection(controls, { writer: 'rebuild' });
      await appendStreamed(store, [{ userId: 1, bytesSent: 1 }, { userId: 2, bytesSent: 2 }, { userId: 3, bytesSent: 3 }]);
      const failing = firstReadFails(store, await terminatedConnectionError(sql));
      const outcome = await rebuildProjection(sql, failing.store, projection, { pageSize: 2, retry: { attempts: 3, firstDelayMs: 5, maxDelayMs: 5 } });
      expect(failing.reads.count).toBeGreaterThan(1);
      expect(outcome).toMatchObject({ kind: 'swapped', generation: 1, events: 3 });
      expect(await readEventLog(sql)).toEqual([1, 2, 3].map(() => ({ folds: 1, writer: 'rebuild' })));
      expect(await listDeadLetters(sql, projection.name)).toEqual([]);
    });
  });
}
