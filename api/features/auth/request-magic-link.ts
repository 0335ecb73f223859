import { enqueueEmail } from '../../adapters/email/email-outbox';
import type { AppDependencies } from '../../app-dependencies';
import { AppError } from '../../http/app-error';
import { keyedHash } from './auth-keys';
import { codesPerAddressPerHour } from './auth-limits';
import { recordCodeRequest, replaceChallenge } from './sign-in-challenges';
import { signInEmail, signInLink } from './sign-in-email';
import { newOpaqueToken, newSignInCode } from './sign-in-secrets';

/** The answer to every accepted request, whether or not the address has an account. */
export const magicLinkSentMessage = 'Check your email for a sign-in link and a 6-digit code.';

/** Queue a sign-in e-mail to `email` with a new challenge; every address gets the same work, so timing reveals no account. */
export async function requestMagicLink(deps: AppDependencies, email: string): Promise<void> {
  const now = deps.clock.now();
  const keys = deps.caches.authKeys;
  const code = newSignInCode();
  const token = newOpaqueToken();
  const message = signInEmail(email, { code, link: signInLink(deps.config.publicUrl, token) });
  const outcome = await deps.sql.transaction(async (tx) => {
    const request = await recordCodeRequest(tx, email, now);
    if (!request.allowed) return request;
    await replaceChallenge(tx, { email, codeHash: keyedHash(keys.code, code), linkTokenHash: keyedHash(keys.link, token), now });
    await enqueueEmail(tx, message, { key: keys.outbox, now });
    return request;
  });
  if (!outcome.allowed) {
    const seconds = Math.max(1, Math.ceil((outcome.retryAt.getTime() - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new AppError(
      429,
      'rate_limited',
      `Too many sign-in e-mails: at most ${codesPerAddressPerHour} per hour for one address. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { 'Retry-After': String(seconds) },
    );
  }
}
