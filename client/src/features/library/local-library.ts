import type { LocalDocuments } from '../../lib/db/local-documents';
import type { LibrarySong } from './library-song';

/** The songs of the catalogue with this user's stars: what the table lists. */
export function mergeStars(songs: readonly LocalDocuments['songs'][], stars: readonly LocalDocuments['stars'][]): LibrarySong[] {
  const starred = new Set(stars.filter((star) => star.starred).map((star) => star.id));
  return songs.map((song) => ({
    id: Number(song.id),
    title: song.title,
    genre: song.genre,
    genre2: song.genre2,
    key: song.key,
    bpm: song.bpm,
    firstBeat: song.firstBeat,
    difficulty: song.difficulty,
    duration: song.duration,
    starred: starred.has(song.id),
    playCount: song.playCount,
    hasLyrics: song.hasLyrics,
  }));
}

export interface LibraryReadiness {
  songCount: number | undefined;
  starCount: number | undefined;
  songsSync: 'syncing' | 'synced' | 'failing';
  starsSync: 'syncing' | 'synced' | 'failing';
  /** The database already held songs when first read: it was synced in an earlier visit. */
  hadSongsWhenOpened: boolean;
}

/** Songs from an earlier visit show at once; an empty database waits for the first pull of songs and stars, so neither 'No songs' nor the default view flashes. */
export function libraryReady({ songCount, starCount, songsSync, starsSync, hadSongsWhenOpened }: LibraryReadiness): boolean {
  if (songCount === undefined || starCount === undefined) return false;
  if (hadSongsWhenOpened) return true;
  return (songCount > 0 || songsSync !== 'syncing') && (starCount > 0 || starsSync !== 'syncing');
}
