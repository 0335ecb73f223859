import { describe, expect, it } from 'vitest';
import type { LocalDocuments } from '../../lib/db/local-documents';
import { libraryReady, mergeStars } from './local-library';

/** What a stored song and the library's row of it have alike. */
const songFields = {
  genre: 'Jazz',
  genre2: null,
  key: 'C major',
  bpm: 90,
  firstBeat: 0.25,
  difficulty: 4,
  duration: 75,
  playCount: 120,
  hasLyrics: true,
};

const song = (id: string, title: string): LocalDocuments['songs'] => ({
  id,
  title,
  ...songFields,
  chordInstruments: ['master'],
  sections: [],
  stems: [],
  problems: [],
});

describe('the library from the local database', () => {
  it("lists every song with this user's stars, an unstarred song as not starred", () => {
    const songs = [song('1', 'Night Drive'), song('2', 'Blue Hour'), song('3', 'Iron Gate')];
    const stars = [
      { id: '1', starred: true, updatedAt: 5 },
      { id: '3', starred: false, updatedAt: 9 },
      { id: '99', starred: true, updatedAt: 1 },
    ];
    expect(mergeStars(songs, stars).map(({ id, starred }) => ({ id, starred }))).toEqual([
      { id: 1, starred: true },
      { id: 2, starred: false },
      { id: 3, starred: false },
    ]);
    expect(mergeStars([song('1', 'Night Drive')], [])[0]).toEqual({ id: 1, title: 'Night Drive', ...songFields, starred: false });
  });

  it('shows songs stored by an earlier visit at once, whatever the network does', () => {
    expect(libraryReady({ songCount: 12, starCount: 0, songsSync: 'syncing', starsSync: 'syncing', hadSongsWhenOpened: true })).toBe(true);
  });

  it('waits for nothing but the first read when nothing is open yet', () => {
    expect(libraryReady({ songCount: undefined, starCount: 0, songsSync: 'synced', starsSync: 'synced', hadSongsWhenOpened: false })).toBe(false);
    expect(libraryReady({ songCount: 3, starCount: undefined, songsSync: 'synced', starsSync: 'synced', hadSongsWhenOpened: true })).toBe(false);
  });

  it('fills an empty database from the first pull of songs and stars before showing it', () => {
    const empty = { songCount: 0, starCount: 0, hadSongsWhenOpened: false } as const;
    expect(libraryReady({ ...empty, songsSync: 'syncing', starsSync: 'syncing' })).toBe(false);
    // Songs arrived first: the stars decide STARRED or ALL SONGS, so they are waited for.
    expect(libraryReady({ ...empty, songCount: 12, songsSync: 'syncing', starsSync: 'syncing' })).toBe(false);
    expect(libraryReady({ ...empty, songCount: 12, songsSync: 'synced', starsSync: 'synced' })).toBe(true);
    expect(libraryReady({ ...empty, songCount: 12, starCount: 2, songsSync: 'syncing', starsSync: 'syncing' })).toBe(true);
    // The catalogue is empty indeed, or the API cannot be reached: the empty state shows.
    expect(libraryReady({ ...empty, songsSync: 'synced', starsSync: 'synced' })).toBe(true);
    expect(libraryReady({ ...empty, songsSync: 'failing', starsSync: 'failing' })).toBe(true);
  });
});
