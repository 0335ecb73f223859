import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { usageBytesPerUserTable } from './usage-bytes-per-user-tables';

/** One user's streaming totals. */
export interface UserBytesUsage {
  userId: number;
  bytesStreamed: number;
  streamsCount: number;
  lastStreamedAt: Date;
}

interface UsageRow {
  user_id: number;
  bytes_streamed: string | number;
  streams_count: string | number;
  last_streamed_at: Date | string;
}

const columns = 'user_id, bytes_streamed, streams_count, last_streamed_at';

/** Total bytes streamed by a user; 0 for a user who never streamed. */
export async function bytesStreamedByUser(sql: SqlExecutor, userId: number): Promise<number> {
  const usage = await usageOfUser(sql, userId);
  return usage?.bytesStreamed ?? 0;
}

/** A user's streaming totals, or null for a user who never streamed. */
export async function usageOfUser(sql: SqlExecutor, userId: number): Promise<UserBytesUsage | null> {
  const { rows } = await sql.query<UsageRow>(`SELECT ${columns} FROM ${usageBytesPerUserTable} WHERE user_id = $1`, [userId]);
  return rows[0] ? toUsage(rows[0]) : null;
}

/** The users who streamed the most bytes, most first (ties by user id). */
export async function topUsersByBytes(sql: SqlExecutor, limit: number): Promise<UserBytesUsage[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  const { rows } = await sql.query<UsageRow>(
    `SELECT ${columns} FROM ${usageBytesPerUserTable} ORDER BY bytes_streamed DESC, user_id LIMIT $1`,
    [limit],
  );
  return rows.map(toUsage);
}

function toUsage(row: UsageRow): UserBytesUsage {
  return {
    userId: Number(row.user_id),
    bytesStreamed: Number(row.bytes_streamed),
    streamsCount: Number(row.streams_count),
    lastStreamedAt: new Date(row.last_streamed_at),
  };
}
