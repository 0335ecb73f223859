/** Spec 001, 4 and 9: the banner waits 10 s after the browser's install event (or the page load on iOS). */
export const INSTALL_PROMPT_DELAY_MS = 10_000;
export const DISMISSAL_QUIET_MS = 7 * 24 * 60 * 60 * 1000;
/** The one local-storage item of the install prompt: when it was last dismissed or used (ms since epoch). */
export const DISMISSED_AT_KEY = 'woodshed:install-prompt-dismissed-at';

export function isQuietAfterDismissal(dismissedAt: number | undefined, now: number): boolean {
  return dismissedAt !== undefined && now - dismissedAt < DISMISSAL_QUIET_MS;
}

export function readDismissedAt(storage: Pick<Storage, 'getItem'>): number | undefined {
  const stored = storage.getItem(DISMISSED_AT_KEY);
  if (stored === null || !/^\d{1,15}$/.test(stored)) return undefined;
  return Number(stored);
}

/** Stores `now` as the dismissal time (a full or blocked storage only means the banner may return). */
export function recordDismissal(storage: Pick<Storage, 'setItem'>, now: number): void {
  try {
    storage.setItem(DISMISSED_AT_KEY, String(now));
  } catch {
    // Private modes may refuse writes; the banner then comes back next time, which is harmless.
  }
}
