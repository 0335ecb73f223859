import { configureStore } from '@reduxjs/toolkit';
import { mixerSlice, stemsLoaded } from '../mixer-slice';

/** A store holding only the mixer, with these stems loaded (as the player loads a song's). */
export function mixerStoreWith(stems: ReadonlyArray<{ id: string; name: string }>) {
  const store = configureStore({ reducer: { mixer: mixerSlice.reducer } });
  store.dispatch(stemsLoaded({ stems: [...stems] }));
  return store;
}
