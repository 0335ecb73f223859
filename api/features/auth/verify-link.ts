import type { AppDependencies } from '../../app-dependencies';
import type { AppContext } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { clientNetwork } from '../../rate-limits/client-network';
import { returnHit } from '../../rate-limits/fixed-window-counter';
import { enforceRateLimit } from '../../rate-limits/rate-limit';
import { keyedHash } from './auth-keys';
import { consumeChallengeByLink } from './sign-in-challenges';
import { looksLikeOpaqueToken } from './sign-in-secrets';
import { signInFailuresPerNetwork } from './sign-in-network-limits';

/** The message of every refused link: unknown, expired, replaced or already used look alike. */
export const invalidLinkMessage = 'This sign-in link is invalid or has expired.';

/** Consume a sign-in link's challenge; resolves with its address, or throws a 400. A refused link costs one of the network's hourly failures. */
export async function verifyLink(deps: AppDependencies, ctx: AppContext, token: string): Promise<string> {
  const now = deps.clock.now();
  const network = clientNetwork(ctx.ip);
  await enforceRateLimit(deps, ctx, signInFailuresPerNetwork, network, now);
  const email = looksLikeOpaqueToken(token) ? await consumeChallengeByLink(deps.sql, keyedHash(deps.caches.authKeys.link, token), now) : undefined;
  if (email === undefined) throw new AppError(400, 'invalid_request', invalidLinkMessage);
  await returnHit(deps.sql, signInFailuresPerNetwork, network, now);
  return email;
}
