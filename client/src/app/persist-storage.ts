import type { Storage } from 'redux-persist';

/**
 * redux-persist's storage over the browser's localStorage. Written out because the package's own
 * `lib/storage` entry ships no types that TypeScript can resolve; a blocked or full localStorage
 * (private mode) must not break the app, so failures fall back to "nothing stored".
 */
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
