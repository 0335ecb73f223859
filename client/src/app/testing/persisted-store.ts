import { persistStore } from 'redux-persist';
import type { Persistor } from 'redux-persist';
import { vi } from 'vitest';
import type { AppStore } from '../store';

/** Starts redux-persist on a store and resolves once it has rehydrated. */
export function persisted(store: AppStore): Promise<Persistor> {
  return new Promise((resolve) => {
    const persistor: Persistor = persistStore(store, null, () => resolve(persistor));
  });
}

/**
 * Stubs `window` with a localStorage kept in the answered map, which outlives the stores a test
 * makes, as the browser's storage outlives a reload. Undone by `vi.unstubAllGlobals()`.
 */
export function stubLocalStorage(): Map<string, string> {
  const saved = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
      removeItem: (key: string) => void saved.delete(key),
    },
  });
  return saved;
}
