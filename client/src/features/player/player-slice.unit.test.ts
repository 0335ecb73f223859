import { describe, expect, it } from 'vitest';
import { sessionEnded } from '../../lib/session/session-ended';
import { playerSlice, selectLastSongId, songOpened } from './player-slice';

const reduce = playerSlice.reducer;

describe('player slice', () => {
  it('starts with no last song', () => {
    const state = reduce(undefined, { type: '@@init' });
    expect(selectLastSongId({ player: state })).toBeNull();
  });

  it('remembers the song the player was last opened on', () => {
    let state = reduce(undefined, songOpened({ songId: 7 }));
    expect(songOpened({ songId: 7 }).type).toBe('player/songOpened');
    expect(selectLastSongId({ player: state })).toBe(7);
    state = reduce(state, songOpened({ songId: 12 }));
    expect(selectLastSongId({ player: state })).toBe(12);
  });

  it('forgets the last song when the user logs out', () => {
    const state = reduce(reduce(undefined, songOpened({ songId: 7 })), sessionEnded());
    expect(selectLastSongId({ player: state })).toBeNull();
  });
});
