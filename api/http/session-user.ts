/** The signed-in user of a request, as the auth feature's session middleware found it. */
export interface SessionUser {
  id: number;
  /** The account's address (normalised). */
  email: string;
  /** User id 1 (the first account) or an address in ADMIN_EMAILS. */
  isAdmin: boolean;
}
