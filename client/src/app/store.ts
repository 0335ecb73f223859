import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { playerSlice } from '../features/player/player-slice';
import { api } from '../lib/api/api';
import { persistStorage } from './persist-storage';

// Only the player slice survives a reload (the last song). Server data is never persisted: it is
// re-read from the API, and the library itself will live in RxDB.
const persistedPlayer = persistReducer(
  { key: 'player', keyPrefix: 'woodshed:', version: 1, storage: persistStorage },
  playerSlice.reducer,
);

const rootReducer = combineReducers({
  player: persistedPlayer,
  [api.reducerPath]: api.reducer,
});

/** Builds the app's Redux store (one per page load; tests may build their own). */
export function createStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({
        // redux-persist's own actions carry functions; everything else stays serialisable.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
}

export const store = createStore();
export const persistor = persistStore(store);

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
