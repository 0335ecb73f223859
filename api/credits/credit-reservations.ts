import { randomUUID } from 'node:crypto';
import type { SqlClient, SqlExecutor } from '../../events/store/postgres/sql-client';
import { billingMonthKey } from '../../projections/credits/credit-rules';
import { bytesLeftToStream, creditSnapshotOfRow, creditSnapshotSql } from '../../projections/credits/credits-queries';
import type { SnapshotRow } from '../../projections/credits/credits-queries';
import { activeAt } from '../../projections/subscriptions/subscriptions-queries';
import { subscriptionsTable } from '../../projections/subscriptions/subscriptions-tables';

/** How long an unsettled reservation lives without a heartbeat: the holds of a crashed process lapse after this. */
export const reservationTtlMs = 120_000;
/** How often a response in progress extends its reservation. */
export const reservationHeartbeatMs = 30_000;
/**
 * How long a settled reservation (or one whose StemStreamed could not be appended) keeps holding
 * its bytes at most. Normally the row goes as soon as the credits read model has the event (well
 * under a second); this bounds a stalled projection, and gives an operator a day to reconcile an
 * unrecorded response before its bytes are free again.
 */
export const settledHoldMs = 24 * 60 * 60_000;

export type Reservation = { granted: true; id: string; bytes: number } | { granted: false };

/** What the gate decides on: whether the user has Pro, and what their credits and live holds leave. */
export interface Admission {
  /** A subscription's paid period runs now: unlimited, nothing held. */
  pro: boolean;
  bytesLeft: number;
  /** The credits read model's position for the user; settled holds at or before it are in the read model. */
  readModelPosition: string;
}

// Per user, within this schema: two Woodsheds in separate schemas of one database never block each other.
const userLock = `SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':woodshed:credit-reservations'), $1::integer)`;

/*
 * One statement, so one snapshot: the holds are filtered by the position of the very read-model row
 * they are subtracted from, so a projection commit can never make a settled response count twice or
 * nowhere. It also saves round trips on the stem route's hot path (a HEAD is this one statement after
 * the session and the song): on PGlite every statement queues on its one connection.
 */
const admissionSql = `SELECT snap.*,
    EXISTS (SELECT 1 FROM ${subscriptionsTable} s WHERE s.user_id = $1 AND ${activeAt('$3')}) AS pro,
    (SELECT coalesce(sum(r.bytes), 0) FROM credit_reservations r
      WHERE r.user_id = $1 AND r.expires_at > $3::timestamptz
        AND (r.settled_position IS NULL OR r.settled_position > coalesce(snap.position, ''))) AS held
  FROM (${creditSnapshotSql('$1', '$2')}) snap`;

/**
 * Whether the user has Pro at `now`, and the bytes they may still stream: the credits the read model
 * leaves this month less every live hold (responses in progress, and settled ones the read model
 * does not have yet).
 */
export async function admissionOf(sql: SqlExecutor, userId: number, now: Date): Promise<Admission> {
  const key = billingMonthKey(now);
  // Named: on a PostgreSQL server each connection plans it once, not on every HEAD (decision 0042).
  const { rows } = await sql.query<SnapshotRow & { pro: boolean; held: string | number }>(admissionSql, [userId, key, now.toISOString()], { name: 'credit_admission' });
  const row = rows[0];
  const snapshot = creditSnapshotOfRow(row, key);
  return { pro: row?.pro === true, bytesLeft: bytesLeftToStream(snapshot) - Number(row?.held ?? 0), readModelPosition: snapshot.position };
}

/**
 * Reserve up to `wanted` bytes for one response, under a per-user transaction lock so concurrent
 * reservations see each other: granted the smaller of `wanted` and what is left, or refused when
 * nothing is. Holds that lapsed or that the read model already has are dropped on the way.
 */
export async function reserveBytes(sql: SqlClient, userId: number, wanted: number, now: Date): Promise<Reservation> {
  return sql.transaction(async (tx) => {
    await tx.query(userLock, [userId]);
    const { bytesLeft, readModelPosition } = await admissionOf(tx, userId, now);
    const granted = bytesLeft > 0;
    const bytes = granted ? Math.min(wanted, bytesLeft) : 0;
    const id = randomUUID();
    // The sweep and the insert in one statement, one round trip fewer on every GET (on PGlite every
    // statement queues on its one connection). They touch different rows: the new one is neither
    // lapsed nor settled, and the admission above already left out every row the sweep removes.
    const { rows } = await tx.query(
      `WITH swept AS (DELETE FROM credit_reservations WHERE user_id = $2 AND (expires_at <= $4 OR settled_position <= $6))
       INSERT INTO credit_reservations (id, user_id, bytes, created_at, expires_at) SELECT $1, $2, $3, $4, $5 WHERE $7::boolean
       RETURNING id`,
      [id, userId, bytes, now.toISOString(), new Date(now.getTime() + reservationTtlMs).toISOString(), readModelPosition, granted],
    );
    return granted && rows.length === 1 ? { granted: true, id, bytes } : { granted: false };
  });
}

/** Keep a reservation of a response still in progress alive. */
export async function extendReservation(sql: SqlExecutor, id: string, now: Date): Promise<void> {
  await sql.query(`UPDATE credit_reservations SET expires_at = $2 WHERE id = $1 AND settled_at IS NULL`, [id, new Date(now.getTime() + reservationTtlMs).toISOString()]);
}

/**
 * The response is over: hold only the bytes it sent, until the read model has its StemStreamed
 * event (`position`). Without a position (the append failed) the bytes stay held for a day, as
 * spent: an unrecorded response must not free credits it used.
 */
export async function settleReservation(sql: SqlExecutor, id: string, bytesSent: number, position: string | null, now: Date): Promise<void> {
  await sql.query(`UPDATE credit_reservations SET bytes = $2, settled_position = $3, settled_at = $4, expires_at = $5 WHERE id = $1`, [
    id,
    bytesSent,
    position,
    now.toISOString(),
    new Date(now.getTime() + settledHoldMs).toISOString(),
  ]);
}

/** Nothing was sent (the response failed before its body): the whole reservation goes. */
export async function releaseReservation(sql: SqlExecutor, id: string): Promise<void> {
  await sql.query(`DELETE FROM credit_reservations WHERE id = $1`, [id]);
}
