import type { StoredEvent } from '../../../events/catalog';
import { type StarEvent, decideSetStarred } from '../../library/star-decisions';
import { PushConflict } from './push-conflict';
import type { StarDocument } from '../../../contract/sync-documents';

/** A user's stars stream folded into sync's documents: per song, starred or not and when that changed. */
export type StarDocumentsState = ReadonlyMap<number, { starred: boolean; updatedAt: string }>;
export const initialStarDocumentsState: StarDocumentsState = new Map();

/** The stream the stars of `userId` live in (shared with the songs feature's star command). */
export function starsStream(userId: number): string {
  return `song-stars-${userId}`;
}

/** The same rules as the songs read model's star rows (projections/songs). */
export function evolveStarDocumentsState(state: StarDocumentsState, event: StoredEvent): StarDocumentsState {
  if (event.type !== 'SongStarred' && event.type !== 'SongUnstarred') return state;
  const next = new Map(state);
  next.set(event.data.songId, { starred: event.type === 'SongStarred', updatedAt: event.metadata.occurredAt });
  return next;
}

/** The server's document for one song: as the stars pull serves it, or "not starred" when it never was. */
export function starMasterDocument(state: StarDocumentsState, songId: number): StarDocument {
  const star = state.get(songId);
  return { id: String(songId), starred: star?.starred ?? false, updatedAt: star ? Date.parse(star.updatedAt) : 0, _deleted: false };
}

/** What a star document says; no document (or a deleted one) means not starred. */
function starredIn(document: StarDocument | null): boolean {
  return document !== null && !document._deleted && document.starred;
}

/** PushStar: applied when its assumed `starred` (not `updatedAt`) matches the server's, else `PushConflict`; songs off disk never change. */
export function decideStarPush(
  state: StarDocumentsState,
  command: { userId: number; songId: number; songOnDisk: boolean; assumedMasterState: StarDocument | null; newDocumentState: StarDocument },
): StarEvent[] {
  const master = starMasterDocument(state, command.songId);
  if (!command.songOnDisk || starredIn(command.assumedMasterState) !== master.starred) throw new PushConflict(master);
  const starredSongs = new Set([...state].filter(([, star]) => star.starred).map(([songId]) => songId));
  return decideSetStarred(starredSongs, { userId: command.userId, songId: command.songId, starred: starredIn(command.newDocumentState) });
}
