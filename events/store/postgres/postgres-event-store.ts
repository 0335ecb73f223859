import { startCatchUpSubscription } from '../catch-up-subscription';
import {
  START,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type Position,
  type ReadAllOptions,
  type ReadAllPage,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-store';
import { appendBatch, type AppendOutcome, type PendingAppend } from './append-batch';
import { GroupCommit } from './group-commit';
import { migrateEventStore } from './migrate-event-store';
import type { SqlClient } from './sql-client';
import { decodePosition, encodePosition } from './sql-position';

/** Tuning for the PostgreSQL-family event store; the defaults suit production. */
export interface PostgresEventStoreOptions {
  /** Subscriptions read again after this long without a wake-up; default 300 ms. */
  pollIntervalMs?: number;
  /** Most events one group-commit transaction writes; default 1000. */
  maxBatchEvents?: number;
  /** Group-commit transactions this process keeps in flight at once; default 1. */
  maxConcurrentBatches?: number;
  /** NOTIFY channel that wakes subscribers in other processes; default `woodshed_events_appended`. */
  channel?: string;
  /** Least time between two NOTIFYs of this process (commits in between share one); default 20 ms. */
  notifyIntervalMs?: number;
  /**
   * Test hook: runs inside each append transaction after its rows were written, just before the
   * commit. Throwing from it makes the whole transaction fail, as a crash at that point would.
   */
  beforeCommit?: (batch: readonly PendingAppend[]) => void | Promise<void>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const columns = 'tx_id, global_position, stream_id, stream_position, event_id, type, schema_version, data, metadata, recorded_at';
/** Only transactions below the snapshot's xmin are certainly finished; nothing can commit below it later. */
const visible = 'tx_id < pg_snapshot_xmin(pg_current_snapshot())';

interface EventRow {
  tx_id: string;
  global_position: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: Date;
}

/**
 * The event store on PostgreSQL (server through `pg`, or embedded PGlite): creates its tables,
 * then appends through group commit and reads the log in (tx_id, global_position) order, below
 * the snapshot's xmin so a late commit is never skipped. Readers of the log see an event once every
 * transaction that started before it has ended, so keep write transactions short.
 */
export async function createPostgresEventStore(sql: SqlClient, options: PostgresEventStoreOptions = {}): Promise<EventStore> {
  await migrateEventStore(sql);
  const channel = options.channel ?? 'woodshed_events_appended';
  const pollIntervalMs = options.pollIntervalMs ?? 300;
  const wakers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of wakers) wake();
  };
  const unlisten = await sql.listen(channel, wakeAll);

  // Other processes learn about new events from a NOTIFY sent after the commit, not inside the
  // append transaction: a NOTIFY in a transaction holds a database-wide lock through its commit,
  // which would serialise the commits of every writer. Notifications are coalesced, at most one
  // per `notifyIntervalMs`, so a busy writer does not pay a statement per batch.
  const notifyIntervalMs = options.notifyIntervalMs ?? 20;
  let closed = false;
  let notifying: Promise<void> | undefined;
  let notifyAgain = false;
  const notifyOthers = () => {
    if (notifying) {
      notifyAgain = true;
      return;
    }
    notifying = (async () => {
      do {
        notifyAgain = false;
        const sent = Date.now();
        // A lost notification only delays other processes until their next poll.
        await sql.query('SELECT pg_notify($1, $2)', [channel, '']).catch(() => undefined);
        const wait = sent + notifyIntervalMs - Date.now();
        if (notifyAgain && wait > 0 && !closed) await new Promise((resolve) => setTimeout(resolve, wait));
      } while (notifyAgain);
      notifying = undefined;
    })();
  };

  const writeBatch = async (batch: PendingAppend[]): Promise<AppendOutcome[]> => {
    const beforeCommit = options.beforeCommit;
    const outcomes = beforeCommit
      ? await sql.transaction(async (tx) => {
          const decided = await appendBatch(tx, batch);
          await beforeCommit(batch);
          return decided;
        })
      : await appendBatch(sql, batch);
    wakeAll();
    notifyOthers();
    return outcomes;
  };
  const groupCommit = new GroupCommit(writeBatch, {
    maxBatchEvents: options.maxBatchEvents ?? 1000,
    maxInFlight: options.maxConcurrentBatches ?? 1,
  });
  const subscriptions = new Set<Subscription>();

  const readAll = async (readOptions: ReadAllOptions = {}): Promise<ReadAllPage> => {
    const after = readOptions.after ?? START;
    const max = readOptions.max ?? 1000;
    if (readOptions.types) return readAllOfTypes(sql, after, max, readOptions.types);
    const from = decodePosition(after);
    const { rows } = await sql.query<EventRow>(
      `SELECT ${columns} FROM events
       WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible}
       ORDER BY tx_id, global_position LIMIT $3`,
      [from.txId, from.globalPosition, max],
    );
    const events = rows.map(toRecordedEvent);
    return { events, next: events.at(-1)?.position ?? after };
  };

  return {
    kind: sql.kind,

    async append(streamId: string, events: readonly EventToAppend[], appendOptions: AppendOptions): Promise<AppendResult> {
      if (closed) throw new Error('The event store is closed');
      if (events.length === 0) throw new RangeError(`Stream ${streamId}: nothing to append`);
      const badId = events.find((event) => !uuidPattern.test(event.eventId));
      if (badId) throw new RangeError(`Stream ${streamId}: event id ${badId.eventId} is not a UUID`);
      return groupCommit.submit({ streamId, events, expectedVersion: appendOptions.expectedVersion });
    },

    async readStream(streamId: string, readOptions: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
      const { rows } = await sql.query<EventRow>(
        `SELECT ${columns} FROM events WHERE stream_id = $1 AND stream_position >= $2
         ORDER BY stream_position LIMIT $3`,
        [streamId, String(readOptions.fromVersion ?? 0n), readOptions.max ?? null],
      );
      return rows.map(toRecordedEvent);
    },

    readAll,

    subscribe(subscribeOptions: SubscribeOptions): Subscription {
      const subscription = startCatchUpSubscription(
        {
          readAll,
          pollIntervalMs,
          onAppended(wake) {
            wakers.add(wake);
            return () => wakers.delete(wake);
          },
        },
        subscribeOptions,
      );
      subscriptions.add(subscription);
      void subscription.done.catch(() => undefined).finally(() => subscriptions.delete(subscription));
      return subscription;
    },

    async headPosition(): Promise<Position> {
      const { rows } = await sql.query<{ tx_id: string; global_position: string }>(
        `SELECT tx_id, global_position FROM events WHERE ${visible}
         ORDER BY tx_id DESC, global_position DESC LIMIT 1`,
      );
      return rows[0] ? encodePosition(rows[0].tx_id, rows[0].global_position) : START;
    },

    async countAfter(after: Position): Promise<number> {
      const from = decodePosition(after);
      const { rows } = await sql.query<{ count: string }>(
        `SELECT count(*) AS count FROM events WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible}`,
        [from.txId, from.globalPosition],
      );
      return Number(rows[0]!.count);
    },

    async close(): Promise<void> {
      closed = true;
      await groupCommit.whenIdle();
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await notifying;
      await unlisten();
    },
  };
}

