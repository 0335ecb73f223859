import { isNetworkError, serverErrorMessage } from '../../lib/api/server-error-message';

/** Spec 001, section 5: the verify screen opened without a token. */
export const NO_TOKEN_TEXT = 'No verification token found';

/** The 'Verification Failed' screen's error line (spec 001, 8). */
export function verificationErrorText(error: unknown): string {
  if (isNetworkError(error)) return 'An error occurred during verification';
  return serverErrorMessage(error, 'Verification failed');
}
