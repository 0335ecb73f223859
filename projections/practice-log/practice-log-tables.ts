import type { GenerationTables } from '../runtime/projection-definition';
import { createTable } from '../table-ddl';

/** Seconds practised per musician and local day: the week chart and the streak. */
export const practiceDaysTable = 'practice_days';
/** Seconds practised per musician and song. */
export const practiceSongsTable = 'practice_songs';
/** Per musician, song, looped passage and day: the best tempo it was played at (tempo progress). */
export const practiceLoopsTable = 'practice_loops';

/** Per musician, song and day: the best tempo the song was played at (its tempo progression). */
export const practiceSongDaysTable = 'practice_song_days';

export type PracticeLogTable = typeof practiceDaysTable | typeof practiceSongsTable | typeof practiceLoopsTable | typeof practiceSongDaysTable;

/** Version 2 of the tables (1 without `practice_song_days`). A change here is a new projection version (blue/green rebuild). */
export function practiceLogMigration(tables: GenerationTables<PracticeLogTable>): string {
  return [
    createTable(tables[practiceDaysTable], `
  user_id integer NOT NULL,
  local_date date NOT NULL,
  seconds bigint NOT NULL CHECK (seconds >= 0),
  sessions integer NOT NULL CHECK (sessions >= 0),
  PRIMARY KEY (user_id, local_date)
`),
    createTable(tables[practiceSongsTable], `
  user_id integer NOT NULL,
  song_id integer NOT NULL,
  seconds bigint NOT NULL CHECK (seconds >= 0),
  sessions integer NOT NULL CHECK (sessions >= 0),
  last_practised_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, song_id)
`),
    createTable(tables[practiceLoopsTable], `
  user_id integer NOT NULL,
  song_id integer NOT NULL,
  loop_start double precision NOT NULL,
  loop_end double precision NOT NULL,
  local_date date NOT NULL,
  best_tempo double precision NOT NULL,
  seconds bigint NOT NULL CHECK (seconds >= 0),
  PRIMARY KEY (user_id, song_id, loop_start, loop_end, local_date)
`),
    createTable(tables[practiceSongDaysTable], `
  user_id integer NOT NULL,
  song_id integer NOT NULL,
  local_date date NOT NULL,
  best_tempo double precision NOT NULL,
  seconds bigint NOT NULL CHECK (seconds >= 0),
  sessions integer NOT NULL CHECK (sessions >= 0),
  PRIMARY KEY (user_id, song_id, local_date)
`),
  ].join('');
}
