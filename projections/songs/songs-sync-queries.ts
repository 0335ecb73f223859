import type { Position } from '../../events/store/event-store';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { type SongOverlayFields, type SongRecord, type SongRow, overlayJoin, toSong } from './songs-queries';
import { songOverlaysTable, songStarsTable, songsTable } from './songs-tables';

// Changes since a sync checkpoint, in position order. A batch commits all its rows at once, so a row
// committed later has a later position: paging by position never skips a change.

/** A song as sync sends it: off-disk songs included (tombstones), with the position of its last change. */
export interface SongChange extends SongRecord {
  onDisk: boolean;
  position: Position;
}

/** One user's star of a song (or unstar: `starred` false). */
export interface StarChange {
  userId: number;
  songId: number;
  starred: boolean;
  changedAt: Date;
  position: Position;
}

const songColumns = `s.song_id, s.folder, s.directory, s.title, s.genre, s.genre2, s.song_key, s.bpm, s.first_beat, s.difficulty,
  s.duration_seconds, s.stems, s.has_lyrics, s.chord_instruments, s.detected_chord_instruments, s.sections, s.problems, s.play_count, false AS starred,
  s.on_disk, s.position`;

type SongChangeRow = SongRow & { on_disk: boolean; position: string };
const toSongChange = (row: SongChangeRow): SongChange => ({ ...toSong(row), onDisk: row.on_disk, position: row.position });

/** Catalogue songs changed after `after` (on disk or not), oldest first, no user's own edits. */
export async function listCatalogueSongChanges(sql: SqlExecutor, after: Position, limit: number): Promise<SongChange[]> {
  const { rows } = await sql.query<SongChangeRow>(
    `SELECT ${songColumns} FROM ${songsTable} s WHERE s.position > $1 ORDER BY s.position LIMIT $2`,
    [after, limit],
  );
  return rows.map(toSongChange);
}

/**
 * Songs as `userId` sees them whose catalogue row or user edit changed after `after`, oldest first, at
 * most `limit`. Both tables are written in the same batches, so the later of the two positions orders them.
 */
export async function listSongChanges(sql: SqlExecutor, userId: number, after: Position, limit: number): Promise<SongChange[]> {
  const viewPosition = `greatest(s.position, coalesce(o.position, ''))`;
  const { rows } = await sql.query<SongChangeRow>(
    `SELECT ${songColumns.replace('s.position', `${viewPosition} AS position`)}, o.fields AS overlay
     FROM ${songsTable} s ${overlayJoin}
     WHERE s.song_id IN (SELECT song_id FROM ${songsTable} WHERE position > $2
                         UNION SELECT song_id FROM ${songOverlaysTable} WHERE user_id = $1 AND position > $2)
     ORDER BY ${viewPosition} LIMIT $3`,
    [userId, after, limit],
  );
  return rows.map(toSongChange);
}

/** The catalogue rows of these songs (on disk or not), whatever their position. */
export async function catalogueSongsByIds(sql: SqlExecutor, songIds: readonly number[]): Promise<SongChange[]> {
  if (songIds.length === 0) return [];
  const { rows } = await sql.query<SongChangeRow>(`SELECT ${songColumns} FROM ${songsTable} s WHERE s.song_id = ANY($1::integer[])`, [[...new Set(songIds)]]);
  return rows.map(toSongChange);
}

/** One user's own view of one song: the fields they edited, and the position of their last edit. */
export interface SongOverlay {
  userId: number;
  songId: number;
  fields: SongOverlayFields;
  position: Position;
}

interface OverlayRow {
  user_id: number;
  song_id: number;
  fields: SongOverlayFields;
  position: string;
}

const toOverlay = (row: OverlayRow): SongOverlay => ({ userId: Number(row.user_id), songId: Number(row.song_id), fields: row.fields, position: row.position });

/** The own views of any of `userIds` changed after `after` (the live stream's shared poll), at most `limit`. */
export async function listOverlayChangesOfUsers(sql: SqlExecutor, userIds: readonly number[], after: Position, limit: number): Promise<SongOverlay[]> {
  const { rows } = await sql.query<OverlayRow>(
    `SELECT user_id, song_id, fields, position FROM ${songOverlaysTable}
     WHERE position > $1 AND user_id = ANY($2::integer[]) ORDER BY position LIMIT $3`,
    [after, [...userIds], limit],
  );
  return rows.map(toOverlay);
}

/** The own views any of `userIds` has of any of `songIds`, whenever they changed. */
export async function overlaysOf(sql: SqlExecutor, userIds: readonly number[], songIds: readonly number[]): Promise<SongOverlay[]> {
  if (userIds.length === 0 || songIds.length === 0) return [];
  const { rows } = await sql.query<OverlayRow>(
    `SELECT user_id, song_id, fields, position FROM ${songOverlaysTable} WHERE user_id = ANY($1::integer[]) AND song_id = ANY($2::integer[])`,
    [[...userIds], [...new Set(songIds)]],
  );
  return rows.map(toOverlay);
}

interface StarRow {
  user_id: number;
  song_id: number;
  starred: boolean;
  changed_at: Date | string;
  position: string;
}

const toStar = (row: StarRow): StarChange => ({
  userId: Number(row.user_id),
  songId: Number(row.song_id),
  starred: row.starred,
  changedAt: new Date(row.changed_at),
  position: row.position,
});

/** One user's stars changed after `after`, oldest change first, at most `limit`. */
export async function listStarChanges(sql: SqlExecutor, userId: number, after: Position, limit: number): Promise<StarChange[]> {
  const { rows } = await sql.query<StarRow>(
    `SELECT user_id, song_id, starred, changed_at, position FROM ${songStarsTable}
     WHERE user_id = $1 AND position > $2 ORDER BY position LIMIT $3`,
    [userId, after, limit],
  );
  return rows.map(toStar);
}

/** The stars of any of `userIds` changed after `after` (the live stream's shared poll), at most `limit`. */
export async function listStarChangesOfUsers(sql: SqlExecutor, userIds: readonly number[], after: Position, limit: number): Promise<StarChange[]> {
  const { rows } = await sql.query<StarRow>(
    `SELECT user_id, song_id, starred, changed_at, position FROM ${songStarsTable}
     WHERE position > $1 AND user_id = ANY($2::integer[]) ORDER BY position LIMIT $3`,
    [after, [...userIds], limit],
  );
  return rows.map(toStar);
}

/** The newest positions of any song row, star row and own-view row (START when there is none). */
export async function latestSongsPositions(sql: SqlExecutor): Promise<{ songs: Position; stars: Position; overlays: Position }> {
  const { rows } = await sql.query<{ songs: string | null; stars: string | null; overlays: string | null }>(
    `SELECT (SELECT max(position) FROM ${songsTable}) AS songs, (SELECT max(position) FROM ${songStarsTable}) AS stars,
       (SELECT max(position) FROM ${songOverlaysTable}) AS overlays`,
  );
  return { songs: rows[0]?.songs ?? '', stars: rows[0]?.stars ?? '', overlays: rows[0]?.overlays ?? '' };
}
