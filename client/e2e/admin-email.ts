/**
 * The address the browser tests' app lists in ADMIN_EMAILS (see app-process.ts), so a test can sign
 * an admin in whatever user id it gets: user id 1 goes to whichever test file signs up first.
 */
export const e2eAdminEmail = 'e2e-admin@example.com';

// The app sends one address at most 5 sign-in e-mails an hour, and the files share one app: the
// files that sign an admin in most have an admin address of their own.
/** admin.e2e.test.ts's admin. */
export const dashboardAdminEmail = 'e2e-admin-dashboard@example.com';
/** edit-song.e2e.test.ts's admin, who changes the shared catalogue. */
export const songEditorAdminEmail = 'e2e-admin-song-editor@example.com';
/** The admin of purchasing-switch.exclusive.e2e.test.ts's Settings test. */
export const settingsAdminEmail = 'e2e-admin-settings@example.com';

/** ADMIN_EMAILS of the browser tests' app: every address above. */
export const e2eAdminEmails: readonly string[] = [e2eAdminEmail, dashboardAdminEmail, songEditorAdminEmail, settingsAdminEmail];
