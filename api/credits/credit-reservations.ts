import { createHash, randomUUID } from 'node:crypto';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { billingMonthKey } from '../../projections/credits/credit-rules';
import { type SnapshotRow, creditSnapshotSql } from '../../projections/credits/credits-queries';
import { activeAt } from '../../projections/subscriptions/subscriptions-queries';
import { subscriptionsTable } from '../../projections/subscriptions/subscriptions-tables';

/** An unsettled hold lapses after this without a heartbeat, and is then billed as spent (lapsed-reservations.ts). */
export const reservationTtlMs = 120_000;
/** How often a response in progress extends its reservation. */
export const reservationHeartbeatMs = 30_000;
/** The longest a settled (or unrecorded) reservation holds its bytes: bounds a stalled projection. */
export const settledHoldMs = 24 * 60 * 60_000;

/** What a reservation is for: recorded with it, so a lapsed one can be billed as spent. */
export interface ReservedStem {
  songId: number;
  filename: string;
  /** The range served; null for the whole file. */
  range: { start: number; end: number } | null;
}

/** What reserving bytes for a GET gave: Pro (nothing held), a hold of `bytes`, or nothing left. */
export type Reservation = { pro: true } | { pro: false; granted: true; id: string; bytes: number } | { pro: false; granted: false };

/** What the gate decides a HEAD on: whether the user has Pro, and what their credits and live holds leave. */
export interface Admission {
  /** A subscription's paid period runs at the instant asked: unlimited, nothing held. */
  pro: boolean;
  bytesLeft: number;
}

// Unsettled holds count until settled (decision 0055). One statement, one snapshot, so a projection
// commit never counts a response twice or nowhere. $1 user, $2 billing month, $3 now.
const admissionSql = `SELECT snap.*,
    EXISTS (SELECT 1 FROM ${subscriptionsTable} s WHERE s.user_id = $1 AND ${activeAt('$3')}) AS pro,
    (SELECT coalesce(sum(r.bytes), 0) FROM credit_reservations r
      WHERE r.user_id = $1 AND (r.settled_at IS NULL OR r.expires_at > $3::timestamptz)
        AND (r.settled_position IS NULL OR r.settled_position > coalesce(snap.position, ''))) AS held
  FROM (${creditSnapshotSql('$1', '$2')}) snap`;

/** The reservation function's name, hashed from its definition so side-by-side releases each call their own (decision 0065). */
export interface ReservationRoutine {
  /** `reserve_stream_bytes_<hash>`: what this version calls, and the name of its prepared statement. */
  readonly name: string;
  /** Creates the function when it is missing; never replaces one (migrations run it at every start). */
  readonly createSql: string;
}

/** The arguments: user, month, at, wanted, id, expires, song, filename, range start, range end. */
const reserveArguments = 'integer, date, timestamptz, bigint, uuid, timestamptz, integer, text, bigint, bigint';
const namePlaceholder = '__reservation_routine__';

/** A reservation function with `body`, named after its hash; a creation that loses a race keeps the identical winner. */
export function reservationRoutine(body: string): ReservationRoutine {
  const definition = `FUNCTION ${namePlaceholder}(${reserveArguments})
RETURNS TABLE (pro_at_start boolean, reserved_bytes bigint)
LANGUAGE plpgsql AS $reserve$${body}$reserve$`;
  const name = `reserve_stream_bytes_${createHash('sha256').update(definition).digest('hex').slice(0, 12)}`;
  const createSql = `
DO $create$
BEGIN
  IF to_regprocedure('${name}(${reserveArguments})') IS NULL THEN
    CREATE ${definition.replace(namePlaceholder, name)};
  END IF;
EXCEPTION WHEN duplicate_function OR unique_violation THEN
  NULL;
END
$create$;
`;
  return { name, createSql };
}

/**
 * Everything a metered GET asks before its body, in one round trip, under a per-user lock (decision
 * 0047). Answers Pro, a hold of all of `wanted`, or null when what is left does not cover it.
 */
