/**
 * Admins are the addresses in ADMIN_EMAILS, nobody else: the first account is not special, or the
 * first sign-up on a public server would own it (decisions 0056, 0001).
 */
export function isAdmin(user: { id: number; email: string }, adminEmails: readonly string[]): boolean {
  return adminEmails.includes(user.email);
}

/** What `npm start` prints when ADMIN_EMAILS is empty: the way in for whoever runs it. */
export const noAdminsMessage =
  'ADMIN_EMAILS is empty, so nobody can open the admin screens. To administer this Woodshed, ' +
  'start it with ADMIN_EMAILS=<your e-mail address> (comma-separated for several) and sign in with that address.';
