import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { SessionUser } from '../api/current-user-api';
import { sessionEnded } from './session-ended';

/** The last user the API confirmed, persisted, so an unreachable server keeps that user on the local-first screens. */
export interface KnownUserState {
  user: SessionUser | null;
  /** True while the user shown comes from this store because the last check had no network. */
  offline: boolean;
}

const initialState: KnownUserState = { user: null, offline: false };

/** The session checks' outcomes, as events (decision 0020). */
export const knownUserSlice = createSlice({
  name: 'knownUser',
  initialState,
  reducers: {
    /** GET /api/auth/me answered with this user. */
    sessionConfirmed(_state, action: PayloadAction<SessionUser>) {
      return { user: action.payload, offline: false };
    },
    /** GET /api/auth/me answered that there is no session (401): the user is signed out. */
    sessionRejected() {
      return initialState;
    },
    /** GET /api/auth/me could not reach the server; the known user stays. */
    sessionCheckedOffline(state) {
      state.offline = state.user !== null;
    },
  },
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialState),
});

export const { sessionConfirmed, sessionRejected, sessionCheckedOffline } = knownUserSlice.actions;

type WithKnownUser = { knownUser: KnownUserState };

export const selectKnownUser = (state: WithKnownUser): SessionUser | null => state.knownUser.user;

/** Whether the signed-in user is shown from the last known session because the API is unreachable. */
export const selectSessionOffline = (state: WithKnownUser): boolean => state.knownUser.offline;
