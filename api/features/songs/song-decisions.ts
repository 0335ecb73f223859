import { isDeepStrictEqual } from 'node:util';
import type { DataOf, DecidedEvent, SongFileMetadata, SongFolderFiles } from '../../../events/catalog';
import type { SongState } from './song-state';

/** An event the song commands decide to append to the song's stream. */
export type SongEvent = DecidedEvent<'SongCatalogued' | 'SongFilesChanged' | 'SongRemovedFromDisk' | 'SongMetadataEdited' | 'SongGenreEdited'>;
export type StarEvent = DecidedEvent<'SongStarred' | 'SongUnstarred'>;

/**
 * CatalogueSong (a scan read the folder): a new song is catalogued; a known one changes only when
 * its files or its song.json differ from the last scan (or it was gone), so re-scanning an
 * unchanged library appends nothing.
 */
export function decideCatalogueSong(
  state: SongState,
  command: { songId: number; folder: string; files: SongFolderFiles; metadata: SongFileMetadata },
): SongEvent[] {
  const { songId, folder, files, metadata } = command;
  if (!state.catalogued) return [{ type: 'SongCatalogued', data: { songId, folder, files, metadata } }];
  const metadataChanged = !isDeepStrictEqual(state.fileMetadata, metadata);
  if (state.onDisk && !metadataChanged && isDeepStrictEqual(state.files, files)) return [];
  return [{ type: 'SongFilesChanged', data: { songId, files, ...(metadataChanged && { metadata }) } }];
}

/** RemoveSongFromDisk (a scan did not find its folder): only once, and only a song it knew. */
export function decideRemoveSongFromDisk(state: SongState, command: { songId: number }): SongEvent[] {
  if (!state.catalogued || !state.onDisk) return [];
  return [{ type: 'SongRemovedFromDisk', data: { songId: command.songId } }];
}

/** EditSongMetadata: the event carries only the fields that actually change (null clears one). */
export function decideEditSongMetadata(
  state: SongState,
  command: { songId: number; userId: number; title?: string; bpm?: number | null; key?: string | null; difficulty?: number | null },
): SongEvent[] {
  const data: DataOf<'SongMetadataEdited'> = { songId: command.songId, userId: command.userId };
  if (command.title !== undefined && command.title !== state.title) data.title = command.title;
  if (command.bpm !== undefined && command.bpm !== state.bpm) data.bpm = command.bpm;
  if (command.key !== undefined && command.key !== state.key) data.key = command.key;
  if (command.difficulty !== undefined && (command.difficulty ?? 5) !== state.difficulty) data.difficulty = command.difficulty;
  if (Object.keys(data).length === 2) return [];
  return [{ type: 'SongMetadataEdited', data }];
}

/** EditSongGenre: both genres at once; the same pair again changes nothing. */
export function decideEditSongGenre(
  state: SongState,
  command: { songId: number; userId: number; genre: string | null; genre2: string | null },
): SongEvent[] {
  if (command.genre === state.genre && command.genre2 === state.genre2) return [];
  return [{ type: 'SongGenreEdited', data: command }];
}

/** A user's stars stream (`song-stars-<userId>`) folded: the songs they starred. */
export type StarsState = ReadonlySet<number>;
export const initialStarsState: StarsState = new Set();

export function evolveStarsState(state: StarsState, event: { type: string; data: unknown }): StarsState {
  if (event.type !== 'SongStarred' && event.type !== 'SongUnstarred') return state;
  const { songId } = event.data as { songId: number };
  const next = new Set(state);
  if (event.type === 'SongStarred') next.add(songId);
  else next.delete(songId);
  return next;
}

/** StarSong / UnstarSong: starring a starred song (or unstarring one that is not) changes nothing. */
export function decideSetStarred(state: StarsState, command: { userId: number; songId: number; starred: boolean }): StarEvent[] {
  const { userId, songId, starred } = command;
  if (state.has(songId) === starred) return [];
  return [{ type: starred ? 'SongStarred' : 'SongUnstarred', data: { userId, songId } }];
}
