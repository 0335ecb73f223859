/** How long a sign-in code and link live (spec 001 section 9: 15 minutes). */
export const signInLifetimeMs = 15 * 60_000;
/** Wrong codes that kill a code (every later attempt on it gets 429). */
export const wrongCodesPerChallenge = 5;
/** Codes an address may request per rolling hour. */
export const codesPerAddressPerHour = 5;
/** Wrong codes per address per UTC day that lock code sign-in until the next day (the link still works). */
export const codeFailuresPerDay = 20;
/** Sessions expire after 30 days without use. */
export const sessionLifetimeMs = 30 * 24 * 60 * 60_000;
/** A session's expiry (and cookie) is pushed back at most once a day, not on every request. */
export const sessionRenewIntervalMs = 24 * 60 * 60_000;
/** How long a sign-in waits for the users read model, so GET /api/auth/me answers at once. */
export const signInReadModelWaitMs = 5_000;
