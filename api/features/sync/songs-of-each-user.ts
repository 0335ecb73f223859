import type { Position } from '../../../events/store/event-store';
import type { SqlExecutor } from '../../../events/store/postgres/sql-client';
import { withOverlay } from '../../../projections/songs/songs-queries';
import { type SongChange, type SongOverlay, catalogueSongsByIds, overlaysOf } from '../../../projections/songs/songs-sync-queries';

/**
 * The songs each listening user is sent for one live-feed poll, as that user sees them (decision
 * 0063): changed catalogue songs with the user's own values over them, and songs whose own view
 * changed, positioned by the later change. A row changed after `upTo` keeps its values but not its
 * position, so a checkpoint never passes an unsent change. Two statements, however many listen.
 */
export async function songsOfEachUser(
  sql: SqlExecutor,
  userIds: readonly number[],
  changedSongs: readonly SongChange[],
  changedOverlays: readonly SongOverlay[],
  upTo: Position,
): Promise<Map<number, SongChange[]>> {
  const changedIds = new Set(changedSongs.map((song) => song.id));
  const [overlays, otherSongs] = await Promise.all([
    overlaysOf(sql, userIds, [...changedIds]),
    catalogueSongsByIds(sql, changedOverlays.filter((overlay) => !changedIds.has(overlay.songId)).map((overlay) => overlay.songId)),
  ]);
  const catalogue = new Map([...changedSongs, ...otherSongs].map((song) => [song.id, song]));
  const viewOf = new Map<string, SongOverlay>();
  // The rows read last are the newest: they win over the poll's.
  for (const overlay of [...changedOverlays, ...overlays]) viewOf.set(`${overlay.userId}:${overlay.songId}`, overlay);
  const result = new Map<number, SongChange[]>();
  for (const userId of userIds) {
    const songIds = new Set([...changedIds, ...changedOverlays.filter((overlay) => overlay.userId === userId).map((overlay) => overlay.songId)]);
    const songs: SongChange[] = [];
    for (const songId of songIds) {
      const song = catalogue.get(songId);
      if (!song) continue;
      const overlay = viewOf.get(`${userId}:${songId}`);
      songs.push(viewed(song, overlay, upTo));
    }
    songs.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
    result.set(userId, songs);
  }
  return result;
}

/** The song with the user's own values, at the later of the two positions that are not after `upTo`. */
function viewed(song: SongChange, overlay: SongOverlay | undefined, upTo: Position): SongChange {
  const position = [song.position, overlay?.position ?? ''].filter((at) => at <= upTo).reduce((a, b) => (b > a ? b : a), '');
  if (!overlay) return { ...song, position };
  const row = withOverlay(
    { title: song.title, genre: song.genre, genre2: song.genre2, song_key: song.key, bpm: song.bpm, difficulty: song.difficulty },
    overlay.fields,
  );
  return {
    ...song,
    title: row.title,
    genre: row.genre,
    genre2: row.genre2,
    key: row.song_key,
    bpm: row.bpm === null ? null : Number(row.bpm),
    difficulty: Number(row.difficulty),
    position,
  };
}
