import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { sessionRejected } from '../../lib/session/known-user-slice';
import { sessionEnded } from '../../lib/session/session-ended';

/**
 * Who closed the welcome dialog since signing in on this browser (decision 0069). Kept across
 * reloads and shared by every tab (persisted), so the welcome greets a user once per sign-in rather
 * than in every new tab; forgotten when the session ends (log out, or the server says there is none),
 * so the next sign-in is welcomed again until 'Never show this again' is saved.
 */
export interface WelcomeState {
  closedBy: number[];
}

const initialState: WelcomeState = { closedBy: [] };

export const welcomeSlice = createSlice({
  name: 'welcome',
  initialState,
  reducers: {
    /** The user closed the welcome (its button, X, Escape or the backdrop). */
    welcomeClosed(state, action: PayloadAction<{ userId: number }>) {
      if (!state.closedBy.includes(action.payload.userId)) state.closedBy.push(action.payload.userId);
    },
    /** Saving 'Never show this again' failed: the welcome comes back to say so. */
    welcomeReturned(state, action: PayloadAction<{ userId: number }>) {
      state.closedBy = state.closedBy.filter((userId) => userId !== action.payload.userId);
    },
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState).addCase(sessionRejected, () => initialState),
});

export const { welcomeClosed, welcomeReturned } = welcomeSlice.actions;

export const selectWelcomeClosedBy = (state: { welcome: WelcomeState }, userId: number): boolean => state.welcome.closedBy.includes(userId);
