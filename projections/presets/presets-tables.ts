import type { GenerationTables } from '../runtime/projection-definition';
import { userSongSyncTable } from '../table-ddl';

/** Each user's preset per song; queries read the view of this name. */
export const songPresetsTable = 'song_presets';

/**
 * Version 2 (tempo and transpose, stored filled in: 1 and 0 when absent). A reset keeps the row as a
 * tombstone (`deleted`) so a synced client learns of it.
 */
export function songPresetsMigration(tables: GenerationTables<typeof songPresetsTable>): string {
  return userSongSyncTable(tables[songPresetsTable], `
  volumes jsonb NOT NULL,
  mutes jsonb NOT NULL,
  tempo double precision NOT NULL,
  transpose integer NOT NULL,
  deleted boolean NOT NULL,`);
}
