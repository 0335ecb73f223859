import type { GenerationTables } from '../runtime/projection-definition';

/** Each user's preset per song; queries read the view of this name. */
export const songPresetsTable = 'song_presets';

/**
 * Version 2 (tempo and transpose added; a change here is a new projection version, rebuilt
 * blue/green, not an ALTER). A reset keeps the row as a tombstone (`deleted`), so a synced client
 * learns about it. `tempo` and `transpose` are stored filled in: 1 and 0 for a preset saved
 * without them.
 * `position` is the log position of the event that last changed the row: the sync checkpoint
 * (text in the "C" collation, so comparison is the store's plain string order).
 */
export function songPresetsMigration(tables: GenerationTables<typeof songPresetsTable>): string {
  const table = tables[songPresetsTable];
  return `
CREATE TABLE ${table} (
  user_id integer NOT NULL,
  song_id integer NOT NULL,
  volumes jsonb NOT NULL,
  mutes jsonb NOT NULL,
  tempo double precision NOT NULL,
  transpose integer NOT NULL,
  deleted boolean NOT NULL,
  changed_at timestamptz NOT NULL,
  position text COLLATE "C" NOT NULL,
  PRIMARY KEY (user_id, song_id)
);
CREATE INDEX ${table}_by_user_position ON ${table} (user_id, position);
CREATE INDEX ${table}_by_position ON ${table} (position);
`;
}
