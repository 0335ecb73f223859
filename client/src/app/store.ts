import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { mixerSlice } from '../features/player/mixer-slice';
import { playerSlice } from '../features/player/player-slice';
import type { PlayerState } from '../features/player/player-slice';
import { welcomeSlice } from '../features/tutorials/welcome-slice';
import type { WelcomeState } from '../features/tutorials/welcome-slice';
import { api } from '../lib/api/api';
import { databaseSessionMiddleware } from '../lib/db/database-session-middleware';
import { knownUserSlice } from '../lib/session/known-user-slice';
import type { KnownUserState } from '../lib/session/known-user-slice';
import { persistStorage } from './persist-storage';

// The player slice survives a reload; server data is re-read, and library, stars and presets live in RxDB.
const persistedPlayer = persistReducer(
  { key: 'player', keyPrefix: 'woodshed:', version: 1, storage: persistStorage },
  playerSlice.reducer,
);

// The last confirmed user survives a reload so an offline session check keeps the local-first screens (decision 0020).
const persistedKnownUser = persistReducer(
  { key: 'knownUser', keyPrefix: 'woodshed:', version: 1, storage: persistStorage, whitelist: ['user'] },
  knownUserSlice.reducer,
);

// Whether the welcome was closed in this sign-in: every tab and a reload see it (decision 0069).
const persistedWelcome = persistReducer({ key: 'welcome', keyPrefix: 'woodshed:', version: 1, storage: persistStorage }, welcomeSlice.reducer);

const rootReducer = combineReducers({
  player: persistedPlayer,
  knownUser: persistedKnownUser,
  welcome: persistedWelcome,
  // The mix is the loaded song's: not persisted, a reload loads the song (and its preset) again.
  mixer: mixerSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Any slices to start from; persisted ones without redux-persist's `_persist` marker, which would stop it rehydrating them. */
export interface PreloadedAppState extends Partial<Omit<RootState, 'player' | 'knownUser' | 'welcome'>> {
  player?: PlayerState;
  knownUser?: KnownUserState;
  welcome?: WelcomeState;
}

/** The app's Redux store: one per page load, or per test from `preloadedState`. */
export function makeStore(preloadedState?: PreloadedAppState) {
  return configureStore({
    reducer: rootReducer,
    // persistReducer passes a slice without `_persist` straight through; only the declared type needs the marker.
    preloadedState: preloadedState as Partial<RootState> | undefined,
    middleware: (getDefault) =>
      getDefault({
        // redux-persist's own actions carry functions; everything else stays serialisable.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware, databaseSessionMiddleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
