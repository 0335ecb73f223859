import type { OutgoingEmail } from '../../adapters/email/email-outbox';
import { signInEmailHtml } from './sign-in-email-html';
import { signInEmailText } from './sign-in-email-text';

/**
 * The one e-mail of sign-in and sign-up: a link to `/auth/verify?token=...` and the 6-digit code.
 * The subject carries neither (it is stored in clear in the outbox).
 */
export function signInEmail(to: string, values: { code: string; link: string }): OutgoingEmail {
  return {
    to,
    subject: 'Your Woodshed sign-in link and code',
    text: signInEmailText(values),
    html: signInEmailHtml(values),
    data: { code: values.code, link: values.link },
  };
}

/** The link the e-mail carries. */
export function signInLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/verify?token=${token}`;
}
