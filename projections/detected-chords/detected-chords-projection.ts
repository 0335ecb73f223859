import { assertNever } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';

/** The table of chord charts detected from songs' audio; queries read the view of this name. */
export const detectedChordsTable = 'detected_chords';

interface ChartsChange {
  songId: number;
  charts: Record<string, string>;
  at: string;
}

export type DetectedChordsChanges = Map<number, ChartsChange>;

/** Detected chord charts per song and instrument; apart from songs since the song list never needs them. */
export const detectedChords = defineProjection({
  name: 'detected-chords',
  version: 1,
  eventTypes: ['SongAnalysed'],
  tables: [detectedChordsTable],
  migration: (tables) => `
CREATE TABLE ${tables[detectedChordsTable]} (
  song_id integer PRIMARY KEY,
  charts jsonb NOT NULL,
  changed_at timestamptz NOT NULL
);`,

  fold(events, changes: DetectedChordsChanges = new Map()) {
    for (const event of events) {
      switch (event.type) {
        case 'SongAnalysed':
          // Each analysis replaces the last one's charts whole.
          changes.set(event.data.songId, { songId: event.data.songId, charts: event.data.chords, at: event.metadata.occurredAt });
          break;
        default:
          assertNever(event.type);
      }
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: DetectedChordsChanges, tables) {
    if (changes.size === 0) return;
    await tx.query(
      `INSERT INTO ${tables[detectedChordsTable]} (song_id, charts, changed_at)
       SELECT song_id, charts, at FROM jsonb_to_recordset($1::jsonb) AS c(song_id integer, charts jsonb, at timestamptz)
       ON CONFLICT (song_id) DO UPDATE SET charts = excluded.charts, changed_at = excluded.changed_at`,
      [JSON.stringify([...changes.values()].map((change) => ({ song_id: change.songId, charts: change.charts, at: change.at })))],
    );
  },
});
