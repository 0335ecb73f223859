import type { DecidedEvent } from '../../events/catalog';

export type StarEvent = DecidedEvent<'SongStarred' | 'SongUnstarred'>;

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
