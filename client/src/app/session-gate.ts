export type SessionGate = 'loading' | 'redirect' | 'content';

export interface CurrentUserState {
  hasUser: boolean;
  isError: boolean;
  isPending: boolean;
}

/** An error (a 401 included) always redirects, which is how a log-out takes effect; a refetch with a known user keeps the content up. */
export function sessionGate({ hasUser, isError, isPending }: CurrentUserState): SessionGate {
  if (isError) return 'redirect';
  if (hasUser) return 'content';
  if (isPending) return 'loading';
  return 'redirect';
}
