import { describe, expect, it } from 'vitest';
import { demoLibraryComingText, emptyState } from './empty-state';

describe('library empty states', () => {
  it('shows none while rows are shown', () => {
    expect(emptyState(3, 1, 'all', 3)).toBeNull();
  });

  it('tells an empty library, an empty starred view and a search without matches apart', () => {
    expect(emptyState(0, 0, 'all', 0)).toEqual({ title: 'No songs in library', text: 'Add songs to your library to get started' });
    expect(emptyState(0, 0, 'starred', 0)?.title).toBe('No songs in library');
    expect(emptyState(4, 0, 'starred', 0)).toEqual({ title: 'No starred songs yet', text: 'Star your favorite songs to see them here' });
    expect(emptyState(4, 2, 'starred', 0)).toEqual({ title: 'No matching songs found', text: 'Try adjusting your search or filter' });
    expect(emptyState(4, 0, 'all', 0)?.title).toBe('No matching songs found');
  });

  it('says the demo library is being prepared while its songs are coming, and nothing else changes', () => {
    expect(emptyState(0, 0, 'all', 0, true)).toEqual(demoLibraryComingText);
    expect(emptyState(0, 0, 'starred', 0, true)).toEqual(demoLibraryComingText);
    expect(demoLibraryComingText.title).toBe('Preparing the demo library');
    expect(emptyState(0, 0, 'all', 0, false)?.title).toBe('No songs in library');
    // Once the first songs are in, the library speaks of them as always.
    expect(emptyState(2, 0, 'all', 2, true)).toBeNull();
    expect(emptyState(2, 0, 'all', 0, true)?.title).toBe('No matching songs found');
  });
});
