import type { KeptSong } from './kept-records';

/** How much one user may keep in this browser; beyond it the songs opened longest ago go. */
export interface KeepLimits {
  maxSongs: number;
  maxBytes: number;
}

/** A few weeks' set list, well within the few GB browsers grant an origin on a small disk. */
export const DEFAULT_KEEP_LIMITS: KeepLimits = { maxSongs: 25, maxBytes: 1.5 * 1024 ** 3 };

/** The songs to drop so the rest fits `limits`: the least recently opened first, never `keep`. */
export function songsToEvict(songs: readonly Pick<KeptSong, 'songId' | 'lastOpenedAt' | 'bytes'>[], limits: KeepLimits, keep: number | null): number[] {
  if (!Number.isInteger(limits.maxSongs) || limits.maxSongs < 1) throw new RangeError(`maxSongs must be a positive integer, not ${limits.maxSongs}`);
  if (!(limits.maxBytes >= 0)) throw new RangeError(`maxBytes must be >= 0, not ${limits.maxBytes}`);
  // Newest first; ties broken by id so the plan does not depend on the store's order.
  const byRecency = [...songs].sort((a, b) => b.lastOpenedAt - a.lastOpenedAt || b.songId - a.songId);
  const kept = byRecency.filter((song) => song.songId === keep);
  let count = kept.length;
  let bytes = kept.reduce((sum, song) => sum + song.bytes, 0);
  const evicted: number[] = [];
  for (const song of byRecency) {
    if (song.songId === keep) continue;
    if (count + 1 <= limits.maxSongs && bytes + song.bytes <= limits.maxBytes) {
      count += 1;
      bytes += song.bytes;
    } else {
      evicted.push(song.songId);
    }
  }
  return evicted;
}
