import { ShortLivedCache } from '../../caching/short-lived-cache';

/** A session as the middleware keeps it between lookups. */
export interface CachedSession {
  userId: number;
  email: string;
  expiresAtMs: number;
}

/** How long a found session is trusted without asking again (decision 0037); revocation elsewhere takes effect within this. */
export const sessionCacheTtlMs = 1_000;

/** An app's recent sessions keyed by token hash, shared by the session middleware and sign-out. */
export class SessionCache extends ShortLivedCache<CachedSession> {
  constructor(ttlMs = sessionCacheTtlMs) {
    super(ttlMs);
  }
}
