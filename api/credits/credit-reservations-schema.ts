import type { MigrationSet } from '../../events/store/postgres/migrations';
import { type ReservationRoutine, reserveStreamBytesRoutine } from './credit-reservations';

/**
 * Bytes a stem response in progress (or just settled) holds against its user's credits, so
 * concurrent responses cannot overspend. Live state, not a read model. A settled row holds the
 * bytes sent until the credits read model passes `settled_position`; an unsettled row past
 * `expires_at` belongs to a dead process and holds until recorded as spent (lapsed-reservations.ts).
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

/**
 * What a reservation is for, so that one its process never settled can be recorded as spent by
 * another (decision 0055): the stem and the range served (`created_at` is when the response
 * started). Null on rows written before this.
 */
const whatWasServed = `
ALTER TABLE credit_reservations ADD COLUMN song_id integer, ADD COLUMN filename text, ADD COLUMN range_start bigint, ADD COLUMN range_end bigint;
CREATE INDEX credit_reservations_lapsing ON credit_reservations (expires_at) WHERE settled_at IS NULL;
`;

/**
 * The reservation table's numbered migrations, and `routine`, the reservation function a release
 * calls: created at every start when missing, never replaced (credit-reservations.ts), so releases
 * running side by side each keep their own (api/storage/api-migrations.ts).
 */
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
