import { isNetworkError, serverErrorMessage } from '../../lib/api/server-error-message';

/** Spec 001, section 9: a code lives 15 minutes from the request. */
export const CODE_LIFETIME_MS = 15 * 60_000;

/** Under the code field when the code was refused while it was still young: it was mistyped. */
export const WRONG_CODE_TEXT = 'Invalid code. Please try again.';
/** Under the code field when it was refused after its 15 minutes; a button offers a new one. */
export const EXPIRED_CODE_TEXT = 'This code has expired. Send a new code to the same address to sign in.';
/** Under the disabled field when the server stopped taking codes but gave no message of its own. */
export const CODE_LIMIT_TEXT = 'Too many wrong codes. Please request a new code.';

/** What the code step shows under its field after a refused code. */
export type CodeFailure =
  | { kind: 'wrong'; text: string }
  | { kind: 'expired'; text: string }
  /** No more codes are taken (429): the field is disabled with the server's message. */
  | { kind: 'limit'; text: string };

/**
 * Reads a failed POST /api/auth/verify-code. The server answers wrong, expired and used codes alike
 * (400 'Invalid or expired code', so nobody learns whether an address has a live code); the screen
 * tells them apart by its own clock: a code refused 15 minutes or more after it was sent has
 * expired (decision 0031). `sentAt` is null when this tab did not send the code (the user came to
 * enter one they already had), and then the server's words are shown as they are.
 * Null for failures that are not about the code (no answer, a server fault): the toast says enough.
 */
export function codeFailure(error: unknown, sentAt: number | null, now: number): CodeFailure | null {
  if (isNetworkError(error)) return null;
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status === 429) return { kind: 'limit', text: serverErrorMessage(error, CODE_LIMIT_TEXT) };
  if (status !== 400) return null;
  if (sentAt === null) return { kind: 'wrong', text: serverErrorMessage(error, WRONG_CODE_TEXT) };
  if (now - sentAt >= CODE_LIFETIME_MS) return { kind: 'expired', text: EXPIRED_CODE_TEXT };
  return { kind: 'wrong', text: WRONG_CODE_TEXT };
}
