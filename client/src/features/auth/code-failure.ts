import { isNetworkError, serverErrorMessage } from '../../lib/api/server-error-message';

export const CODE_LIFETIME_MS = 15 * 60_000;

/** Under the code field when the code was refused while it was still young: it was mistyped. */
export const WRONG_CODE_TEXT = 'Invalid code. Please try again.';
/** Under the code field when it was refused after its 15 minutes; a button offers a new one. */
export const EXPIRED_CODE_TEXT = 'This code has expired. Send a new code to the same address to sign in.';
/** Under the disabled field when the server stopped taking codes but gave no message of its own. */
export const CODE_LIMIT_TEXT = 'Too many wrong codes. Please request a new code.';

export type CodeFailure =
  | { kind: 'wrong'; text: string }
  | { kind: 'expired'; text: string }
  /** No more codes are taken (429): the field is disabled with the server's message. */
  | { kind: 'limit'; text: string };

/** Reads a refused code. The server says the same for wrong, expired and used codes, so the screen uses its own clock: 15 minutes after sending means expired (decision 0031). Null when not about the code. */
export function codeFailure(error: unknown, sentAt: number | null, now: number): CodeFailure | null {
  if (isNetworkError(error)) return null;
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status === 429) return { kind: 'limit', text: serverErrorMessage(error, CODE_LIMIT_TEXT) };
  if (status !== 400) return null;
  if (sentAt === null) return { kind: 'wrong', text: serverErrorMessage(error, WRONG_CODE_TEXT) };
  if (now - sentAt >= CODE_LIFETIME_MS) return { kind: 'expired', text: EXPIRED_CODE_TEXT };
  return { kind: 'wrong', text: WRONG_CODE_TEXT };
}
