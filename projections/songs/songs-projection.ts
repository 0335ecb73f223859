import { assertNever, type SongFileMetadata, type SongFolderFiles } from '../../events/catalog';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { defineProjection } from '../runtime/projection-definition';
import type { SongOverlayFields, SongRow } from './songs-queries';
import { songOverlaysTable, songStarsTable, songsMigration, songsTable } from './songs-tables';

/** The song's columns an event may set (snake_case, as stored); absent keys keep their value. */
type SongColumns = Omit<SongRow, 'song_id' | 'folder' | 'play_count' | 'starred' | 'overlay'> & { on_disk: boolean };

/** What one batch changes of one song: a whole new row, or a patch on the stored one; plus plays. */
interface SongChange {
  songId: number;
  /** Present when the song was catalogued in this batch (later events of the batch already merged). */
  created?: SongColumns & { folder: string };
  patch: Partial<SongColumns>;
  plays: number;
  changedAt: string;
  /** Log position of the last event of the batch that changed the song. */
  position: string;
}

interface StarChange {
  userId: number;
  songId: number;
  starred: boolean;
  at: string;
  position: string;
}

/** The fields one user edited for their own view of one song (decision 0063), merged over the batch. */
interface OverlayChange {
  userId: number;
  songId: number;
  fields: SongOverlayFields;
  at: string;
  position: string;
}

export interface SongsChanges {
  songs: Map<number, SongChange>;
  stars: Map<string, StarChange>;
  overlays: Map<string, OverlayChange>;
}

const defaultDifficulty = 5;

