import type { LibraryView } from './library-filter';

export interface EmptyStateText {
  title: string;
  text: string;
}

/** Said instead of 'No songs in library' while a first start makes the demo library. */
export const demoLibraryComingText: EmptyStateText = {
  title: 'Preparing the demo library',
  text: 'The demo songs are being made on this first start. They appear here by themselves, in two to three minutes.',
};

/** The empty state for this moment, or null when rows are shown; `songsComing` while the demo library is made. */
export function emptyState(libraryCount: number, starredCount: number, view: LibraryView, shownCount: number, songsComing = false): EmptyStateText | null {
  if (shownCount > 0) return null;
  if (libraryCount === 0 && songsComing) return demoLibraryComingText;
  if (libraryCount === 0) return { title: 'No songs in library', text: 'Add songs to your library to get started' };
  if (view === 'starred' && starredCount === 0) return { title: 'No starred songs yet', text: 'Star your favorite songs to see them here' };
  return { title: 'No matching songs found', text: 'Try adjusting your search or filter' };
}
