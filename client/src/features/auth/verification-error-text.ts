import { isNetworkError, serverErrorMessage } from '../../lib/api/server-error-message';

/** Spec 001, section 5: the verify screen opened without a token. */
export const NO_TOKEN_TEXT = 'No verification token found';

/**
 * The error line of the 'Verification Failed' screen (spec 001, section 8): the server's error text,
 * or 'Verification failed'; a call that got no answer at all says so differently.
 */
export function verificationErrorText(error: unknown): string {
  if (isNetworkError(error)) return 'An error occurred during verification';
  return serverErrorMessage(error, 'Verification failed');
}
