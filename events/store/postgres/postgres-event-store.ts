import { randomUUID } from 'node:crypto';
import { startCatchUpSubscription } from '../catch-up-subscription';
import { SharedLogTail } from '../shared-log-tail';
import {
  START,
  type AppendOptions,
  type AppendResult,
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
import { refuseLogFromAnotherCluster } from './log-from-another-cluster';
import { migrateEventStore } from './migrate-event-store';
import { columns, type EventRow, readLogPage, readLogPageAtHead, toRecordedEvent, visible } from './read-log';
import { readLogPageTrimmed } from './read-log-trimmed';
import type { SqlClient } from './sql-client';
import type { PostgresEventStore, ReadAllTrimmedOptions, ReadAllTrimmedPage } from './trimmed-log-reader';
import { decodePosition, encodePosition } from './sql-position';

export interface PostgresEventStoreOptions {
  pollIntervalMs?: number;
  maxBatchEvents?: number;
  /** Default 2 on a server (one written while the other commits), 1 on PGlite. */
  maxConcurrentBatches?: number;
  channel?: string;
  notifyIntervalMs?: number;
  /** Test hook, just before each append's commit: a throw fails the transaction as a crash would. */
  beforeCommit?: (batch: readonly PendingAppend[]) => void | Promise<void>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Appends through group commit; reads below the snapshot's xmin, so a late commit is never skipped (keep
 * write transactions short). Refuses a log restored from another cluster.
 */
export async function createPostgresEventStore(sql: SqlClient, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
  await migrateEventStore(sql);
  await refuseLogFromAnotherCluster(sql);
  const channel = options.channel ?? 'woodshed_events_appended';
  const pollIntervalMs = options.pollIntervalMs ?? 300;
  const wakers = new Set<() => void>();
  // The live subscriptions' reads of the log's end: one per wake-up, shared by all of them.
  const tail = new SharedLogTail((after, max, types) => readLogPageAtHead(sql, after, max, types));
  const wakeAll = () => {
    tail.woke();
    for (const wake of wakers) wake();
  };
  // On PGlite a store ignores its own NOTIFY: its subscribers were woken after the commit and no
  // other transaction can hold their read back. On a server another session's can, so the echo stays.
  const storeId = randomUUID();
  const unlisten = await sql.listen(channel, (payload) => {
    if (sql.kind !== 'pglite' || payload !== storeId) wakeAll();
  });

  // NOTIFY after the commit, coalesced: inside the transaction it holds a database-wide lock
  // through the commit, serialising every writer.

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
        await sql.query('SELECT pg_notify($1, $2)', [channel, storeId], { name: 'notify_appended' }).catch(() => undefined);
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
    maxInFlight: options.maxConcurrentBatches ?? (sql.kind === 'postgres' ? 2 : 1),
  });
  const subscriptions = new Set<Subscription>();
  // One poll for all the live subscriptions (a missed notification, or a read an open transaction
  // held back, then only delays them): woken together, they read the log's end once, through the
  // shared tail, where a poll of each of their own read it once each.
  let pollTimer: ReturnType<typeof setInterval> | undefined;
  const pollWhileSubscribed = (): void => {
    if (subscriptions.size > 0 && !closed) {
      pollTimer ??= setInterval(wakeAll, pollIntervalMs);
    } else if (pollTimer !== undefined) {
      clearInterval(pollTimer);
      pollTimer = undefined;
    }
  };

  const readAll = (readOptions: ReadAllOptions = {}): Promise<ReadAllPage> =>
    readLogPage(sql, readOptions.after ?? START, readOptions.max ?? 1000, readOptions.types);

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

    trimmedLogReader: {
      readAllTrimmed(trimmedOptions: ReadAllTrimmedOptions): Promise<ReadAllTrimmedPage> {
        return readLogPageTrimmed(sql, trimmedOptions.after ?? START, trimmedOptions.max ?? 1000, trimmedOptions.types, trimmedOptions.reads, trimmedOptions.afterWindow ?? false);
      },
    },

    subscribe(subscribeOptions: SubscribeOptions): Subscription {
      const subscription = startCatchUpSubscription(
        {
          readAll: (readOptions) =>
            tail.read({ after: readOptions.after ?? START, max: readOptions.max ?? 1000, ...(readOptions.types && { types: readOptions.types }), ...(readOptions.fresh && { fresh: true }) }),
          onAppended(wake) {
            wakers.add(wake);
            return () => wakers.delete(wake);
          },
        },
        subscribeOptions,
      );
      subscriptions.add(subscription);
      pollWhileSubscribed();
      void subscription.done
        .catch(() => undefined)
        .finally(() => {
          subscriptions.delete(subscription);
          pollWhileSubscribed();
        });
      return subscription;
    },

    async headPosition(): Promise<Position> {
      const { rows } = await sql.query<{ tx_id: string; global_position: string }>(
        `SELECT tx_id, global_position FROM events WHERE ${visible}
         ORDER BY tx_id DESC, global_position DESC LIMIT 1`,
      );
      return rows[0] ? encodePosition(rows[0].tx_id, rows[0].global_position) : START;
    },

    async countAfter(after: Position, countOptions: { types?: readonly string[] } = {}): Promise<number> {
      const from = decodePosition(after);
      const { rows } = await sql.query<{ count: string }>(
        `SELECT count(*) AS count FROM events
         WHERE (tx_id, global_position) > ($1::xid8, $2::bigint) AND ${visible} AND ($3::text[] IS NULL OR type = ANY ($3::text[]))`,
        [from.txId, from.globalPosition, countOptions.types ?? null],
      );
      return Number(rows[0]!.count);
    },

    async close(): Promise<void> {
      closed = true;
      pollWhileSubscribed();
      await groupCommit.whenIdle();
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await notifying;
      await unlisten();
    },
  };
}
