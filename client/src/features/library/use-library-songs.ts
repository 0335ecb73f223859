import { useCallback, useEffect, useMemo, useState } from 'react';
import { showToast } from '../../components/ui/toast-store';
import { writeStar } from '../../lib/db/local-documents';
import { useLocalCollection, useLocalDatabase, useSyncState } from '../../lib/db/use-local-database';
import type { LibrarySong } from './library-song';
import { libraryReady, mergeStars } from './local-library';

export interface LibrarySongs {
  /** Undefined while loading (see {@link libraryReady}). */
  songs: LibrarySong[] | undefined;
  failed: boolean;
  retry(): void;
  /** Stars or unstars a song: written locally at once, then replicated. */
  setStarred(song: LibrarySong, starred: boolean): Promise<void>;
  /** Pulls now (after a scan) instead of waiting for the stream. */
  resync(): void;
}

export function useLibrarySongs(): LibrarySongs {
  const { database, status, retry } = useLocalDatabase();
  const songDocuments = useLocalCollection(database, 'songs');
  const starDocuments = useLocalCollection(database, 'stars');
  const songsSync = useSyncState(database, 'songs');
  const starsSync = useSyncState(database, 'stars');
  // Decided on the first read of each database (set during render: state derived from props).
  const [firstRead, setFirstRead] = useState<{ database: object; hadSongs: boolean } | null>(null);
  if (database && songDocuments && firstRead?.database !== database) setFirstRead({ database, hadSongs: songDocuments.length > 0 });

  // A star the API refused is taken back by the replication; the user is told.
  useEffect(() => {
    if (!database) return;
    return database.onConflicts((collection, conflicts) => {
      if (collection === 'stars' && conflicts.some((conflict) => conflict.refused)) {
        showToast({ title: 'Error', description: 'Failed to update starred status', variant: 'destructive' });
      }
    });
  }, [database]);

  const ready = libraryReady({
    songCount: songDocuments?.length,
    starCount: starDocuments?.length,
    songsSync,
    starsSync,
    hadSongsWhenOpened: firstRead?.database === database && firstRead.hadSongs,
  });
  const songs = useMemo(() => (ready && songDocuments && starDocuments ? mergeStars(songDocuments, starDocuments) : undefined), [ready, songDocuments, starDocuments]);

  const setStarred = useCallback(
    async (song: LibrarySong, starred: boolean) => {
      if (!database) throw new Error('The library is not open yet');
      await writeStar(database, song.id, starred);
    },
    [database],
  );
  const resync = useCallback(() => database?.resync(), [database]);

  return { songs, failed: status === 'failed', retry, setStarred, resync };
}
