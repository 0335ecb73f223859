/**
 * Who administers Woodshed: the first account (user id 1, as the spec's client check has it) and
 * the addresses in ADMIN_EMAILS. The server enforces it (docs/decisions/0001-admin-enforced-on-server.md).
 */
export function isAdmin(user: { id: number; email: string }, adminEmails: readonly string[]): boolean {
  return user.id === 1 || adminEmails.includes(user.email);
}
