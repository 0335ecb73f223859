/**
 * Who administers Woodshed: the addresses in ADMIN_EMAILS, and nobody else. The first account is
 * not special: whoever signs up first on a public server would otherwise own it
 * (docs/decisions/0056-admins-from-configuration-only.md). The server enforces it
 * (docs/decisions/0001-admin-enforced-on-server.md).
 */
export function isAdmin(user: { id: number; email: string }, adminEmails: readonly string[]): boolean {
  return adminEmails.includes(user.email);
}

/** What `npm start` prints when ADMIN_EMAILS is empty: the way in for whoever runs it. */
export const noAdminsMessage =
  'ADMIN_EMAILS is empty, so nobody can open the admin screens. To administer this Woodshed, ' +
  'start it with ADMIN_EMAILS=<your e-mail address> (comma-separated for several) and sign in with that address.';
