import { describe, expect, it } from 'vitest';
import { emptyState } from './empty-state';

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
});
