import type { Position } from '../../events/store/event-store';
import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { type SongRecord, type SongRow, toSong } from './songs-queries';
import { songStarsTable, songsTable } from './songs-tables';

// The changes since a sync checkpoint (docs/sync-protocol.md): rows whose last change lies after a
// log position, in position order. Projections apply events in log order and a batch commits all
// of its rows at once, so a row committed later always has a later position: paging by position
// never skips a change.

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
  s.duration_seconds, s.stems, s.has_lyrics, s.chord_instruments, s.sections, s.problems, s.play_count, false AS starred,
  s.on_disk, s.position`;

/** Songs changed after `after` (every song, on disk or not), oldest change first, at most `limit`. */
export async function listSongChanges(sql: SqlExecutor, after: Position, limit: number): Promise<SongChange[]> {
  const { rows } = await sql.query<SongRow & { on_disk: boolean; position: string }>(
    `SELECT ${songColumns} FROM ${songsTable} s WHERE s.position > $1 ORDER BY s.position LIMIT $2`,
    [after, limit],
  );
  return rows.map((row) => ({ ...toSong(row), onDisk: row.on_disk, position: row.position }));
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

/** The newest positions of any song row and any star row (START when there is none). */
export async function latestSongsPositions(sql: SqlExecutor): Promise<{ songs: Position; stars: Position }> {
  const { rows } = await sql.query<{ songs: string | null; stars: string | null }>(
    `SELECT (SELECT max(position) FROM ${songsTable}) AS songs, (SELECT max(position) FROM ${songStarsTable}) AS stars`,
  );
  return { songs: rows[0]?.songs ?? '', stars: rows[0]?.stars ?? '' };
}
