import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { openBlockingTransaction } from '../../projections/runtime/testing/blocking-transaction';
import { appendStreamed } from '../../projections/testing/stem-streamed';
import { startTestApp } from '../testing/start-test-app';
import type { TestApp } from '../testing/start-test-app';
import { type HealthBody, healthRouter } from './health-router';

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function health(app: TestApp): Promise<{ status: number; body: HealthBody }> {
  const response = await fetch(`${app.url}/api/health`);
  return { status: response.status, body: (await response.json()) as HealthBody };
}

for (const candidate of availableSqlClients()) {
  describe(`GET /api/health on ${candidate.name}`, () => {
    // One database for the whole file: the app is restarted on it between the states under test.
    let sql: SqlClient;
    let app: TestApp | undefined;
    let databaseClosed = false;
    beforeAll(async () => {
      sql = await candidate.open();
    });
    afterAll(async () => {
      if (!databaseClosed) {
        await app?.stop();
        await sql?.close();
        return;
      }
      // The last test closed the database on purpose; closing the store over it may complain.
      await app?.stop().catch(() => undefined);
    });

    it('answers 200 with the store kind and every projection once they have caught up', async () => {
      app = await startTestApp({ sql });
      const { status, body } = await eventually(() => health(app!), (answer) => answer.status === 200);
      expect(status).toBe(200);
      expect(body.status).toBe('ok');
      expect(body.store).toBe(app.store.kind);
      expect(body.notReady).toBeUndefined();
      const statuses = await app.projections.status();
      expect(body.projections.map((projection) => projection.projection)).toEqual(statuses.map((status) => status.projection));
      expect(body.projections.every((projection) => projection.lag === 0 && projection.deadLetters === 0)).toBe(true);
      await app.stop();
      app = undefined;
    });

    it(
      candidate.name === 'postgres'
        ? 'answers 200 degraded, with the blocking transaction, while an idle transaction holds readers back'
        : 'answers 503 naming the store while a transaction holds the one PGlite connection, never degraded',
      async () => {
        app = await startTestApp({ sql, routers: (deps) => [healthRouter(deps, { blockingAfterMs: 0 })] });
        await eventually(() => health(app!), (answer) => answer.status === 200);
        if (candidate.name === 'postgres') {
          const blocker = await openBlockingTransaction(process.env.DATABASE_URL!);
          try {
            await appendStreamed(app.store, [{ userId: 1, bytesSent: 1 }, { userId: 2, bytesSent: 2 }]);
            const { status, body } = await eventually(
              () => health(app!),
              (answer) => answer.body.blockedReaders?.blockingTransaction.pid === blocker.pid,
            );
            expect(status).toBe(200);
            expect(body.status).toBe('degraded');
            expect(body.notReady).toBeUndefined();
            expect(body.blockedReaders).toMatchObject({ invisibleEvents: 2, blockingTransaction: { pid: blocker.pid, state: 'idle in transaction' } });
            expect(body.blockedReaders!.blockingTransaction.ageSeconds).toBeGreaterThanOrEqual(0);
          } finally {
            await blocker.end();
          }
        } else {
          // One connection: a transaction runs alone and every other query waits for it, so
          // nothing is ever committed-but-invisible; a stuck one shows as a store that does not answer.
          let release!: () => void;
          const held = sql.transaction(() => new Promise<void>((resolve) => (release = resolve)));
          try {
            const { status, body } = await health(app);
            expect(status).toBe(503);
            expect(body.status).toBe('unavailable');
            expect(body.notReady).toContain('store');
            expect(body.blockedReaders).toBeUndefined();
          } finally {
            release();
            await held;
          }
        }
        const { body } = await eventually(() => health(app!), (answer) => answer.body.status === 'ok');
        expect(body.status).toBe('ok');
        expect(body.blockedReaders).toBeUndefined();
        await app.stop();
        app = undefined;
      },
    );

    it('answers 503 naming the projections while one is stalled on a bad event', async () => {
      app = await startTestApp({
        sql,
        // A StemStreamed the catalogue cannot decode: the usage projection dead-letters it and never
        // catches up, which is exactly the "not ready" an operator must see.
        beforeProjections: async (store) => {
          await store.append(
            'user-1',
            [{ eventId: randomUUID(), type: 'StemStreamed', schemaVersion: 2, data: { userId: 'not a number' }, metadata: {} }],
            { expectedVersion: 'any' },
          );
        },
      });
      // Several projections fold StemStreamed (usage, credits, admin usage, the audit history) and
      // each stalls on its own time: wait for the one this test names, not the first to stall.
      const { status, body } = await eventually(
        () => health(app!),
        (answer) => answer.body.projections.some((projection) => projection.projection === 'usage-bytes-per-user' && projection.state === 'stalled'),
      );
      expect(status).toBe(503);
      expect(body.status).toBe('unavailable');
      expect(body.notReady).toEqual(['projections']);
      expect(body.projections.find((projection) => projection.projection === 'usage-bytes-per-user')).toMatchObject({
        state: 'stalled',
        deadLetters: 1,
      });
      expect(app.projections.ready()).toBe(false);
    });

    it('answers 503 naming the store and the database once the database is gone', async () => {
      await app!.projections.stop();
      await sql.close();
      databaseClosed = true;
      const { status, body } = await health(app!);
      expect(status).toBe(503);
      expect(body.notReady).toEqual(['store', 'database', 'projections']);
      expect(body.projections).toEqual([]);
    });
  });
}
