import { useAppSelector } from '../../app/hooks';
import { useLocalDatabase, useLocalDocument } from '../../lib/db/use-local-database';
import { songKey } from '../../../../contract/sync-documents';
import { selectPlayerSongTitle } from './player-api';

/** The header's song title: from the API, else (offline) from the local library (decision 0033); null names the product. */
export function useHeaderSongTitle(songId: number | null): string | null {
  const fetched = useAppSelector((state) => selectPlayerSongTitle(state, songId));
  const { database } = useLocalDatabase();
  // Read only when the network gave no title: online the fetched title is the authority.
  const local = useLocalDocument(fetched === null && songId !== null ? database : null, 'songs', songKey(songId ?? 0));
  return fetched ?? local?.title ?? null;
}
