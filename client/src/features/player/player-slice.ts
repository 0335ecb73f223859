import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/session/session-ended';

/** Player state that must survive a reload: the song to offer a way back to. */
export interface PlayerState {
  lastSongId: number | null;
}

const initialState: PlayerState = { lastSongId: null };

/** Player events: actions say what happened (`player/songOpened`), not what to set. */
export const playerSlice = createSlice({
  name: 'player',
  initialState,
  reducers: {
    /** The player was opened on a song; it becomes the last song (spec 000: stored locally). */
    songOpened(state, action: PayloadAction<{ songId: number }>) {
      state.lastSongId = action.payload.songId;
    },
  },
  // The last song is the signed-out user's; the next user gets no "Back to Player" into it.
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});

export const { songOpened } = playerSlice.actions;

export const selectLastSongId = (state: { player: PlayerState }): number | null => state.player.lastSongId;
