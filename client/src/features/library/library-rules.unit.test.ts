import { describe, expect, it } from 'vitest';
import { genreBadge, UNKNOWN_GENRE } from './genre-colour';
import { ALL_GENRES, defaultView, effectiveGenreFilter, filterSongs, genreOptions, songCountLabel, viewCounts } from './library-filter';
import type { LibrarySong } from './library-song';
import { nextSort, sortSongs } from './library-sort';
import { formatBpm, formatDuration, hasFlame } from './song-format';
import { visibleRows } from '../../lib/windowing/visible-rows';

function song(id: number, fields: Partial<LibrarySong> = {}): LibrarySong {
  return {
    id,
    title: `Song ${id}`,
    genre: null,
    genre2: null,
    key: null,
    bpm: null,
    firstBeat: null,
    difficulty: 5,
    duration: null,
    starred: false,
    playCount: 0,
    hasLyrics: false,
    ...fields,
  };
}

const library = [
  song(1, { title: 'Night Drive', genre: 'Electronic', bpm: 124, duration: 150, playCount: 120, starred: true }),
  song(2, { title: 'dusty road', genre: 'Country', genre2: 'Folk', bpm: 92, duration: 95, difficulty: 3 }),
  song(3, { title: 'Iron Gate', genre: 'Metal', bpm: null, duration: null, difficulty: 9, playCount: 7 }),
  song(4, { title: 'Blue Hour', genre: null, bpm: 70, duration: 61, playCount: 7 }),
];
const ids = (songs: LibrarySong[]) => songs.map((item) => item.id);
const all = { view: 'all' as const, search: '', genre: ALL_GENRES };

describe('library search, view and genre filter', () => {
  it('searches titles and genres case-insensitively, ignoring surrounding spaces', () => {
    expect(ids(filterSongs(library, { ...all, search: '  NIGHT ' }))).toEqual([1]);
    expect(ids(filterSongs(library, { ...all, search: 'folk' }))).toEqual([2]);
    expect(ids(filterSongs(library, { ...all, search: 'zzz' }))).toEqual([]);
    expect(ids(filterSongs(library, all))).toEqual([1, 2, 3, 4]);
  });

  it('counts both views and shows only starred songs in STARRED', () => {
    expect(viewCounts(library)).toEqual({ starred: 1, all: 4 });
    expect(ids(filterSongs(library, { ...all, view: 'starred' }))).toEqual([1]);
  });

  it('opens on STARRED only when the user has a starred song', () => {
    expect(defaultView(library)).toBe('starred');
    expect(defaultView(library.map((item) => ({ ...item, starred: false })))).toBe('all');
    expect(defaultView([])).toBe('all');
  });

  it('offers the genres present, second genres included, A to Z without duplicates', () => {
    expect(genreOptions([...library, song(9, { genre: 'electronic' })])).toEqual(['Country', 'Electronic', 'Folk', 'Metal']);
  });

  it('filters by a genre (first or second) and by missing genre', () => {
    expect(ids(filterSongs(library, { ...all, genre: { kind: 'genre', genre: 'folk' } }))).toEqual([2]);
    expect(ids(filterSongs(library, { ...all, genre: { kind: 'unknown' } }))).toEqual([4]);
  });

  it('resets a genre filter to all when its genre leaves the library', () => {
    const withoutMetal = library.filter((item) => item.genre !== 'Metal');
    expect(effectiveGenreFilter({ kind: 'genre', genre: 'Metal' }, library)).toEqual({ kind: 'genre', genre: 'Metal' });
    expect(effectiveGenreFilter({ kind: 'genre', genre: 'Metal' }, withoutMetal)).toEqual(ALL_GENRES);
    expect(ids(filterSongs(withoutMetal, { ...all, genre: { kind: 'genre', genre: 'Metal' } }))).toEqual([1, 2, 4]);
    expect(effectiveGenreFilter({ kind: 'unknown' }, library.slice(0, 3))).toEqual(ALL_GENRES);
  });

  it("labels the count 'n song(s)'", () => {
    expect(songCountLabel(1)).toBe('1 song');
    expect(songCountLabel(0)).toBe('0 songs');
    expect(songCountLabel(12)).toBe('12 songs');
  });
});

