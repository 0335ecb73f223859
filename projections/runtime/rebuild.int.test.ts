import { describe, expect, it, vi } from 'vitest';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { trimmedLogReaderOf } from '../../events/store/postgres/trimmed-log-reader';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { flakyBytesProjection } from '../testing/flaky-bytes-projection';
import { useProjectionTestDatabase } from '../testing/projection-test-database';
import { type StreamedGiven, appendStreamed, stemStreamed } from '../testing/stem-streamed';
import { dumpTable } from '../testing/table-dump';
import { usageBytesPerUser } from '../usage-bytes-per-user/usage-bytes-per-user-projection';
import { retryDeadLetters } from './dead-letters';
import { startProjectionHost } from './projection-host';
import { rebuildProjection } from './rebuild';

const name = usageBytesPerUser.name;
const view = 'usage_bytes_per_user';
const fast = { pageSize: 3, pollMs: 30, waitPollMs: 20 };

function streams(count: number, offset: number): StreamedGiven[] {
  return Array.from({ length: count }, (_, index) => ({
    userId: ((index + offset) % 4) + 1,
    bytesSent: 1_000 + index * 7 + offset,
    occurredAt: new Date(Date.UTC(2025, 0, 1, 0, 0, index + offset)).toISOString(),
  }));
}

async function viewTarget(sql: SqlExecutor): Promise<string> {
  const { rows } = await sql.query<{ definition: string }>('SELECT definition FROM pg_views WHERE viewname = $1 AND schemaname = current_schema()', [view]);
  return /usage_bytes_per_user_g\d+/.exec(rows[0]!.definition)![0];
}

async function tableExists(sql: SqlExecutor, table: string): Promise<boolean> {
  const { rows } = await sql.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [table]);
  return rows[0]!.found !== null;
}

