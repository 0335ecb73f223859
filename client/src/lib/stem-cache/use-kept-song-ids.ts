import { useEffect, useState } from 'react';
import { KEPT_SONGS_CHANGED } from './stem-cache';
import { userStemCache } from './user-stem-cache';

const none: ReadonlySet<number> = new Set();

/** The ids of the songs this browser keeps for `userId` (decision 0033), read again when that changes. */
export function useKeptSongIds(userId: number | null): ReadonlySet<number> {
  const [ids, setIds] = useState(none);
  useEffect(() => {
    const cache = userStemCache(userId);
    if (!cache) return;
    let current = true;
    const read = () =>
      void cache
        .songs()
        .then((songs) => current && setIds(new Set(songs.map((song) => song.songId))))
        .catch(() => current && setIds(none));
    read();
    window.addEventListener(KEPT_SONGS_CHANGED, read);
    return () => {
      current = false;
      window.removeEventListener(KEPT_SONGS_CHANGED, read);
    };
  }, [userId]);
  return ids;
}
