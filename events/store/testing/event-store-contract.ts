import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type EventStore, type EventToAppend, type Position, type RecordedEvent } from '../event-store';
import { createKurrentDbEventStore } from '../kurrentdb/kurrentdb-event-store';
import { openPgliteSqlClient } from '../postgres/pglite-sql-client';
import { openPgSqlClient } from '../postgres/pg-sql-client';
import { createPostgresEventStore, type PostgresEventStoreOptions } from '../postgres/postgres-event-store';
import type { SqlClient } from '../postgres/sql-client';
import { dropSchema, freshSchemaName } from './test-sql-clients';
import { WrongExpectedVersion } from '../wrong-expected-version';

/** One adapter opened for the suite: a store, a second store on the same log (another process). */
export interface Harness {
  store: EventStore;
  peer: EventStore;
  /** Event data this adapter cannot store, to break an append in the middle. */
  unstorableData: unknown;
  /** The SQL database under a PostgreSQL-family store. */
  sql?: SqlClient;
  /** A further store on the same database with its own options (PostgreSQL family). */
  openStore?: (options: PostgresEventStoreOptions) => Promise<EventStore>;
  close(): Promise<void>;
}

/** Contract cases an adapter may document as behaving differently. */
export type DifferingCase = 'event-id-in-another-stream' | 'partial-retry';

/** A documented difference (docs/<adapter>.md, "Where it differs"): the case runs this instead. */
export interface Difference {
  /** Why the case does not apply, printed as the case's name. */
  reason: string;
  /** Asserts the documented behaviour instead of the contract's. */
  instead(harness: Harness): Promise<void>;
}

export interface Adapter {
  name: 'pglite' | 'postgres' | 'kurrentdb';
  open(): Promise<Harness>;
  differences?: Partial<Record<DifferingCase, Difference>>;
}

const storeOptions: PostgresEventStoreOptions = { pollIntervalMs: 100 };
// jsonb cannot hold a NUL character, so the database rejects the event inside the INSERT.
const notJsonb = { note: 'NUL \u0000 in text' };

/** The adapters the contract runs against: PGlite always, a PostgreSQL server with DATABASE_URL, KurrentDB with KURRENTDB_URL. */
function contractAdapters(): Adapter[] {
  const found: Adapter[] = [
    {
      name: 'pglite',
      async open() {
        const sql = await openPgliteSqlClient({});
        return postgresHarness(sql, sql, () => sql.close());
      },
    },
  ];
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    found.push({
      name: 'postgres',
      async open() {
        const schema = freshSchemaName();
        // Two pools on one schema: the peer store behaves as a second process would.
        const sql = await openPgSqlClient({ connectionString: databaseUrl, schema });
        const peerSql = await openPgSqlClient({ connectionString: databaseUrl, schema });
        return postgresHarness(sql, peerSql, async () => {
          await sql.close();
          await peerSql.close();
          await dropSchema(databaseUrl, schema);
        });
      },
    });
  }
  const kurrentdbUrl = process.env.KURRENTDB_URL;
  if (kurrentdbUrl) {
    found.push({
      name: 'kurrentdb',
      differences: {
        'event-id-in-another-stream': {
          reason: 'event ids are unique per stream (no index by id), so an id stored in another stream is written again',
          async instead({ store }) {
            const [one] = events(1);
            await store.append(streamName('owner'), [one!], { expectedVersion: 'no_stream' });
            const other = streamName('other');
            await store.append(other, [one!], { expectedVersion: 'no_stream' });
            expect((await store.readStream(other)).map((event) => event.eventId)).toEqual([one!.eventId]);
          },
        },
        'partial-retry': {
          reason: "KurrentDB's idempotency check judges a retry whose ids are only in part stored, as a version mismatch",
          async instead({ store }) {
            const stream = streamName('partial');
            const [one, two] = events(2);
            await store.append(stream, [one!, two!], { expectedVersion: 'no_stream' });
            await expect(store.append(stream, [one!, testEvent()], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedVersion);
            expect(await store.readStream(stream)).toHaveLength(2);
          },
        },
      },
      async open() {
        const checkpointSql = await openPgliteSqlClient({});
        const store = await createKurrentDbEventStore({ connectionString: kurrentdbUrl, checkpointSql });
        const peer = await createKurrentDbEventStore({ connectionString: kurrentdbUrl, checkpointSql });
        return {
          store,
          peer,
          // The client serialises every event before sending any; a BigInt has no JSON form.
          unstorableData: { size: 1n },
          async close() {
            await store.close();
            await peer.close();
            await checkpointSql.close();
          },
        };
      },
    });
  }
  return found;
}

/** A PostgreSQL-family harness: the store on `sql`, its peer on `peerSql`. */
async function postgresHarness(sql: SqlClient, peerSql: SqlClient, closeDatabase: () => Promise<void>): Promise<Harness> {
  const store = await createPostgresEventStore(sql, storeOptions);
  const peer = await createPostgresEventStore(peerSql, storeOptions);
  const extra: EventStore[] = [];
  return {
    store,
    peer,
    sql,
    unstorableData: notJsonb,
    async openStore(options) {
      const opened = await createPostgresEventStore(sql, { ...storeOptions, ...options });
      extra.push(opened);
      return opened;
    },
    async close() {
      for (const opened of [store, peer, ...extra]) await opened.close();
      await closeDatabase();
    },
  };
}

export function streamName(label: string): string {
  return `${label}-${randomUUID()}`;
}

export function testEvent(type = 'SomethingHappened', data: unknown = { n: 1 }): EventToAppend {
  const eventId = randomUUID();
  return {
    eventId,
    type,
    schemaVersion: 1,
    data,
    metadata: { eventId, occurredAt: new Date().toISOString(), userId: null, requestId: 'req', causationId: eventId, correlationId: eventId },
  };
}

export function events(count: number, type?: string): EventToAppend[] {
  return Array.from({ length: count }, (_, index) => testEvent(type, { n: index }));
}

export async function readAllOf(store: EventStore, after: Position, streams: ReadonlySet<string>, max = 7): Promise<RecordedEvent[]> {
  const found: RecordedEvent[] = [];
  let position = after;
  for (;;) {
    const page = await store.readAll({ after: position, max });
    if (page.next === position) return found;
    found.push(...page.events.filter((event) => streams.has(event.streamId)));
    position = page.next;
  }
}

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function expectStrictlyIncreasing(positions: Position[]): void {
  for (let index = 1; index < positions.length; index++) expect(positions[index]! > positions[index - 1]!).toBe(true);
}

/** Declares `cases` per adapter; the harness is filled by `beforeAll`, so cases may capture it. */
export function describeContract(cases: (adapter: Adapter, harness: Harness) => void): void {
  for (const adapter of contractAdapters()) {
    describe(`EventStore contract on ${adapter.name}`, () => {
      const harness = {} as Harness;
      beforeAll(async () => {
        Object.assign(harness, await adapter.open());
      });
      afterAll(() => harness.close?.());
      cases(adapter, harness);
    });
  }
}