/** Detected chart instruments in the chord files' order: master first, then by name. */
export function detectedChordOrder(instruments: readonly string[]): string[] {
  return [...instruments].sort((a, b) => (a === 'master' ? -1 : b === 'master' ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

function filesColumns(files: SongFolderFiles): Partial<SongColumns> {
  return {
    directory: files.directory,
    duration_seconds: files.durationSeconds,
    stems: files.stems,
    has_lyrics: files.hasLyrics,
    chord_instruments: [...files.chordInstruments],
    sections: files.sections,
    problems: files.problems,
    on_disk: true,
  };
}

function metadataColumns(metadata: SongFileMetadata): Partial<SongColumns> {
  const columns: Partial<SongColumns> = {
    genre: metadata.genre,
    genre2: metadata.genre2,
    song_key: metadata.key,
    bpm: metadata.bpm,
    difficulty: metadata.difficulty ?? defaultDifficulty,
  };
  // Without a title in song.json a re-scan keeps the song's title (the folder name or an edit).
  if (metadata.title !== null) columns.title = metadata.title;
  return columns;
}

/**
 * The library: a row per song folder ever catalogued (hidden while off disk) with files, metadata and
 * play count; each user's stars and own song details.
 */
export const songs = defineProjection({
  name: 'songs',
  // 3: first_beat (the analysis' first downbeat); 4: song_overlays (each user's own view, decision 0063);
  // 5: detected_chord_instruments (detected charts reach the chord strip, decision 0073).
  version: 5,
  eventTypes: [
    'SongCatalogued',
    'SongFilesChanged',
    'SongRemovedFromDisk',
    'SongMetadataEdited',
    'SongGenreEdited',
    'SongDetailsEditedForUser',
    'SongTempoAnalysed',
    'SongAnalysed',
    'SongBpmDetected',
    'SongPlayed',
    'SongStarred',
    'SongUnstarred',
  ],
  tables: [songsTable, songStarsTable, songOverlaysTable],
  migration: songsMigration,

  fold(events, changes: SongsChanges = { songs: new Map(), stars: new Map(), overlays: new Map() }) {
    let position = '';
    const songChange = (songId: number, at: string): SongChange => {
      let change = changes.songs.get(songId);
      if (!change) {
        change = { songId, patch: {}, plays: 0, changedAt: at, position };
        changes.songs.set(songId, change);
      }
      change.changedAt = at;
      change.position = position;
      return change;
    };
    const patch = (songId: number, at: string, columns: Partial<SongColumns>) => {
      const change = songChange(songId, at);
      if (change.created) Object.assign(change.created, columns);
      else Object.assign(change.patch, columns);
    };
    for (const event of events) {
      const at = event.metadata.occurredAt;
      position = event.position;
      switch (event.type) {
        case 'SongCatalogued': {
          const { songId, folder, files, metadata } = event.data;
          const change = songChange(songId, at);
          change.created = {
            folder,
            title: folder,
            ...filesColumns(files),
            ...metadataColumns(metadata),
          } as SongColumns & { folder: string };
          break;
        }
        case 'SongFilesChanged':
          patch(event.data.songId, at, {
            ...filesColumns(event.data.files),
            ...(event.data.metadata ? metadataColumns(event.data.metadata) : {}),
          });
          break;
        case 'SongRemovedFromDisk':
          patch(event.data.songId, at, { on_disk: false });
          break;
        case 'SongMetadataEdited': {
          const { songId, title, bpm, key, difficulty } = event.data;
          const columns: Partial<SongColumns> = {};
          if (title !== undefined) columns.title = title;
          if (bpm !== undefined) columns.bpm = bpm;
          if (key !== undefined) columns.song_key = key;
          if (difficulty !== undefined) columns.difficulty = difficulty ?? defaultDifficulty;
          patch(songId, at, columns);
          break;
        }
        case 'SongGenreEdited':
          patch(event.data.songId, at, { genre: event.data.genre, genre2: event.data.genre2 });
          break;
        case 'SongDetailsEditedForUser': {
          const { userId, songId, title, genre, genre2, key, bpm, difficulty } = event.data;
          const id = `${userId}:${songId}`;
          const overlay = changes.overlays.get(id) ?? { userId, songId, fields: {}, at, position };
          if (title !== undefined) overlay.fields.title = title;
          if (genre !== undefined) overlay.fields.genre = genre;
          if (genre2 !== undefined) overlay.fields.genre2 = genre2;
          if (key !== undefined) overlay.fields.song_key = key;
          if (bpm !== undefined) overlay.fields.bpm = bpm;
          if (difficulty !== undefined) overlay.fields.difficulty = difficulty ?? defaultDifficulty;
          overlay.at = at;
          overlay.position = position;
          changes.overlays.set(id, overlay);
          break;
        }
        case 'SongAnalysed': {
          // Only what the song takes from the analysis (song.json and edits win); the charts' texts are in
          // detected-chords, their instruments here, so the song says which charts it offers.
          // The first beat is always the analysis' (nothing else gives one); absent on older events.
          const { bpm, key } = event.data.applied;
          const { firstBeat, chords } = event.data;
          patch(event.data.songId, at, {
            ...(bpm !== undefined && { bpm }),
            ...(key !== undefined && { song_key: key }),
            ...(firstBeat !== undefined && { first_beat: firstBeat }),
            detected_chord_instruments: detectedChordOrder(Object.keys(chords)),
          });
          break;
        }
        case 'SongTempoAnalysed': {
          // A scan's tempo, ahead of its key and chords (the SongAnalysed that follows repeats it).
          const { applied, firstBeat } = event.data;
          patch(event.data.songId, at, { ...(applied.bpm !== undefined && { bpm: applied.bpm }), first_beat: firstBeat });
          break;
        }
        case 'SongBpmDetected': {
          const { applied, bpm, firstBeat } = event.data;
          patch(event.data.songId, at, { ...(applied && { bpm }), ...(firstBeat !== undefined && { first_beat: firstBeat }) });
          break;
        }
        case 'SongPlayed':
          songChange(event.data.songId, at).plays += 1;
          break;
        case 'SongStarred':
        case 'SongUnstarred': {
          const { userId, songId } = event.data;
          changes.stars.set(`${userId}:${songId}`, { userId, songId, starred: event.type === 'SongStarred', at, position });
          break;
        }
        default:
          assertNever(event);
      }
    }
    return changes;
  },

  async apply(tx: SqlExecutor, changes: SongsChanges, tables) {
    const songsName = tables[songsTable];
    const starsName = tables[songStarsTable];
    const all = [...changes.songs.values()];
    const created = all.filter((change) => change.created);
    const updated = all.filter((change) => !change.created);
    if (created.length > 0) {
      await tx.query(
        `INSERT INTO ${songsName} (song_id, folder, directory, title, genre, genre2, song_key, bpm, first_beat, difficulty, duration_seconds,
           stems, has_lyrics, chord_instruments, detected_chord_instruments, sections, problems, play_count, on_disk, changed_at, position)
         SELECT (c->>'song_id')::integer, c->>'folder', c->>'directory', c->>'title', c->>'genre', c->>'genre2', c->>'song_key',
           (c->>'bpm')::double precision, (c->>'first_beat')::double precision, (c->>'difficulty')::integer, (c->>'duration_seconds')::double precision,
           c->'stems', (c->>'has_lyrics')::boolean, ARRAY(SELECT jsonb_array_elements_text(c->'chord_instruments')),
           ARRAY(SELECT jsonb_array_elements_text(coalesce(c->'detected_chord_instruments', '[]'))), c->'sections', c->'problems', (c->>'plays')::bigint, (c->>'on_disk')::boolean, (c->>'changed_at')::timestamptz,
           c->>'position'
         FROM jsonb_array_elements($1::jsonb) AS c`,
        [
          JSON.stringify(
            created.map((change) => ({ ...change.created, song_id: change.songId, plays: change.plays, changed_at: change.changedAt, position: change.position })),
          ),
        ],
      );
    }
    if (updated.length > 0) {
      const text = (column: string) => `CASE WHEN c.patch ? '${column}' THEN c.patch->>'${column}' ELSE s.${column} END`;
      const typed = (column: string, type: string) =>
        `CASE WHEN c.patch ? '${column}' THEN (c.patch->>'${column}')::${type} ELSE s.${column} END`;
      const json = (column: string) => `CASE WHEN c.patch ? '${column}' THEN c.patch->'${column}' ELSE s.${column} END`;
      const textArray = (column: string) =>
        `CASE WHEN c.patch ? '${column}' THEN ARRAY(SELECT jsonb_array_elements_text(c.patch->'${column}')) ELSE s.${column} END`;
      await tx.query(
        `UPDATE ${songsName} AS s SET
           directory = ${text('directory')}, title = ${text('title')}, genre = ${text('genre')}, genre2 = ${text('genre2')},
           song_key = ${text('song_key')}, bpm = ${typed('bpm', 'double precision')}, first_beat = ${typed('first_beat', 'double precision')},
           difficulty = ${typed('difficulty', 'integer')},
           duration_seconds = ${typed('duration_seconds', 'double precision')}, stems = ${json('stems')},
           has_lyrics = ${typed('has_lyrics', 'boolean')},
           chord_instruments = ${textArray('chord_instruments')}, detected_chord_instruments = ${textArray('detected_chord_instruments')},
           sections = ${json('sections')}, problems = ${json('problems')}, on_disk = ${typed('on_disk', 'boolean')},
           play_count = s.play_count + c.plays, changed_at = greatest(s.changed_at, c.changed_at), position = c.position
         FROM jsonb_to_recordset($1::jsonb) AS c(song_id integer, patch jsonb, plays bigint, changed_at timestamptz, position text)
         WHERE s.song_id = c.song_id`,
        [
          JSON.stringify(
            updated.map((change) => ({ song_id: change.songId, patch: change.patch, plays: change.plays, changed_at: change.changedAt, position: change.position })),
          ),
        ],
      );
    }
    const stars = [...changes.stars.values()];
    if (stars.length > 0) {
      // An unstar keeps the row (starred false), so a synced client learns of it.
      await tx.query(
        `INSERT INTO ${starsName} (user_id, song_id, starred, changed_at, position)
         SELECT user_id, song_id, starred, at, position
         FROM jsonb_to_recordset($1::jsonb) AS c(user_id integer, song_id integer, starred boolean, at timestamptz, position text)
         ON CONFLICT (user_id, song_id) DO UPDATE SET starred = excluded.starred, changed_at = excluded.changed_at, position = excluded.position`,
        [JSON.stringify(stars.map((star) => ({ user_id: star.userId, song_id: star.songId, starred: star.starred, at: star.at, position: star.position })))],
      );
    }
    const overlays = [...changes.overlays.values()];
    if (overlays.length > 0) {
      // Fields edited before stay: a later edit of one field merges over the user's earlier ones.
      await tx.query(
        `INSERT INTO ${tables[songOverlaysTable]} AS o (user_id, song_id, fields, changed_at, position)
         SELECT user_id, song_id, fields, at, position
         FROM jsonb_to_recordset($1::jsonb) AS c(user_id integer, song_id integer, fields jsonb, at timestamptz, position text)
         ON CONFLICT (user_id, song_id) DO UPDATE SET fields = o.fields || excluded.fields, changed_at = excluded.changed_at, position = excluded.position`,
        [JSON.stringify(overlays.map((o) => ({ user_id: o.userId, song_id: o.songId, fields: o.fields, at: o.at, position: o.position })))],
      );
    }
  },
});
