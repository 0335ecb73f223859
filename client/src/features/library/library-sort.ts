import { nextTableSort } from '../../components/ui/table-sort';
import type { TableSort } from '../../components/ui/table-sort';
import type { LibrarySong } from './library-song';

export type SortColumn = 'starred' | 'title' | 'genre' | 'bpm' | 'difficulty' | 'duration' | 'playCount';

export type LibrarySort = TableSort<SortColumn>;

/** The library opens A to Z by title, the order a musician scans a list in. */
export const DEFAULT_SORT: LibrarySort = { column: 'title', direction: 'asc' };

/** Clicking a header: the active column flips its direction, a new column starts ascending. */
export function nextSort(current: LibrarySort, clicked: SortColumn): LibrarySort {
  return nextTableSort(current, clicked, 'asc');
}

type SortKey = string | number | null;

function keyOf(song: LibrarySong, column: SortColumn): SortKey {
  switch (column) {
    // Ascending puts starred songs first: the star column is clicked to bring favourites up.
    case 'starred':
      return song.starred ? 0 : 1;
    case 'title':
      return song.title;
    case 'genre':
      return song.genre === null || song.genre.trim() === '' ? null : song.genre;
    case 'bpm':
      return song.bpm;
    case 'difficulty':
      return song.difficulty;
    case 'duration':
      return song.duration;
    case 'playCount':
      return song.playCount;
    default: {
      const never: never = column;
      return never;
    }
  }
}

// One collator for every comparison: localeCompare with options builds one per call.
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compareKeys(a: Exclude<SortKey, null>, b: Exclude<SortKey, null>): number {
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  return (a as number) - (b as number);
}

/** Sorted by `sort`; missing values last either way, ties by title then id so the order never jumps. */
export function sortSongs(songs: readonly LibrarySong[], sort: LibrarySort): LibrarySong[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...songs].sort((a, b) => {
    const keyA = keyOf(a, sort.column);
    const keyB = keyOf(b, sort.column);
    if (keyA === null || keyB === null) {
      if (keyA !== keyB) return keyA === null ? 1 : -1;
    } else {
      const order = compareKeys(keyA, keyB);
      if (order !== 0) return sign * order;
    }
    return compareKeys(a.title, b.title) || a.id - b.id;
  });
}
