/** Spec 001, sections 4 and 9: after a code sign-in the current user is asked up to 10 times, 300 ms apart. */
export const SESSION_POLL_ATTEMPTS = 10;
export const SESSION_POLL_INTERVAL_MS = 300;

export const SESSION_NOT_ESTABLISHED = 'Session could not be established. Please try again.';

export interface WaitForSessionOptions {
  /** One current-user call: true when it answered ok. A thrown error counts as "not yet". */
  hasSession(): Promise<boolean>;
  sleep?(ms: number): Promise<void>;
  attempts?: number;
  intervalMs?: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitForSession({
  hasSession,
  sleep = realSleep,
  attempts = SESSION_POLL_ATTEMPTS,
  intervalMs = SESSION_POLL_INTERVAL_MS,
}: WaitForSessionOptions): Promise<boolean> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const ok = await hasSession().catch(() => false);
    if (ok) return true;
    if (attempt < attempts) await sleep(intervalMs);
  }
  return false;
}
