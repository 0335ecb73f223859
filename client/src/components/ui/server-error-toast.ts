import { serverErrorMessage } from '../../lib/api/server-error-message';
import { showToast } from './toast-store';

/** The failure toast of a call: the server's own message when it sent one, `fallback` otherwise. */
export function showServerErrorToast(title: string, error: unknown, fallback: string): void {
  showToast({ title, description: serverErrorMessage(error, fallback), variant: 'destructive' });
}
