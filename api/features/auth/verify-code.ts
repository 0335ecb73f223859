import type { AppDependencies } from '../../app-dependencies';
import type { AppContext } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { clientNetwork } from '../../rate-limits/client-network';
import { returnHit } from '../../rate-limits/fixed-window-counter';
import { enforceRateLimit } from '../../rate-limits/rate-limit';
import { keyedHash, sameHash } from './auth-keys';
import { codeAttemptRefusal, consumeChallenge, recordWrongCode, refusalAfterWrongCode, takeCodeAttempt } from './sign-in-challenges';
import type { NoAttemptReason } from './sign-in-challenges';
import { signInFailuresPerNetwork } from './sign-in-network-limits';

/** The message of every refused code: wrong, expired, replaced or already used look alike. */
export const invalidCodeMessage = 'Invalid or expired code';

/**
 * Check a 6-digit code for `email`; resolves when right and this request consumed the challenge,
 * else throws. The attempt is counted before comparing, so at most 5 compare however requests race.
 */
export async function verifyCode(deps: AppDependencies, ctx: AppContext, email: string, code: string): Promise<void> {
  const now = deps.clock.now();
  const refusedBefore = await codeAttemptRefusal(deps.sql, email, now);
  if (refusedBefore !== undefined) throw noAttemptError(refusedBefore);

  const network = clientNetwork(ctx.ip);
  await enforceRateLimit(deps, ctx, signInFailuresPerNetwork, network, now);
  let wrong = false;
  try {
    const taken = await takeCodeAttempt(deps.sql, email, now);
    if ('refused' in taken) throw noAttemptError(taken.refused);
    const { attempt } = taken;
    if (!sameHash(keyedHash(deps.caches.authKeys.code, code), attempt.codeHash)) {
      wrong = true;
      const failuresToday = await recordWrongCode(deps.sql, email, now);
      const refusedNow = refusalAfterWrongCode(attempt.attemptsUsed, failuresToday);
      throw refusedNow === undefined ? new AppError(400, 'invalid_request', invalidCodeMessage) : noAttemptError(refusedNow);
    }
    if (!(await consumeChallenge(deps.sql, email, attempt.challengeId))) {
      throw new AppError(400, 'invalid_request', invalidCodeMessage);
    }
  } finally {
    if (!wrong) await returnHit(deps.sql, signInFailuresPerNetwork, network, now);
  }
}

function noAttemptError(reason: NoAttemptReason): AppError {
  if (reason === 'locked-for-today') {
    return new AppError(
      429,
      'rate_limited',
      'Too many wrong codes for this address today. Use the link in the e-mail, or try the code again tomorrow.',
    );
  }
  if (reason === 'code-used-up') return new AppError(429, 'rate_limited', 'Too many wrong codes. Please request a new code.');
  return new AppError(400, 'invalid_request', invalidCodeMessage);
}
