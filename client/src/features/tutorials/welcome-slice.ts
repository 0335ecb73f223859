import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { sessionRejected } from '../../lib/session/known-user-slice';
import { sessionEnded } from '../../lib/session/session-ended';

/** Who closed the welcome since signing in on this browser (decision 0069): persisted and shared by tabs, so it greets once per sign-in; cleared when the session ends. */
export interface WelcomeState {
  closedBy: number[];
}

const initialState: WelcomeState = { closedBy: [] };

export const welcomeSlice = createSlice({
  name: 'welcome',
  initialState,
  reducers: {
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
