import type { GenerationTables } from '../runtime/projection-definition';
import { createTable } from '../table-ddl';

/** One row per take the musician recorded (its metadata; the audio stays on the device). */
export const takesTable = 'takes';

/**
 * Version 1. A deleted take stays as a tombstone (`deleted`) so a synced device learns of it;
 * `position` is the sync checkpoint, in the "C" collation so it compares as the store's positions do.
 */
export function takesMigration(tables: GenerationTables<typeof takesTable>): string {
  return createTable(
    tables[takesTable],
    `
  take_id uuid PRIMARY KEY,
  user_id integer NOT NULL,
  song_id integer NOT NULL,
  name text NOT NULL,
  recorded_at timestamptz NOT NULL,
  local_date date NOT NULL,
  duration_seconds double precision NOT NULL,
  start_seconds double precision NOT NULL,
  tempo double precision NOT NULL,
  transpose integer NOT NULL,
  scope text NOT NULL,
  range_start double precision,
  range_end double precision,
  latency_seconds double precision NOT NULL,
  deleted boolean NOT NULL,
  changed_at timestamptz NOT NULL,
  position text COLLATE "C" NOT NULL
`,
    { by_user_position: 'user_id, position', by_position: 'position', by_user_song: 'user_id, song_id' },
  );
}
