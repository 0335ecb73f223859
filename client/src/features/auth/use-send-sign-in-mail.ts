import { showToast } from '../../components/ui/toast-store';
import { serverErrorMessage } from '../../lib/api/server-error-message';
import { useRequestMagicLinkMutation } from './auth-api';

export type SendOutcome =
  | { kind: 'sent' }
  /** 429: the address used up its e-mails for the hour; the text is the server's. */
  | { kind: 'limited'; text: string }
  | { kind: 'failed' };

/** POST /api/auth/request-magic-link with the spec's toasts (001, 8), shared by both ways to send a link. */
export function useSendSignInMail(): { send(email: string): Promise<SendOutcome>; isSending: boolean } {
  const [requestMagicLink, { isLoading }] = useRequestMagicLinkMutation();

  async function send(email: string): Promise<SendOutcome> {
    try {
      await requestMagicLink({ email }).unwrap();
    } catch (error) {
      const text = serverErrorMessage(error, 'Failed to send magic link. Please try again.');
      showToast({ title: 'Error', description: text, variant: 'destructive' });
      const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
      return status === 429 ? { kind: 'limited', text } : { kind: 'failed' };
    }
    showToast({ title: 'Check your email', description: "We've sent you a magic link and code to sign in." });
    return { kind: 'sent' };
  }

  return { send, isSending: isLoading };
}
