import { beforeEach, describe, expect, it, vi } from 'vitest';
import { START } from '../../events/store/event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { firstPageOf } from '../testing/first-page';
import { useProjectionTestDatabase } from '../testing/projection-test-database';
import { appendStreamed } from '../testing/stem-streamed';
import { advisoryLockHolder } from './advisory-lock-holder';
import { BatchWriter } from './batch-writer';
import { readCheckpoint } from './checkpoints';
import { openDeadLetters } from './dead-letters';
import { ensureLiveGeneration, findGeneration } from './generations';
import { LockFence, LockLost } from './lock-fence';
import { rebuildLockKey, runnerLockKey } from './lock-keys';
import { ProjectionRunner } from './projection-runner';
import { type RebuildOutcome, rebuildProjection } from './rebuild';
import { migrateRuntimeSchema } from './runtime-schema';
import { eventLogControls, eventLogProjection, gate, readEventLog } from './testing/event-log-projection';

const fast = { pageSize: 100, pollMs: 30 };
const waitLong = { timeout: 20_000, interval: 20 };

/** `sql`, but `before` runs when a transaction is asked for, before it begins, until it returns true. */
function beforeTransactions(sql: SqlClient, before: () => Promise<boolean>): SqlClient {
  let done = false;
  return new Proxy(sql, {
    get(target, property) {
      if (property === 'transaction') {
        return async <T>(work: Parameters<SqlClient['transaction']>[0]) => {
          if (!done) done = await before();
          return target.transaction(work) as Promise<T>;
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

for (const client of availableSqlClients()) {
  describe(`a lost lock (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);
    beforeEach(() => migrateRuntimeSchema(database().sql));

    it('a writer whose lock is gone commits nothing: the batch rolls back and LockLost is thrown, never a dead letter', async () => {
      const { sql, store } = database();
      const controls = eventLogControls();
      const projection = eventLogProjection(controls, { writer: 'A' });
      const generation = await ensureLiveGeneration(sql, projection);
      await appendStreamed(store, [{ userId: 1, bytesSent: 1 }, { userId: 2, bytesSent: 2 }]);
      const page = await firstPageOf(store, projection.eventTypes, 2);
      const lost = new AbortController();
      const fence = new LockFence({ signal: lost.signal, backendPid: null }, 'test-lock');
      // The lock's session dies while the batch is being written.
      controls.beforeCommit = async () => lost.abort(new Error('connection terminated'));

      const writer = new BatchWriter({ sql, projection, generation, checkpoint: START, fence });
      await expect(writer.write(page.events, page.next)).rejects.toBeInstanceOf(LockLost);

      expect(await readEventLog(sql)).toEqual([]);
      expect(await readCheckpoint(sql, projection.name, generation.generation)).toBe(START);
      expect(await openDeadLetters(sql, projection.name)).toEqual([]);
    });
  });
}

for (const client of availableSqlClients().filter((candidate) => candidate.name === 'postgres')) {
  describe(`a terminated lock session (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);
    beforeEach(() => migrateRuntimeSchema(database().sql));

    it('withAdvisoryLock tells the holder at once when its idle lock session is terminated', async () => {
      const { sql } = database();
      const outcome = await sql.withAdvisoryLock('lock-loss-test', async (session) => {
        expect(session.backendPid).toEqual(expect.any(Number));
        expect(session.signal.aborted).toBe(false);
        await sql.query('SELECT pg_terminate_backend($1)', [session.backendPid]);
        await expect.poll(() => session.signal.aborted, { timeout: 5_000, interval: 10 }).toBe(true);
        return session.signal.reason instanceof Error ? session.signal.reason.message : String(session.signal.reason);
      });
      expect(outcome).toMatch(/^Advisory lock lock-loss-test lost: /);
      // Lost means released: another session takes it at once.
      await expect(sql.withAdvisoryLock('lock-loss-test', async () => 'taken', { wait: false })).resolves.toBe('taken');
    });

    it('a rebuild whose lock session died before it created its generation fails with LockLost and leaves the next holder\'s generation alone', async () => {
      const { sql, store } = database();
      const controls = eventLogControls();
      await ensureLiveGeneration(sql, eventLogProjection(controls, { writer: 'live' }));
      const appended = await appendStreamed(store, [{ userId: 1, bytesSent: 1 }, { userId: 2, bytesSent: 2 }, { userId: 3, bytesSent: 3 }]);
      const lockKey = await rebuildLockKey(sql, 'event-log');

      // Rebuild A holds the lock; just before its first transaction under it (creating its generation) its
      // lock session is terminated, and rebuild B takes the lock, creates its generation and
      // commits a page into it before stopping.
      let second: RebuildOutcome | undefined;
      const interrupted = beforeTransactions(sql, async () => {
        const pid = await advisoryLockHolder(sql, lockKey);
        // Transactions before the lock is taken (migrations) go ahead.
        if (pid === null) return false;
        await sql.query('SELECT pg_terminate_backend($1, 5000)', [pid]);
        await vi.waitFor(async () => expect(await advisoryLockHolder(sql, lockKey)).toBeNull(), waitLong);
        // Stops after two of the three pages (one page read, then one more, committed together).
        let checks = 0;
        second = await rebuildProjection(sql, store, eventLogProjection(controls, { writer: 'B' }), {
          pageSize: 1,
          stopped: () => (checks += 1) > 1,
        });
        return true;
      });

      const projectionA = eventLogProjection(controls, { writer: 'A' });
      await expect(rebuildProjection(interrupted, store, projectionA)).rejects.toBeInstanceOf(LockLost);

      expect(second).toMatchObject({ kind: 'stopped', generation: 2, events: 2 });
      // B's generation is untouched: still building, its table and committed page and checkpoint kept.
      expect(await findGeneration(sql, projectionA, 'building')).toMatchObject({ generation: 2, state: 'building' });
      expect(await readEventLog(sql, 'event_log_g2')).toEqual([
        { folds: 1, writer: 'B' },
        { folds: 1, writer: 'B' },
      ]);
      const checkpoint = await readCheckpoint(sql, 'event-log', 2);
      expect(checkpoint).not.toBe(START);
      expect(checkpoint).not.toBe(appended.position);
      const { rows } = await sql.query<{ generation: number; state: string }>(
        'SELECT generation, state FROM projection_generations WHERE projection = $1 ORDER BY generation',
        ['event-log'],
      );
      expect(rows.map((row) => ({ generation: Number(row.generation), state: row.state }))).toEqual([
        { generation: 1, state: 'live' },
        { generation: 2, state: 'building' },
      ]);
    });

    it('stops the runner at once (its batch in flight rolls back), a standby takes over, and no event is folded twice', async () => {
      const { sql, store } = database();
      const controls = eventLogControls();
      const held = gate();
      controls.beforeCommit = async (writer) => {
        if (writer === 'A') await held.wait();
      };
      const first = new ProjectionRunner({ sql, store, projection: eventLogProjection(controls, { writer: 'A' }), ...fast });
      const second = new ProjectionRunner({ sql, store, projection: eventLogProjection(controls, { writer: 'B' }), ...fast });
      try {
        first.start();
        await vi.waitFor(() => expect(first.state).toBe('running'), waitLong);
        second.start();
        await vi.waitFor(() => expect(second.state).toBe('standby'), waitLong);

        // A folds three events and holds its transaction open, rows written, not yet committed.
        const appended = await appendStreamed(store, [{ userId: 1, bytesSent: 1 }, { userId: 2, bytesSent: 2 }, { userId: 3, bytesSent: 3 }]);
        await vi.waitFor(() => expect(held.waiting()).toBe(true), waitLong);

        const lockKey = await runnerLockKey(sql, 'event-log');
        const pid = await advisoryLockHolder(sql, lockKey);
        expect(pid).not.toBeNull();
        await sql.query('SELECT pg_terminate_backend($1)', [pid]);

        // B takes the lock and catches up from the committed checkpoint (its write waits on A's
        // open transaction); A, let go, finds its lock gone before committing and stands by.
        await vi.waitFor(() => expect(second.state).not.toBe('standby'), waitLong);
        held.open();
        await vi.waitFor(() => expect(first.state).toBe('standby'), waitLong);

        const generation = await ensureLiveGeneration(sql, eventLogProjection(controls, { writer: 'B' }));
        await vi.waitFor(async () => expect(await readCheckpoint(sql, 'event-log', generation.generation)).toBe(appended.position), waitLong);
        // A's batch never committed: every event was applied once, by B.
        expect(await readEventLog(sql)).toEqual([
          { folds: 1, writer: 'B' },
          { folds: 1, writer: 'B' },
          { folds: 1, writer: 'B' },
        ]);
        expect(second.state).toBe('running');
        expect(first.state).toBe('standby');
        expect(await advisoryLockHolder(sql, lockKey)).not.toBe(pid);

        const more = await appendStreamed(store, [{ userId: 4, bytesSent: 4 }]);
        await vi.waitFor(async () => expect(await readCheckpoint(sql, 'event-log', generation.generation)).toBe(more.position), waitLong);
        expect((await readEventLog(sql)).every((row) => row.folds === 1 && row.writer === 'B')).toBe(true);
        expect(await openDeadLetters(sql, 'event-log')).toEqual([]);
      } finally {
        held.open();
        await Promise.all([first.stop(), second.stop()]);
      }
    });
  });
}
