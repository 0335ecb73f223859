import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import { usageBytesPerUserMigration, usageBytesPerUserTable } from './usage-bytes-per-user-tables';

/** What one batch adds to a user's row. */
interface UserUsageDelta {
  bytes: number;
  streams: number;
  /** The newest `occurredAt` of the batch, kept as sent so no precision is lost. */
  lastStreamedAt: string;
}

/** Whether ISO instant `a` is after `b`; equally long UTC strings compare as text, without parsing. */
function isLater(a: string, b: string): boolean {
  return a.length === b.length ? a > b : Date.parse(a) > Date.parse(b);
}

type UsageChanges = Map<number, UserUsageDelta>;

/** Bytes streamed per user (aborts included), responses and last end, as running totals. */
export const usageBytesPerUser = defineProjection({
  name: 'usage-bytes-per-user',
  version: 1,
  eventTypes: ['StemStreamed'],
  reads: { StemStreamed: { data: ['userId', 'bytesSent'], metadata: ['occurredAt'] } },
  // Changes are a row per user, however many events: fewer, larger writes.
  eventsPerWrite: 500_000,
  // StemStreamed is appended to `metering-user-<id>` only, and a row is one user's running totals.
  partitionedBy: 'owner',
  tables: [usageBytesPerUserTable],
  migration: usageBytesPerUserMigration,

  fold(events, changes: UsageChanges = new Map()) {
    for (const event of events) {
      const { userId, bytesSent } = event.data;
      const occurredAt = event.metadata.occurredAt;
      const row = changes.get(userId);
      if (row) {
        row.bytes += bytesSent;
        row.streams += 1;
        if (isLater(occurredAt, row.lastStreamedAt)) row.lastStreamedAt = occurredAt;
      } else {
        changes.set(userId, { bytes: bytesSent, streams: 1, lastStreamedAt: occurredAt });
      }
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: UsageChanges, tables) {
    if (changes.size === 0) return;
    const userIds: number[] = [];
    const bytes: number[] = [];
    const streams: number[] = [];
    const lastStreamedAt: string[] = [];
    for (const [userId, delta] of changes) {
      userIds.push(userId);
      bytes.push(delta.bytes);
      streams.push(delta.streams);
      lastStreamedAt.push(delta.lastStreamedAt);
    }
    const table = tables[usageBytesPerUserTable];
    await tx.query(
      `INSERT INTO ${table} AS current (user_id, bytes_streamed, streams_count, last_streamed_at)
       SELECT * FROM unnest($1::integer[], $2::bigint[], $3::bigint[], $4::timestamptz[])
       ON CONFLICT (user_id) DO UPDATE SET
         bytes_streamed = current.bytes_streamed + excluded.bytes_streamed,
         streams_count = current.streams_count + excluded.streams_count,
         last_streamed_at = greatest(current.last_streamed_at, excluded.last_streamed_at)`,
      [userIds, bytes, streams, lastStreamedAt],
    );
  },
});
