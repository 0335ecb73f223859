import { describe, expect, it } from 'vitest';
import type { EventStore, EventToAppend } from '../../events/store/event-store';
import { type ReadAllTrimmedOptions, type ReadAllTrimmedPage, trimmedLogReaderOf } from '../../events/store/postgres/trimmed-log-reader';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { useProjectionTestDatabase } from '../testing/projection-test-database';
import { stemStreamed } from '../testing/stem-streamed';
import { usageBytesPerUser } from '../usage-bytes-per-user/usage-bytes-per-user-projection';
import { rebuildProjection } from './rebuild';

const view = 'usage_bytes_per_user';
const pageSize = 1_000;

// Alone on the server (exclusive): it checks how many events a rebuild folds before it swaps, and
// events appended while another file's transaction is open in the cluster stay unseen until that
// transaction ends (the live generation folds them later), which would end the rebuild sooner.

/** StemStreamed events numbered from `first`: user (n mod 5) + 1, n + 1 bytes, so a lost or repeated event changes a total. */
function streamed(first: number, count: number): EventToAppend[] {
  return Array.from({ length: count }, (_, index) => stemStreamed({ userId: ((first + index) % 5) + 1, bytesSent: first + index + 1 }));
}

function other(count: number): EventToAppend[] {
  return Array.from({ length: count }, (_, index) => ({
    eventId: crypto.randomUUID(),
    type: 'SongStarred',
    schemaVersion: 1,
    data: { index },
    metadata: { eventId: 'x', occurredAt: '2025-01-01T00:00:00.000Z' },
  }));
}

let streams = 0;
async function append(store: EventStore, events: EventToAppend[]): Promise<void> {
  for (let from = 0; from < events.length; from += 400) {
    await store.append(`s-${streams++}`, events.slice(from, from + 400), { expectedVersion: 'no_stream' });
  }
}

/** Per user: bytes and streams of StemStreamed events 0 .. count - 1 as `streamed` numbers them. */
function expectedTotals(count: number): Record<number, { bytes: number; streams: number }> {
  const totals: Record<number, { bytes: number; streams: number }> = {};
  for (let n = 0; n < count; n++) {
    const user = (totals[(n % 5) + 1] ??= { bytes: 0, streams: 0 });
    user.bytes += n + 1;
    user.streams += 1;
  }
  return totals;
}

async function totals(sql: SqlExecutor): Promise<Record<number, { bytes: number; streams: number }>> {
  const { rows } = await sql.query<{ user_id: number; bytes: string; streams: string }>(
    `SELECT user_id, bytes_streamed AS bytes, streams_count AS streams FROM ${view}`,
  );
  return Object.fromEntries(rows.map((row) => [row.user_id, { bytes: Number(row.bytes), streams: Number(row.streams) }]));
}

/** The store, recording every trimmed page asked for ahead and whether it started where the page before it ended. */
function recordingStore(store: EventStore, beforeRead?: (call: number) => Promise<void>): { store: EventStore; ahead: ReadAllTrimmedPage[]; calls: () => number } {
  const ahead: ReadAllTrimmedPage[] = [];
  let calls = 0;
  const readAllTrimmed = async (options: ReadAllTrimmedOptions): Promise<ReadAllTrimmedPage> => {
    calls++;
    await beforeRead?.(calls);
    const page = await trimmedLogReaderOf(store)!.readAllTrimmed(options);
    if (options.afterWindow) ahead.push(page);
    return page;
  };
  return { store: Object.assign(Object.create(store) as EventStore, { trimmedLogReader: { readAllTrimmed } }), ahead, calls: () => calls };
}

for (const client of availableSqlClients()) {
  describe(`rebuild with two trimmed pages in flight (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);

    it('folds every event once, in order, across full and short pages and runs of skipped types', async () => {
      const { sql, store } = database();
      // 1,500 wanted, 700 skipped, 1,300 wanted: full pages, a short one, and the head.
      await append(store, streamed(0, 1_500));
      await append(store, other(700));
      await append(store, streamed(1_500, 1_300));
      const recorded = recordingStore(store);

      const outcome = await rebuildProjection(sql, recorded.store, usageBytesPerUser, { pageSize, twoPagesInFlight: true });
      expect(outcome).toMatchObject({ kind: 'swapped', events: 2_800 });
      expect(await totals(sql)).toEqual(expectedTotals(2_800));
      // Pages were asked for ahead, and some were used (they started where the page before ended).
      expect(recorded.ahead.filter((page) => page.from !== null).length).toBeGreaterThan(0);

      // The same read model as one page at a time.
      const ahead = await totals(sql);
      const single = await rebuildProjection(sql, store, usageBytesPerUser, { pageSize, twoPagesInFlight: false });
      expect(single).toMatchObject({ kind: 'swapped', events: 2_800 });
      expect(await totals(sql)).toEqual(ahead);
    });

    it('folds the events appended while it reads, near the head where a page ahead may not follow', async () => {
      const { sql, store } = database();
      await append(store, streamed(0, 2_500));
      let appended = 0;
      // Before the third and fourth trimmed reads: appended while pages are in flight.
      const recorded = recordingStore(store, async (call) => {
        if (call !== 3 && call !== 4) return;
        // Numbered before appending: the two reads may be asked for at once.
        const first = 2_500 + appended;
        appended += 600;
        await append(store, streamed(first, 600));
      });

      const outcome = await rebuildProjection(sql, recorded.store, usageBytesPerUser, { pageSize, twoPagesInFlight: true });
      expect(appended).toBe(1_200);
      expect(outcome).toMatchObject({ kind: 'swapped', events: 3_700 });
      expect(await totals(sql)).toEqual(expectedTotals(3_700));
    });

    it('still rejects an invalid event on a page read ahead: the events before it committed, it dead-lettered', async () => {
      const { sql, store } = database();
      await append(store, streamed(0, 1_700));
      // Invalid in a declared field (bytesSent below 0), on the second page.
      const bad = stemStreamed({ userId: 1, bytesSent: 1 });
      const invalid = { ...bad, data: { ...(bad.data as object), bytesSent: -1 } };
      await store.append('bad', [invalid], { expectedVersion: 'no_stream' });
      await append(store, streamed(1_700, 900));
      const recorded = recordingStore(store);

      const outcome = await rebuildProjection(sql, recorded.store, usageBytesPerUser, { pageSize, twoPagesInFlight: true });
      expect(recorded.ahead.length).toBeGreaterThan(0);
      expect(outcome).toMatchObject({ kind: 'stalled', deadLetter: { eventId: invalid.eventId, type: 'StemStreamed' } });
      expect(outcome.kind === 'stalled' && outcome.deadLetter.error).toMatch(/bytesSent/);
      const { rows } = await sql.query<{ streams: string }>('SELECT sum(streams_count) AS streams FROM usage_bytes_per_user_g1');
      expect(rows[0]!.streams).toBe('1700');
    });

    it('with pages smaller than the least window, reads again each page ahead that does not follow', async () => {
      const { sql, store } = database();
      await append(store, streamed(0, 1_200));
      const recorded = recordingStore(store);
      const outcome = await rebuildProjection(sql, recorded.store, usageBytesPerUser, { pageSize: 300, twoPagesInFlight: true });
      expect(outcome).toMatchObject({ kind: 'swapped', events: 1_200 });
      expect(await totals(sql)).toEqual(expectedTotals(1_200));
      expect(recorded.ahead.some((page) => page.from !== null)).toBe(true);
    });
  });
}
