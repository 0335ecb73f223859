import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore, EventToAppend, Position, RecordedEvent, Subscription } from '../event-store';
import { availableSqlClients } from '../testing/test-sql-clients';
import { createPostgresEventStore } from './postgres-event-store';
import type { SqlClient } from './sql-client';

let ids = 0;
function event(type: string): EventToAppend {
  ids++;
  const eventId = `00000000-0000-4000-a000-${String(ids).padStart(12, '0')}`;
  return { eventId, type, schemaVersion: 1, data: { n: ids }, metadata: { eventId, occurredAt: '2025-01-01T00:00:00.000Z', requestId: 'r' } };
}

// Alone on the server (exclusive): it counts the reads of the log, and while another file's
// transaction is open anywhere in the cluster a read can find nothing new yet and is repeated.

/** The SqlClient, counting the statements that read events in log order (the subscriptions' reads). */
function countingLogReads(sql: SqlClient): { sql: SqlClient; logReads: () => number } {
  let logReads = 0;
  const counted: SqlClient = Object.create(sql) as SqlClient;
  counted.query = (text, params) => {
    if (/FROM events\b/.test(text) && /ORDER BY tx_id, global_position/.test(text)) logReads++;
    return sql.query(text, params);
  };
  return { sql: counted, logReads: () => logReads };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('timed out waiting');
};

for (const candidate of availableSqlClients()) {
  describe(`live subscriptions of one store on ${candidate.name}`, () => {
    let close: () => Promise<void> = async () => undefined;
    afterEach(() => close());

    it('read the log once per append between them, each getting its own types in order', async () => {
      const raw = await candidate.open();
      const { sql, logReads } = countingLogReads(raw);
      // No polls during the test: every read comes from an append's wake-up.
      const store: EventStore = await createPostgresEventStore(sql, { pollIntervalMs: 60_000 });
      const subscriptions: Subscription[] = [];
      close = async () => {
        await Promise.all(subscriptions.map((subscription) => subscription.stop()));
        await store.close();
        await raw.close();
      };
      await store.append('history', [event('A'), event('B')], { expectedVersion: 'no_stream' });
      const received: Record<string, string[]> = { all: [], a: [], b: [] };
      const nexts: Record<string, Position[]> = { all: [], a: [], b: [] };
      const caughtUp: Promise<void>[] = [];
      for (const [name, types] of [['all', undefined], ['a', ['A']], ['b', ['B']]] as const) {
        caughtUp.push(
          new Promise((resolve) => {
            subscriptions.push(
              store.subscribe({
                ...(types && { types }),
                onEvents: async (events: RecordedEvent[], next) => {
                  received[name]!.push(...events.map((e) => e.type));
                  nexts[name]!.push(next);
                },
                onCaughtUp: () => resolve(),
              }),
            );
          }),
        );
      }
      await Promise.all(caughtUp);
      const before = logReads();

      const appended: Position[] = [];
      for (const type of ['A', 'B', 'A']) {
        appended.push((await store.append('live', [event(type)], { expectedVersion: 'any' })).position);
        await until(() => received.all!.length === 2 + appended.length);
      }
      await until(() => received.a!.length === 3 && received.b!.length === 2);

      // Three subscriptions reading on their own would have read at least 9 times. On a server the
      // store also heeds its own NOTIFY (decision 0040, docs/benchmarks.md): one more shared read per append at most.
      if (candidate.name === 'pglite') expect(logReads() - before).toBe(3);
      else expect(logReads() - before).toBeLessThanOrEqual(6);
      expect(received).toEqual({ all: ['A', 'B', 'A', 'B', 'A'], a: ['A', 'A', 'A'], b: ['B', 'B'] });
      expect(nexts.all!.at(-1)).toBe(appended.at(-1));
    });
  });
}
