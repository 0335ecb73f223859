import { isNetworkError, serverErrorMessage } from '../../lib/api/server-error-message';

export const NO_TOKEN_TEXT = 'No verification token found';

export function verificationErrorText(error: unknown): string {
  if (isNetworkError(error)) return 'An error occurred during verification';
  return serverErrorMessage(error, 'Verification failed');
}
