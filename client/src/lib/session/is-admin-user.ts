import type { SessionUser } from '../api/current-user-api';

/** The first account ever created: the spec's admin check (spec 000, section 5). */
export const FIRST_USER_ID = 1;

/** Whether the menu offers 'Admin Dashboard' (user 1, or an ADMIN_EMAILS admin); display only (docs/decisions/0002-admin-button.md). */
export function isAdminUser(user: Pick<SessionUser, 'id' | 'isAdmin'> | null | undefined): boolean {
  if (!user) return false;
  return user.id === FIRST_USER_ID || user.isAdmin === true;
}
