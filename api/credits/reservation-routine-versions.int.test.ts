import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../../events/store/event-store';
import { runMigrations } from '../../events/store/postgres/migrations';
import { openPgSqlClient } from '../../events/store/postgres/pg-sql-client';
import { createPostgresEventStore } from '../../events/store/postgres/postgres-event-store';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { availableAppSqlClients } from '../../events/store/testing/test-sql-clients';
import { createApp } from '../app';
import { composeAppDependencies } from '../compose-app-dependencies';
import { features } from '../features';
import { stemsFeatureWith } from '../features/stems/stems-feature';
import { type FixtureSongLibrary, createFixtureSongLibrary } from '../features/stems/testing/fixture-song-library';
import { sessionHeader, stemPath } from '../features/stems/testing/stem-requests';
import { type RunningServer, startHttpServer } from '../http/http-server';
import { migrateApiTables } from '../storage/api-migrations';
import { type TestApp, startTestApp } from '../testing/start-test-app';
import type { TestBrowser } from '../testing/test-browser';
import { signInWithCode, testAuthSecret, testClock } from '../testing/test-sign-in';
import { admissionCacheTtlMs } from './admission-cache';
import { creditReservationMigrationsWith } from './credit-reservations-schema';
import { type ReservationRoutine, reservationRoutine, reserveStreamBytesRoutine } from './credit-reservations';
import { fetchStem } from './testing/stem-fetch';

/** Another release's reservation function: same arguments and answer, but it refuses every hold. */
const refusingRoutine = reservationRoutine(`
BEGIN
  RETURN QUERY SELECT false, NULL::bigint;
END
`);

/** The reservation functions in the database's schema. */
async function reservationFunctions(sql: SqlClient): Promise<string[]> {
  const { rows } = await sql.query<{ proname: string }>(
    `SELECT proname FROM pg_proc WHERE pronamespace = current_schema()::regnamespace AND proname LIKE 'reserve\\_stream\\_bytes%' ORDER BY proname`,
  );
  return rows.map((row) => row.proname);
}

/**
 * A second connection to the same database, as another process of a rolling deploy has: on the
 * server its own pool on the same schema; PGlite is one process's database, so there it is shared.
 */
async function secondConnection(candidate: 'pglite' | 'postgres', sql: SqlClient): Promise<{ sql: SqlClient; close(): Promise<void> }> {
  if (candidate === 'pglite') return { sql, close: async () => {} };
  const { rows } = await sql.query<{ schema: string }>('SELECT current_schema() AS schema');
  const other = await openPgSqlClient({ connectionString: process.env.DATABASE_URL!, schema: rows[0]!.schema });
  return { sql: other, close: () => other.close() };
}

const songsDir = mkdtempSync(path.join(tmpdir(), 'woodshed-routine-versions-'));
const clock = testClock(new Date('2025-10-16T09:00:00.000Z'));

for (const candidate of availableAppSqlClients()) {
  describe(`two releases with different reservation functions side by side on ${candidate.name}`, () => {
    let sql: SqlClient;
    let current: TestApp;
    let other: { sql: SqlClient; close(): Promise<void> };
    let otherStore: EventStore;
    let otherServer: RunningServer;
    let library: FixtureSongLibrary;
    let browser: TestBrowser;

    /** Start the other release on the same database: its migrations, then its app. */
    async function startOtherRelease(routine: ReservationRoutine): Promise<RunningServer> {
      // Two of its processes starting at once create its function once, and neither fails.
      await Promise.all([runMigrations(other.sql, [creditReservationMigrationsWith(routine)]), runMigrations(sql, [creditReservationMigrationsWith(routine)])]);
      otherStore = await createPostgresEventStore(other.sql);
      const stems = stemsFeatureWith({ admissionCacheTtlMs, reservations: routine });
      const deps = composeAppDependencies({ config: current.config, store: otherStore, sql: other.sql, projections: current.projections, logger: pino({ level: 'silent' }), clock });
      const app = createApp({
        ...deps,
        routers: (routed) => features.flatMap((feature) => (feature.name === 'stems' ? stems : feature).routers?.(routed) ?? []),
      });
      return startHttpServer(app, { port: 0, host: '127.0.0.1' });
    }

    const get = (baseUrl: string) => fetchStem(`${baseUrl}${stemPath(library.songId, library.stems.bass.filename)}`, { headers: sessionHeader(browser) });

    beforeAll(async () => {
      sql = await candidate.open();
      current = await startTestApp({ sql, config: { authSecret: testAuthSecret, songsDir }, clock });
      library = await createFixtureSongLibrary(current, { largeBytes: 1 << 20 });
      ({ browser } = await signInWithCode(current.url, 'rolling-deploy@example.com'));
      other = await secondConnection(candidate.name, sql);
      otherServer = await startOtherRelease(refusingRoutine);
    });
    afterAll(async () => {
      await otherServer?.close(1_000);
      await otherStore?.close();
      await other?.close();
      await current?.stop();
      await library?.remove();
      await sql?.close();
    });

    it('keeps both functions, each named after its own body', async () => {
      expect(refusingRoutine.name).not.toBe(reserveStreamBytesRoutine.name);
      expect(refusingRoutine.name).toMatch(/^reserve_stream_bytes_[0-9a-f]{12}$/);
      // Any change to the text, a comment even, is another function: nothing is ever replaced.
      expect(reservationRoutine('BEGIN END -- changed').name).not.toBe(reservationRoutine('BEGIN END').name);
      expect(await reservationFunctions(sql)).toEqual([reserveStreamBytesRoutine.name, refusingRoutine.name].sort());
    });

    it('serves each release with its own function, whichever started last', async () => {
      // The other release started last: this one still grants, the other refuses.
      expect((await get(current.url)).status).toBe(200);
      expect((await get(otherServer.url)).status).toBe(403);

      // This release restarts (its migrations run again): the other one keeps refusing.
      await migrateApiTables(sql);
      expect((await get(otherServer.url)).status).toBe(403);
      expect((await get(current.url)).status).toBe(200);
      expect(await reservationFunctions(sql)).toEqual([reserveStreamBytesRoutine.name, refusingRoutine.name].sort());
    });
  });
}
