/** The signed-in user of a request, as the session middleware found it. */
export interface SessionUser {
  id: number;
  /** The account's address (normalised). */
  email: string;
  /** User id 1 (the first account) or an address in ADMIN_EMAILS. */
  isAdmin: boolean;
}

declare module '../../http/app-context' {
  interface AppState {
    /**
     * The signed-in user, set by the auth feature's session middleware on every /api request
     * with a live session cookie; undefined for visitors.
     */
    user?: SessionUser;
  }
}
