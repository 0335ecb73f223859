import type { ApiError } from '../api/api-request';
import type { SessionUser } from '../api/current-user-api';

/** What GET /api/auth/me's answer means for the session (decision 0020). */
export type SessionCheck =
  /** The API named the signed-in user. */
  | { kind: 'confirmed'; user: SessionUser }
  /** The API said there is no session (401, or an empty answer): signed out. */
  | { kind: 'rejected'; error: ApiError | null }
  /** No network: the last user the API confirmed stays signed in, for the local-first screens. */
  | { kind: 'offline'; user: SessionUser }
  /** Any other failure (or no network and no known user): an error, as the spec's guard expects. */
  | { kind: 'failed'; error: ApiError };

/** What a session check answered. Only a network failure keeps the known user (spec 001, section 4). */
export function decideSessionCheck(answer: { data?: unknown; error?: ApiError }, knownUser: SessionUser | null): SessionCheck {
  const { error } = answer;
  if (error === undefined) {
    const user = answer.data as SessionUser | null | undefined;
    return user ? { kind: 'confirmed', user } : { kind: 'rejected', error: null };
  }
  if (error.status === 401) return { kind: 'rejected', error };
  if (error.status === 'FETCH_ERROR' && knownUser !== null) return { kind: 'offline', user: knownUser };
  return { kind: 'failed', error };
}
