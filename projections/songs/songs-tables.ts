import type { GenerationTables } from '../runtime/projection-definition';
import { createTable, userSongSyncTable } from '../table-ddl';

/** The songs of the library; queries read the view of this name, never a generation's table. */
export const songsTable = 'songs';
/** Which user starred which song. */
export const songStarsTable = 'song_stars';

/** Each user's own view of song details (decision 0063): the fields they edited, over the catalogue's. */
export const songOverlaysTable = 'song_overlays';

export type SongsTables = typeof songsTable | typeof songStarsTable | typeof songOverlaysTable;

/**
 * Version 5 (3: `first_beat`; 4: `song_overlays`; 5: `detected_chord_instruments`); a change is a new
 * projection version, not an ALTER. `chord_instruments`: the chord files'; `detected_chord_instruments`:
 * the last analysis' charts, master first, offered while the folder has no chord file.
 * Only names listed in `stems` are served from `directory`. `position` is the sync checkpoint ("C"
 * collation, so it compares as the store's positions). An unstarred song keeps its row (`starred`
 * false) so sync can tell clients. `song_overlays.fields`: a user's own edits (null = cleared).
 */
export function songsMigration(tables: GenerationTables<SongsTables>): string {
  const songs = createTable(tables[songsTable], `
  song_id integer PRIMARY KEY,
  folder text NOT NULL,
  directory text NOT NULL,
  title text NOT NULL,
  genre text,
  genre2 text,
  song_key text,
  bpm double precision,
  first_beat double precision,
  difficulty integer NOT NULL DEFAULT 5,
  duration_seconds double precision,
  stems jsonb NOT NULL DEFAULT '[]',
  has_lyrics boolean NOT NULL DEFAULT false,
  chord_instruments text[] NOT NULL DEFAULT '{}',
  detected_chord_instruments text[] NOT NULL DEFAULT '{}',
  sections jsonb NOT NULL DEFAULT '[]',
  problems jsonb NOT NULL DEFAULT '[]',
  play_count bigint NOT NULL DEFAULT 0,
  on_disk boolean NOT NULL DEFAULT true,
  changed_at timestamptz NOT NULL,
  position text COLLATE "C" NOT NULL
`, { by_position: 'position' });
  const stars = userSongSyncTable(tables[songStarsTable], `
  starred boolean NOT NULL,`);
  const overlays = userSongSyncTable(tables[songOverlaysTable], `
  fields jsonb NOT NULL,`);
  return songs + stars + overlays;
}
