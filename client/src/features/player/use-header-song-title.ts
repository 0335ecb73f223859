import { useAppSelector } from '../../app/hooks';
import { useLocalDatabase, useLocalDocument } from '../../lib/db/use-local-database';
import { songKey } from '../../../../contract/sync-documents';
import { selectPlayerSongTitle } from './player-api';

/**
 * The title the app header shows for song `songId` (null: none, the header names the product).
 * From GET /api/songs/{id} when the player fetched it; offline that call fails, so the title comes
 * from the local library (RxDB), which already holds every song the user can open (offline practice, decision 0033).
 */
export function useHeaderSongTitle(songId: number | null): string | null {
  const fetched = useAppSelector((state) => selectPlayerSongTitle(state, songId));
  const { database } = useLocalDatabase();
  // Read only when the network gave no title: online the fetched title is the authority.
  const local = useLocalDocument(fetched === null && songId !== null ? database : null, 'songs', songKey(songId ?? 0));
  return fetched ?? local?.title ?? null;
}
