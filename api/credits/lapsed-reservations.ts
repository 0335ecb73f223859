import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { settledHoldMs } from './credit-reservations';

/** A reservation whose process never settled it (it died, or stalled past every heartbeat). */
export interface LapsedReservation {
  id: string;
  userId: number;
  /** What it held: all of it is counted as spent. */
  bytes: number;
  /** The stem it was for; null on a row written before reservations recorded it. */
  songId: number | null;
  filename: string | null;
  range: { start: number; end: number } | null;
  /** When its response started: the month it is billed to. */
  startedAt: Date;
}

interface LapsedRow {
  id: string;
  user_id: number;
  bytes: string | number;
  song_id: number | null;
  filename: string | null;
  range_start: string | number | null;
  range_end: string | number | null;
  created_at: Date | string;
}

/** Claim up to `limit` lapsed unsettled reservations for recording as spent (decision 0055): marked settled in the statement that returns them, so one taker only. */
export async function claimLapsedReservations(sql: SqlExecutor, now: Date, limit = 100): Promise<LapsedReservation[]> {
  const { rows } = await sql.query<LapsedRow>(
    `UPDATE credit_reservations SET settled_at = $1, expires_at = $2
      WHERE id IN (SELECT id FROM credit_reservations WHERE settled_at IS NULL AND expires_at <= $1 ORDER BY expires_at LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING id, user_id, bytes, song_id, filename, range_start, range_end, created_at`,
    [now.toISOString(), new Date(now.getTime() + settledHoldMs).toISOString(), limit],
    { name: 'claim_lapsed_credit_reservations' },
  );
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    bytes: Number(row.bytes),
    songId: row.song_id,
    filename: row.filename,
    range: row.range_start === null || row.range_end === null ? null : { start: Number(row.range_start), end: Number(row.range_end) },
    startedAt: new Date(row.created_at),
  }));
}

/**
 * A lapsed reservation is now in the log as spent, at `position`: it holds its `bytes` until the
 * credits read model has passed that position, like any settled response.
 */
export async function settleLapsedReservation(sql: SqlExecutor, id: string, bytes: number, position: string): Promise<void> {
  await sql.query(`UPDATE credit_reservations SET bytes = $2, settled_position = $3 WHERE id = $1`, [id, bytes, position], { name: 'settle_lapsed_credit_reservation' });
}
