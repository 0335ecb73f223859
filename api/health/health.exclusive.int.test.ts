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

const healthDetailToken = 'health-detail-token-0123456789abcdef';
const config = { healthDetailToken };

/** The health check as an operator with HEALTH_DETAIL_TOKEN sees it. */
async function health(app: TestApp): Promise<{ status: number; body: HealthBody }> {
  const response = await fetch(`${app.url}/api/health`, { headers: { Authorization: `Bearer ${healthDetailToken}` } });
  return { status: response.status, body: (await response.json()) as HealthBody };
}

/** The health check as anyone else sees it (`authorization` e.g. a wrong token). */
async function publicHealth(app: TestApp, path = '/api/health', authorization?: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${app.url}${path}`, authorization === undefined ? {} : { headers: { Authorization: authorization } });
  return { status: response.status, body: await response.json() };
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

    it('answers 200 with the store kind and every projection once they have caught up; the public gets the status alone', async () => {
      app = await startTestApp({ sql, config });
      const { status, body } = await eventually(() => health(app!), (answer) => answer.status === 200);
      expect(status).toBe(200);
      expect(body.status).toBe('ok');
      expect(body.store).toBe(app.store.kind);
      expect(body.notReady).toBeUndefined();
      const statuses = await app.projections.status();
      expect(body.projections.map((projection) => projection.projection)).toEqual(statuses.map((status) => status.projection));
      expect(body.projections.every((projection) => projection.lag === 0 && projection.deadLetters === 0)).toBe(true);
      // No projection names or states for the public, however it asks.
      expect(await publicHealth(app)).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await publicHealth(app, '/api/health', 'Bearer wrong-token-0123456789abcdef0123456789')).toEqual({ status: 200, body: { status: 'ok' } });
      expect(await publicHealth(app, '/api/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
      await app.stop();
      app = undefined;
    });

    it('answers 200 degraded, with the blocking transaction, while an idle transaction holds readers back on a PostgreSQL server (never on PGlite)', async () => {
      app = await startTestApp({ sql, config, routers: (deps) => [healthRouter(deps, { blockingAfterMs: 0 })] });
      await eventually(() => health(app!), (answer) => answer.status === 200);
      if (candidate.name === 'postgres') {
        const blocker = await openBlockingTransaction(process.env.DATABASE_URL!);
        try {
          await appendStreamed(app.store, [{ userId: 1, bytesSent: 1 }, { userId: 2, bytesSent: 2 }]);
          const { status, body } = await eventually(
            () => health(app!),
            (answer) => answer.body.blockedReaders?.blockingTransaction?.pid === blocker.pid,
          );
          expect(status).toBe(200);
          expect(body.status).toBe('degraded');
          expect(body.notReady).toBeUndefined();
          expect(body.blockedReaders).toMatchObject({ invisibleEvents: 2, blockingTransaction: { pid: blocker.pid, state: 'idle in transaction' } });
          expect(body.blockedReaders!.blockingTransaction!.ageSeconds).toBeGreaterThanOrEqual(0);
        } finally {
          await blocker.end();
        }
      } else {
        // One connection: a transaction runs alone and every other query waits for it, so nothing
        // is ever committed-but-invisible.
        await appendStreamed(app.store, [{ userId: 1, bytesSent: 1 }]);
        const { body } = await eventually(() => health(app!), (answer) => answer.status === 200 && answer.body.projections.every((p) => p.lag === 0));
        expect(body.blockedReaders).toBeUndefined();
      }
      const { body } = await eventually(() => health(app!), (answer) => answer.body.status === 'ok');
      expect(body.blockedReaders).toBeUndefined();
      await app.stop();
      app = undefined;
    });

    it('answers 200 degraded naming the database slow while a transaction keeps it busy, 503 only once it has not answered for long; liveness answers throughout', async () => {
      app = await startTestApp({ sql, config, routers: (deps) => [healthRouter(deps, { waitMs: 200, unresponsiveAfterMs: 5_000 })] });
      await eventually(() => health(app!), (answer) => answer.status === 200);
      let release!: () => void;
      // The 503 threshold is counted from the last answer, the probe just before the lock: it is
      // far enough for a loaded machine to take the lock and ask again before it passes.
      // Busy, not broken: the statement the health check asks waits for this transaction's lock
      // (on PGlite every statement waits: the transaction holds its one connection).
      const held = sql.transaction(async (tx) => {
        await tx.query('LOCK TABLE projection_dead_letters IN ACCESS EXCLUSIVE MODE');
        await new Promise<void>((resolve) => (release = resolve));
      });
      try {
        await eventually(async () => release, (ready) => ready !== undefined);
        const busy = await health(app);
        expect(busy.status).toBe(200);
        expect(busy.body.status).toBe('degraded');
        expect(busy.body.slow).toEqual(candidate.name === 'pglite' ? ['store', 'database'] : ['database']);
        expect(busy.body.notReady).toBeUndefined();
        expect(await publicHealth(app)).toEqual({ status: 200, body: { status: 'degraded' } });
        const gone = await eventually(() => health(app!), (answer) => answer.status === 503);
        expect(gone.body.status).toBe('unavailable');
        expect(gone.body.notReady).toEqual(candidate.name === 'pglite' ? ['store', 'database', 'projections'] : ['database', 'projections']);
        expect(await publicHealth(app, '/api/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
      } finally {
        release();
        await held;
      }
      const { body } = await eventually(() => health(app!), (answer) => answer.body.status === 'ok');
      expect(body.slow).toBeUndefined();
      await app.stop();
      app = undefined;
    });

    it('answers 503 naming the projections once one stalls on a bad event after having caught up', async () => {
      app = await startTestApp({ sql, config });
      await eventually(() => health(app!), (answer) => answer.status === 200);
      // A StemStreamed the catalogue cannot decode: the usage projection dead-letters it and stops,
      // which is exactly the "not ready" an operator must see, although it was ready before.
      await app.store.append(
        'user-1',
        [{ eventId: randomUUID(), type: 'StemStreamed', schemaVersion: 2, data: { userId: 'not a number' }, metadata: {} }],
        { expectedVersion: 'any' },
      );
      // Several projections fold StemStreamed (usage, credits, admin usage, the audit history) and
      // each stalls on its own time: wait for the one this test names, not the first to stall. The
      // readiness probe and the detail are read one after the other: wait until both have seen it.
      const { status, body } = await eventually(
        () => health(app!),
        (answer) =>
          answer.body.stalled?.includes('usage-bytes-per-user') === true &&
          answer.body.projections.some((projection) => projection.projection === 'usage-bytes-per-user' && projection.state === 'stalled'),
      );
      expect(status).toBe(503);
      expect(body.status).toBe('unavailable');
      expect(body.notReady).toEqual(['projections']);
      expect(body.stalled).toContain('usage-bytes-per-user');
      expect(await publicHealth(app)).toEqual({ status: 503, body: { status: 'unavailable' } });
      expect(body.projections.find((projection) => projection.projection === 'usage-bytes-per-user')).toMatchObject({
        state: 'stalled',
        deadLetters: 1,
      });
      // Caught up once: the runners' own readiness no longer tells.
      expect(app.projections.ready()).toBe(true);
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