describe('library sorting', () => {
  it('flips the active column and starts a new column ascending', () => {
    expect(nextSort({ column: 'title', direction: 'asc' }, 'title')).toEqual({ column: 'title', direction: 'desc' });
    expect(nextSort({ column: 'title', direction: 'desc' }, 'title')).toEqual({ column: 'title', direction: 'asc' });
    expect(nextSort({ column: 'title', direction: 'desc' }, 'bpm')).toEqual({ column: 'bpm', direction: 'asc' });
  });

  it('sorts titles case-insensitively both ways', () => {
    expect(ids(sortSongs(library, { column: 'title', direction: 'asc' }))).toEqual([4, 2, 3, 1]);
    expect(ids(sortSongs(library, { column: 'title', direction: 'desc' }))).toEqual([1, 3, 2, 4]);
  });

  it('orders numbers inside titles by value', () => {
    const numbered = [song(1, { title: 'Take 10' }), song(2, { title: 'take 2' }), song(3, { title: 'Take 1' })];
    expect(ids(sortSongs(numbered, { column: 'title', direction: 'asc' }))).toEqual([3, 2, 1]);
  });

  it('keeps missing values last in both directions', () => {
    expect(ids(sortSongs(library, { column: 'bpm', direction: 'asc' }))).toEqual([4, 2, 1, 3]);
    expect(ids(sortSongs(library, { column: 'bpm', direction: 'desc' }))).toEqual([1, 2, 4, 3]);
    expect(ids(sortSongs(library, { column: 'duration', direction: 'desc' }))).toEqual([1, 2, 4, 3]);
    expect(ids(sortSongs(library, { column: 'genre', direction: 'asc' }))).toEqual([2, 1, 3, 4]);
    expect(ids(sortSongs(library, { column: 'genre', direction: 'desc' }))).toEqual([3, 1, 2, 4]);
  });

  it('sorts stars (starred first ascending), difficulty and plays, ties by title', () => {
    expect(ids(sortSongs(library, { column: 'starred', direction: 'asc' }))).toEqual([1, 4, 2, 3]);
    expect(ids(sortSongs(library, { column: 'starred', direction: 'desc' }))).toEqual([4, 2, 3, 1]);
    expect(ids(sortSongs(library, { column: 'difficulty', direction: 'asc' }))).toEqual([2, 4, 1, 3]);
    expect(ids(sortSongs(library, { column: 'playCount', direction: 'desc' }))).toEqual([1, 4, 3, 2]);
  });

  it('does not change the array it is given', () => {
    const copy = [...library];
    sortSongs(library, { column: 'bpm', direction: 'desc' });
    expect(library).toEqual(copy);
  });
});

describe('library formatting', () => {
  it('shows lengths as m:ss and --:-- when missing', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65.9)).toBe('1:05');
    expect(formatDuration(600)).toBe('10:00');
    expect(formatDuration(null)).toBe('--:--');
    expect(formatDuration(Number.NaN)).toBe('--:--');
  });

  it('shows tempo as n BPM and -- BPM when missing', () => {
    expect(formatBpm(119.6)).toBe('120 BPM');
    expect(formatBpm(null)).toBe('-- BPM');
    expect(formatBpm(0)).toBe('-- BPM');
  });

  it('shows the flame from 100 plays', () => {
    expect(hasFlame(99)).toBe(false);
    expect(hasFlame(100)).toBe(true);
  });

  it('shows a missing genre as grey Unknown and keeps listed colours', () => {
    expect(genreBadge(null)).toEqual(UNKNOWN_GENRE);
    expect(genreBadge('  ')).toEqual(UNKNOWN_GENRE);
    expect(genreBadge('Rock').label).toBe('Rock');
    expect(genreBadge('Rock').colour).not.toBe(UNKNOWN_GENRE.colour);
    expect(genreBadge('hip-hop').colour).toBe(genreBadge('Hip-Hop').colour);
    expect(genreBadge('Polka')).toEqual({ label: 'Polka', colour: UNKNOWN_GENRE.colour });
  });
});

describe('library table windowing', () => {
  it('draws only the rows in view plus the overscan, padding the rest', () => {
    expect(visibleRows(0, 400, 50, 10_000, 2)).toEqual({ start: 0, end: 10, padTop: 0, padBottom: 9_990 * 50 });
    expect(visibleRows(5_000, 400, 50, 10_000, 2)).toEqual({ start: 98, end: 110, padTop: 98 * 50, padBottom: 9_890 * 50 });
    expect(visibleRows(0, 400, 50, 3, 2)).toEqual({ start: 0, end: 3, padTop: 0, padBottom: 0 });
    // Scrolled far down, then the list shrank to a few rows: they are still drawn.
    expect(visibleRows(999_999, 400, 50, 3, 2)).toEqual({ start: 0, end: 3, padTop: 0, padBottom: 0 });
    expect(visibleRows(999_999, 400, 50, 100, 2)).toEqual({ start: 90, end: 100, padTop: 90 * 50, padBottom: 0 });
  });
});
