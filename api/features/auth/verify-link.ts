import type { AppDependencies } from '../../app-dependencies';
import { AppError } from '../../http/app-error';
import { authKeys, keyedHash } from './auth-keys';
import { consumeChallengeByLink } from './sign-in-challenges';
import { looksLikeOpaqueToken } from './sign-in-secrets';

/** The message of every refused link: unknown, expired, replaced or already used look alike. */
export const invalidLinkMessage = 'This sign-in link is invalid or has expired.';

/** Consume the challenge of a sign-in link; resolves with its address, or throws a 400. */
export async function verifyLink(deps: AppDependencies, token: string): Promise<string> {
  const email = looksLikeOpaqueToken(token)
    ? await consumeChallengeByLink(deps.sql, keyedHash(authKeys(deps.config).link, token), deps.clock.now())
    : undefined;
  if (email === undefined) throw new AppError(400, 'invalid_request', invalidLinkMessage);
  return email;
}