const reserveStreamBytesBody = `
#variable_conflict use_column
DECLARE
  admission record;
  left_bytes bigint;
BEGIN
  -- Per user, within this schema: two Woodsheds in separate schemas of one database never block each other.
  PERFORM pg_advisory_xact_lock(hashtext(current_schema() || ':woodshed:credit-reservations'), $1);
  SELECT * INTO admission FROM (${admissionSql}) found;
  IF admission.pro THEN
    RETURN QUERY SELECT true, 0::bigint;
    RETURN;
  END IF;
  left_bytes := admission.bytes_left - admission.held;
  -- The new hold is neither lapsed nor settled, and the admission left out every row this removes.
  DELETE FROM credit_reservations WHERE user_id = $1 AND ((settled_at IS NOT NULL AND expires_at <= $3) OR settled_position <= coalesce(admission.position, ''));
  -- All of the response or nothing (decision 0055): a stem cut short does not decode.
  IF left_bytes <= 0 OR left_bytes < $4 THEN
    RETURN QUERY SELECT false, NULL::bigint;
    RETURN;
  END IF;
  INSERT INTO credit_reservations (id, user_id, bytes, created_at, expires_at, song_id, filename, range_start, range_end) VALUES ($5, $1, $4, $3, $6, $7, $8, $9, $10);
  RETURN QUERY SELECT false, $4;
END
`;

export const reserveStreamBytesRoutine: ReservationRoutine = reservationRoutine(reserveStreamBytesBody);

/** Whether the user has Pro at `at`, and the bytes left: the month's credits less every live hold. */
export async function admissionOf(sql: SqlExecutor, userId: number, at: Date): Promise<Admission> {
  // Named: on a PostgreSQL server each connection plans it once, not on every HEAD (decision 0042).
  const { rows } = await sql.query<SnapshotRow & { pro: boolean; held: string | number }>(admissionSql, [userId, billingMonthKey(at), at.toISOString()], { name: 'credit_admission' });
  const row = rows[0];
  return { pro: row?.pro === true, bytesLeft: Number(row?.bytes_left ?? 0) - Number(row?.held ?? 0) };
}

/** Reserve `wanted` bytes for a GET started at `at`: Pro, granted, or refused (decision 0055). */
export async function reserveStreamBytes(sql: SqlExecutor, userId: number, wanted: number, at: Date, now: Date, stem: ReservedStem, routine: ReservationRoutine = reserveStreamBytesRoutine): Promise<Reservation> {
  const id = randomUUID();
  const { rows } = await sql.query<{ pro_at_start: boolean; reserved_bytes: string | number | null }>(
    `SELECT pro_at_start, reserved_bytes FROM ${routine.name}($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [userId, billingMonthKey(at), at.toISOString(), wanted, id, new Date(now.getTime() + reservationTtlMs).toISOString(), stem.songId, stem.filename, stem.range?.start ?? null, stem.range?.end ?? null],
    { name: routine.name },
  );
  const row = rows[0];
  if (row?.pro_at_start === true) return { pro: true };
  // A hold may be of 0 bytes (an empty stem): granted all the same, while credits are left.
  if (row?.reserved_bytes == null) return { pro: false, granted: false };
  return { pro: false, granted: true, id, bytes: Number(row.reserved_bytes) };
}

/** Keep a reservation of a response still in progress alive. */
export async function extendReservation(sql: SqlExecutor, id: string, now: Date): Promise<void> {
  await sql.query(`UPDATE credit_reservations SET expires_at = $2 WHERE id = $1 AND settled_at IS NULL`, [id, new Date(now.getTime() + reservationTtlMs).toISOString()], {
    name: 'extend_credit_reservation',
  });
}

/**
 * The response is over: hold only the bytes it sent until the read model has its event. Without a
 * `position` (the append failed) they stay held for a day: an unrecorded response must not free credits.
 */
export async function settleReservation(sql: SqlExecutor, id: string, bytesSent: number, position: string | null, now: Date): Promise<void> {
  // A row already recorded as spent after it lapsed (its event has the reservation's id) is left so.
  await sql.query(`UPDATE credit_reservations SET bytes = $2, settled_position = $3, settled_at = $4, expires_at = $5 WHERE id = $1 AND settled_position IS NULL`, [
    id,
    bytesSent,
    position,
    now.toISOString(),
    new Date(now.getTime() + settledHoldMs).toISOString(),
  ], { name: 'settle_credit_reservation' });
}

/** Nothing was sent (the response failed before its body): the whole reservation goes. */
export async function releaseReservation(sql: SqlExecutor, id: string): Promise<void> {
  await sql.query(`DELETE FROM credit_reservations WHERE id = $1`, [id], { name: 'release_credit_reservation' });
}
