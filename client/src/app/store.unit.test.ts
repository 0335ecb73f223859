import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectStemGains, stemMuted, stemsLoaded } from '../features/player/mixer-slice';
import { selectLastSongId, songOpened } from '../features/player/player-slice';
import { api } from '../lib/api/api';
import { sessionEnded } from '../lib/session/session-ended';
import { makeStore } from './store';
import { persisted, stubLocalStorage } from './testing/persisted-store';

describe('makeStore', () => {
  it('starts from a preloaded state', () => {
    const store = makeStore({ player: { lastSongId: 7 } });
    expect(selectLastSongId(store.getState())).toBe(7);
  });

  it('builds a fresh store each time, so tests do not share state', () => {
    const first = makeStore();
    first.dispatch(songOpened({ songId: 3 }));
    expect(selectLastSongId(first.getState())).toBe(3);
    expect(selectLastSongId(makeStore().getState())).toBeNull();
  });

  it('runs the persisted player slice and the API slice', () => {
    const store = makeStore({ player: { lastSongId: 7 } });
    expect(store.getState()[api.reducerPath]).toBeDefined();
    store.dispatch(songOpened({ songId: 12 }));
    expect(selectLastSongId(store.getState())).toBe(12);
    store.dispatch(sessionEnded());
    expect(selectLastSongId(store.getState())).toBeNull();
  });

  it('runs the mixer slice, cleared when the user logs out', () => {
    const store = makeStore();
    store.dispatch(stemsLoaded({ stems: [{ id: 'bass.mp3', name: 'bass' }] }));
    store.dispatch(stemMuted({ stemId: 'bass.mp3' }));
    expect(selectStemGains(store.getState())).toEqual({ 'bass.mp3': 0 });
    store.dispatch(sessionEnded());
    expect(selectStemGains(store.getState())).toEqual({});
  });

  describe('with redux-persist', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('keeps the last song (and the last known user, and who closed the welcome) across a reload, and nothing of the API', async () => {
      const saved = stubLocalStorage();

      const before = makeStore();
      const persistor = await persisted(before);
      before.dispatch(songOpened({ songId: 9 }));
      await persistor.flush();
      expect([...saved.keys()].sort()).toEqual(['woodshed:knownUser', 'woodshed:player', 'woodshed:welcome']);

      const afterReload = makeStore();
      await persisted(afterReload);
      expect(selectLastSongId(afterReload.getState())).toBe(9);
    });
  });
});