/**
 * A filtered page scans a bounded window of the log, so a rare type costs a few cheap pages rather
 * than one scan of everything; `next` moves past the skipped events either way.
 */
async function readAllOfTypes(sql: SqlClient, after: Position, max: number, types: readonly string[]): Promise<ReadAllPage> {
  const from = decodePosition(after);
  const { rows } = await sql.query<EventRow & { wanted: boolean; is_last: boolean }>(
    `WITH scanned AS (
       SELECT tx_id, global_position, type = ANY($4::text[]) AS wanted FROM events
       WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible}
       ORDER BY tx_id, global_position LIMIT $3
     ), counted AS (
       SELECT tx_id, global_position, wanted,
         count(*) FILTER (WHERE wanted) OVER (ORDER BY tx_id, global_position) AS wanted_so_far
       FROM scanned
     ), covered AS (
       SELECT * FROM counted WHERE wanted_so_far <= $5
     )
     SELECT ${columns.split(', ').map((column) => `e.${column}`).join(', ')}, false AS is_last
     FROM covered JOIN events e ON e.tx_id = covered.tx_id AND e.global_position = covered.global_position
     WHERE covered.wanted
     UNION ALL
     (SELECT tx_id, global_position, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, true
      FROM covered ORDER BY tx_id DESC, global_position DESC LIMIT 1)`,
    [from.txId, from.globalPosition, Math.max(max, 10_000), types, max],
  );
  const last = rows.find((row) => row.is_last);
  const events = rows
    .filter((row) => !row.is_last)
    .map(toRecordedEvent)
    .sort((a, b) => (a.position < b.position ? -1 : 1));
  return { events, next: last ? encodePosition(last.tx_id, last.global_position) : after };
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    streamPosition: BigInt(row.stream_position),
    position: encodePosition(row.tx_id, row.global_position),
    recordedAt: row.recorded_at,
  };
}
