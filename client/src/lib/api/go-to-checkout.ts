import { showToast } from '../../components/ui/toast-store';

/** The spec's text when a checkout call answers without an address to go to (section 8). */
export const NO_CHECKOUT_URL = 'No checkout URL returned';

/** How the browser leaves for the checkout page; tests pass their own. */
export type LeavePage = (url: string) => void;

/**
 * Starts a checkout and sends the browser to the address it answers (spec 000, section 7: "response
 * url, browser redirects"). A failed call toasts `failedText`; an answer without an address toasts
 * 'No checkout URL returned'. Resolves whether the browser is on its way.
 */
export async function goToCheckout(
  start: () => Promise<{ url?: unknown }>,
  failedText: string,
  leave: LeavePage = (url) => window.location.assign(url),
): Promise<boolean> {
  let answer: { url?: unknown };
  try {
    answer = await start();
  } catch {
    showToast({ title: 'Error', description: failedText, variant: 'destructive' });
    return false;
  }
  if (typeof answer.url !== 'string' || answer.url === '') {
    showToast({ title: 'Error', description: NO_CHECKOUT_URL, variant: 'destructive' });
    return false;
  }
  leave(answer.url);
  return true;
}
