import type { LibrarySong } from './library-song';

export type LibraryView = 'starred' | 'all';

export type GenreFilter = { kind: 'all' } | { kind: 'genre'; genre: string } | { kind: 'unknown' };

export const ALL_GENRES: GenreFilter = { kind: 'all' };

export interface LibraryFilter {
  view: LibraryView;
  search: string;
  genre: GenreFilter;
}

export function viewCounts(songs: readonly LibrarySong[]): Record<LibraryView, number> {
  return { starred: songs.filter((song) => song.starred).length, all: songs.length };
}

/** STARRED when the user has a starred song, else ALL SONGS, decided once when the songs first arrive (spec 000, 4). */
export function defaultView(songs: readonly LibrarySong[]): LibraryView {
  return songs.some((song) => song.starred) ? 'starred' : 'all';
}

function genresOf(song: LibrarySong): string[] {
  return [song.genre, song.genre2].map((genre) => genre?.trim() ?? '').filter((genre) => genre !== '');
}

/** The genre filter's options: every genre (and second genre) present, A to Z, case-insensitively unique. */
export function genreOptions(songs: readonly LibrarySong[]): string[] {
  const byLowerCase = new Map<string, string>();
  for (const song of songs) for (const genre of genresOf(song)) if (!byLowerCase.has(genre.toLowerCase())) byLowerCase.set(genre.toLowerCase(), genre);
  return [...byLowerCase.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

function hasNoGenre(song: LibrarySong): boolean {
  return song.genre === null || song.genre.trim() === '';
}

/** Whether any song has no genre (the filter then offers 'Unknown'). */
export function hasSongsWithoutGenre(songs: readonly LibrarySong[]): boolean {
  return songs.some(hasNoGenre);
}

/** Spec 000, section 4: a genre filter whose genre is no longer in the library resets to all. */
export function effectiveGenreFilter(filter: GenreFilter, songs: readonly LibrarySong[]): GenreFilter {
  if (filter.kind === 'unknown') return hasSongsWithoutGenre(songs) ? filter : ALL_GENRES;
  if (filter.kind === 'genre') {
    const wanted = filter.genre.toLowerCase();
    return genreOptions(songs).some((genre) => genre.toLowerCase() === wanted) ? filter : ALL_GENRES;
  }
  return filter;
}

/** The view, then the search on title and genres (decision 0011), then the genre filter. */
export function filterSongs(songs: readonly LibrarySong[], filter: LibraryFilter): LibrarySong[] {
  const needle = filter.search.trim().toLowerCase();
  const genre = effectiveGenreFilter(filter.genre, songs);
  return songs.filter((song) => {
    if (filter.view === 'starred' && !song.starred) return false;
    if (needle !== '' && !song.title.toLowerCase().includes(needle) && !genresOf(song).some((name) => name.toLowerCase().includes(needle))) {
      return false;
    }
    if (genre.kind === 'unknown') return hasNoGenre(song);
    if (genre.kind === 'genre') return genresOf(song).some((name) => name.toLowerCase() === genre.genre.toLowerCase());
    return true;
  });
}

export function songCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'song' : 'songs'}`;
}
