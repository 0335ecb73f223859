import type { MigrationSet } from '../../events/store/postgres/migrations';
import { type ReservationRoutine, reserveStreamBytesRoutine } from './credit-reservations';

/**
 * Bytes a stem response holds against its user's credits, so concurrent responses cannot overspend:
 * live state, not a read model. Settled rows hold until the read model passes `settled_position`.
 */
const creditReservationsSchema = `
CREATE TABLE credit_reservations (
  id uuid PRIMARY KEY,
  user_id integer NOT NULL,
  bytes bigint NOT NULL CHECK (bytes >= 0),
  settled_at timestamptz,
  settled_position text COLLATE "C",
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX credit_reservations_by_user ON credit_reservations (user_id);
`;

/** What a reservation served, so another process can record a lapsed one as spent (decision 0055); null on older rows. */
const whatWasServed = `
ALTER TABLE credit_reservations ADD COLUMN song_id integer, ADD COLUMN filename text, ADD COLUMN range_start bigint, ADD COLUMN range_end bigint;
CREATE INDEX credit_reservations_lapsing ON credit_reservations (expires_at) WHERE settled_at IS NULL;
`;

/** The reservation migrations, and `routine`, created when missing and never replaced, so side-by-side releases keep their own. */
export function creditReservationMigrationsWith(routine: ReservationRoutine): MigrationSet {
  return {
    name: 'credit-reservations',
    migrations: [
      { version: 1, name: 'credit-reservations', sql: creditReservationsSchema },
      { version: 2, name: 'credit-reservations-what-was-served', sql: whatWasServed },
    ],
    routines: routine.createSql,
  };
}

/** This release's: its own reservation function. */
export const creditReservationMigrations: MigrationSet = creditReservationMigrationsWith(reserveStreamBytesRoutine);
