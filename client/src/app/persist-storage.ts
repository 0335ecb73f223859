import type { Storage } from 'redux-persist';

/** redux-persist storage over localStorage, written out because the package's `lib/storage` has no resolvable types; a blocked or full localStorage reads as empty. */
export const persistStorage: Storage = {
  getItem(key: string): Promise<string | null> {
    try {
      return Promise.resolve(window.localStorage.getItem(key));
    } catch {
      return Promise.resolve(null);
    }
  },
  setItem(key: string, value: string): Promise<void> {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Not persisting is better than crashing; the state still lives in memory.
    }
    return Promise.resolve();
  },
  removeItem(key: string): Promise<void> {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Same as above.
    }
    return Promise.resolve();
  },
};
