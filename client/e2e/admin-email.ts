/**
 * The address the browser tests' app lists in ADMIN_EMAILS (see app-process.ts), so a test can sign
 * an admin in whatever user id it gets: user id 1 goes to whichever test file signs up first.
 */
export const e2eAdminEmail = 'e2e-admin@example.com';
