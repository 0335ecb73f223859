import { ShortLivedCache } from '../../caching/short-lived-cache';

/** A session as the middleware keeps it between lookups. */
export interface CachedSession {
  userId: number;
  email: string;
  expiresAtMs: number;
}

/**
 * How long a session found in the database is trusted without asking again (decision 0037). A
 * sign-out through this process drops the user's entries at once; a session ended any other way
 * (another process's sign-out, the sweep of expired rows) stops working within this long.
 */
export const sessionCacheTtlMs = 1_000;

/**
 * An app's recent sessions, keyed by the token's keyed hash (never the clear token): one per app,
 * made where the app is composed and shared by the session middleware that fills it and the
 * sign-out that empties it.
 */
export class SessionCache extends ShortLivedCache<CachedSession> {
  constructor(ttlMs = sessionCacheTtlMs) {
    super(ttlMs);
  }
}