for (const client of availableSqlClients()) {
  describe(`blue/green rebuild (${client.name})`, () => {
    const database = useProjectionTestDatabase(client);

    it('replaying twice gives identical tables, identical to the ones built live', async () => {
      const { sql, store } = database();
      const host = await startProjectionHost({ sql, store, projections: [usageBytesPerUser], ...fast });
      try {
        // Built live, in several appends with the runner following in between.
        for (const offset of [0, 10, 20]) {
          const appended = await appendStreamed(store, streams(10, offset));
          await host.waitForPosition(name, appended.position, { timeoutMs: 20_000 });
        }
        const live = await dumpTable(sql, view);
        expect(live).toHaveLength(4);

        const first = await host.rebuild(name);
        expect(first).toMatchObject({ kind: 'swapped', generation: 2, previous: 1, events: 30 });
        const once = await dumpTable(sql, view);
        const second = await host.rebuild(name);
        expect(second).toMatchObject({ kind: 'swapped', generation: 3, previous: 2, events: 30 });
        const twice = await dumpTable(sql, view);

        expect(once).toEqual(live);
        expect(twice).toEqual(live);
        expect(await viewTarget(sql)).toBe('usage_bytes_per_user_g3');
      } finally {
        await host.stop();
      }
    });

    it('keeps serving the old generation until the swap, then serves the new one with the same rows', async () => {
      const { sql, store } = database();
      const host = await startProjectionHost({ sql, store, projections: [usageBytesPerUser], ...fast });
      try {
        const before = await appendStreamed(store, streams(12, 0));
        await host.waitForPosition(name, before.position, { timeoutMs: 20_000 });
        let servedDuringRebuild: string[] = [];

        const outcome = await host.rebuild(name, {
          beforeSwap: async (building) => {
            // The new generation is complete but not served: the view still reads generation 1.
            expect(building.generation).toBe(2);
            expect(await viewTarget(sql)).toBe('usage_bytes_per_user_g1');
            expect(await dumpTable(sql, 'usage_bytes_per_user_g2')).toEqual(await dumpTable(sql, view));
            // The live generation keeps following while the rebuild waits to swap.
            const during = await appendStreamed(store, streams(5, 100));
            await host.waitForPosition(name, during.position, { timeoutMs: 20_000 });
            servedDuringRebuild = await dumpTable(sql, view);
            expect(await viewTarget(sql)).toBe('usage_bytes_per_user_g1');
          },
        });

        expect(outcome).toMatchObject({ kind: 'swapped', generation: 2, previous: 1 });
        expect(await viewTarget(sql)).toBe('usage_bytes_per_user_g2');
        expect(await tableExists(sql, 'usage_bytes_per_user_g1')).toBe(false);
        // The swap caught up the events appended meanwhile: identical contents, nothing lost.
        expect(await dumpTable(sql, view)).toEqual(servedDuringRebuild);
        const [status] = await host.status();
        expect(status).toMatchObject({ generation: 2, state: 'running', rebuild: null });

        // The runner moved on to the new generation.
        const after = await appendStreamed(store, [{ userId: 9, bytesSent: 9 }]);
        await host.waitForPosition(name, after.position, { timeoutMs: 20_000 });
        expect(await dumpTable(sql, 'usage_bytes_per_user_g2')).toHaveLength(5);
      } finally {
        await host.stop();
      }
    });

    it('a rebuild without a running app creates the first generation and its view', async () => {
      const { sql, store } = database();
      await appendStreamed(store, streams(6, 0));
      const progress: number[] = [];
      const outcome = await rebuildProjection(sql, store, usageBytesPerUser, { pageSize: 4, onProgress: (count) => progress.push(count) });
      expect(outcome).toMatchObject({ kind: 'swapped', generation: 1, previous: undefined, events: 6 });
      expect(progress.reduce((sum, count) => sum + count, 0)).toBe(6);
      expect(await viewTarget(sql)).toBe('usage_bytes_per_user_g1');
      expect(await dumpTable(sql, view)).toHaveLength(4);
    });

    it("commits every `eventsPerWrite` events the projection declares (at a page's end), else every 100,000", async () => {
      const { sql, store } = database();
      await appendStreamed(store, streams(12, 0));
      const writes = async (projection: typeof usageBytesPerUser) => {
        const progress: number[] = [];
        const outcome = await rebuildProjection(sql, store, projection, { pageSize: 2, onProgress: (count) => progress.push(count) });
        expect(outcome).toMatchObject({ kind: 'swapped', events: 12 });
        return progress;
      };
      // Pages of 2: the held changes are written once a page brings them to 5 or more.
      expect(await writes({ ...usageBytesPerUser, eventsPerWrite: 5 })).toEqual([6, 6]);
      expect(await writes({ ...usageBytesPerUser, eventsPerWrite: undefined })).toEqual([12]);
      const { rows } = await sql.query<{ streams: string }>('SELECT sum(streams_count) AS streams FROM usage_bytes_per_user');
      expect(rows[0]!.streams).toBe('12');
    });

    it('reads trimmed to the declared fields, and stalls on an invalid event with the events before it committed and it dead-lettered whole', async () => {
      const { sql, store } = database();
      await appendStreamed(store, streams(5, 0));
      // Invalid in a declared field (bytesSent below 0): the trimmed read's own validation must refuse it.
      const bad = { ...stemStreamed({ userId: 1, bytesSent: 1 }), data: { userId: 1, songId: 1, filename: 'x', bytesSent: -1, range: null, aborted: false } };
      await store.append('metering-user-1-bad', [bad], { expectedVersion: 'no_stream' });
      await appendStreamed(store, streams(3, 5));
      const trimmedReads = vi.spyOn(trimmedLogReaderOf(store)!, 'readAllTrimmed');

      const outcome = await rebuildProjection(sql, store, usageBytesPerUser, { pageSize: 4 });
      expect(trimmedReads).toHaveBeenCalled();
      expect(outcome).toMatchObject({ kind: 'stalled', generation: 1, deadLetter: { eventId: bad.eventId, type: 'StemStreamed' } });
      expect(outcome.kind === 'stalled' && outcome.deadLetter.error).toMatch(/bytesSent/);
      const { rows } = await sql.query<{ streams: string }>('SELECT sum(streams_count) AS streams FROM usage_bytes_per_user_g1');
      expect(rows[0]!.streams).toBe('5');
    });

    it.each([
      ['absent', { userId: 1, songId: 1, filename: 'x', range: null, aborted: false }],
      ['null', { userId: 1, songId: 1, filename: 'x', bytesSent: null, range: null, aborted: false }],
    ])('stalls on an event whose never-null read field is %s (read as null, refused like the absence)', async (_case, data) => {
      const { sql, store } = database();
      await appendStreamed(store, streams(3, 0));
      const bad = { ...stemStreamed({ userId: 1, bytesSent: 1 }), data };
      await store.append('metering-user-1-bad', [bad], { expectedVersion: 'no_stream' });
      await appendStreamed(store, streams(2, 3));
      const outcome = await rebuildProjection(sql, store, usageBytesPerUser, { pageSize: 10 });
      expect(outcome).toMatchObject({ kind: 'stalled', generation: 1, deadLetter: { eventId: bad.eventId, type: 'StemStreamed' } });
      expect(outcome.kind === 'stalled' && outcome.deadLetter.error).toMatch(/bytesSent/);
      const { rows } = await sql.query<{ streams: string }>('SELECT sum(streams_count) AS streams FROM usage_bytes_per_user_g1');
      expect(rows[0]!.streams).toBe('3');
    });

    it('rebuilds a new version of a projection on start, serving the old generation frozen until the swap', async () => {
      const { sql, store } = database();
      const controls = { poisonFilenames: new Set<string>(), failingUsers: new Set<number>() };
      const v1 = await startProjectionHost({ sql, store, projections: [flakyBytesProjection(controls)], ...fast });
      const first = await appendStreamed(store, [{ userId: 1, bytesSent: 10 }, { userId: 2, bytesSent: 20 }]);
      await v1.waitForPosition('flaky-bytes', first.position, { timeoutMs: 20_000 });
      await v1.stop();
      const servedByV1 = await dumpTable(sql, 'flaky_bytes');

      // The new version's rebuild stalls on an event, so the old generation must keep serving meanwhile.
      controls.poisonFilenames.add('poison.mp3');
      await appendStreamed(store, [{ userId: 1, bytesSent: 5, filename: 'poison.mp3' }]);
      const v2 = await startProjectionHost({ sql, store, projections: [flakyBytesProjection(controls, { version: 2 })], ...fast });
      try {
        await vi.waitFor(
          async () => {
            const [status] = await v2.status();
            // Only the live generation's dead letters stall it: this one belongs to the rebuild.
            expect(status).toMatchObject({
              generation: 1,
              builtWithVersion: 1,
              codeVersion: 2,
              state: 'rebuild-stalled',
              runner: 'outdated',
              rebuild: { generation: 2, deadLetters: 1 },
              deadLetters: { count: 1, live: 0, oldestGeneration: { generation: 2, state: 'building' } },
            });
          },
          { timeout: 20_000, interval: 20 },
        );
        expect(v2.ready()).toBe(false);
        expect(await dumpTable(sql, 'flaky_bytes')).toEqual(servedByV1);

        controls.poisonFilenames.clear();
        await retryDeadLetters(sql, 'flaky-bytes');
        await vi.waitFor(
          async () => {
            const [status] = await v2.status();
            expect(status).toMatchObject({ generation: 2, builtWithVersion: 2, state: 'running', runner: 'running', lag: 0, rebuild: null });
          },
          { timeout: 20_000, interval: 20 },
        );
        expect(await dumpTable(sql, 'flaky_bytes')).toEqual(['{"user_id":1,"bytes":15,"streams":2}', '{"user_id":2,"bytes":20,"streams":1}']);
        await vi.waitFor(() => expect(v2.ready()).toBe(true), { timeout: 20_000, interval: 20 });
      } finally {
        await v2.stop();
      }
    });
  });
}
