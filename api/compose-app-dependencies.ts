import type { AppDependencies } from './app-dependencies';
import { deriveAuthKeys } from './features/auth/auth-keys';
import { SessionCache } from './features/auth/session-cache';
import { SongScanner } from './features/songs/song-scan';

/** What an app is built on: storage, projections, configuration, logging and time. */
export type AppParts = Omit<AppDependencies, 'caches'>;

/**
 * An app's dependencies: its parts, and the caches it keeps between requests, made here, once per
 * app (`npm start`, the worker, the test app, the benches all compose theirs with this).
 */
export function composeAppDependencies(parts: AppParts): AppDependencies {
  return {
    ...parts,
    caches: {
      authKeys: deriveAuthKeys(parts.config),
      sessions: new SessionCache(),
      songScanner: new SongScanner(parts),
    },
  };
}
