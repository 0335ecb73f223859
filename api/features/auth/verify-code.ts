import type { AppDependencies } from '../../app-dependencies';
import { AppError } from '../../http/app-error';
import { authKeys, keyedHash, sameHash } from './auth-keys';
import { consumeChallenge, recordWrongCode, takeCodeAttempt } from './sign-in-challenges';

/** The message of every refused code: wrong, expired, replaced or already used look alike. */
export const invalidCodeMessage = 'Invalid or expired code';

/**
 * Check a 6-digit code for `email` (normalised). Resolves when the code was right and this
 * request consumed its challenge (exactly one request can); throws the AppError to answer
 * otherwise. The attempt is counted before the comparison, so at most 5 codes are ever compared
 * per challenge, however many requests race.
 */
export async function verifyCode(deps: AppDependencies, email: string, code: string): Promise<void> {
  const now = deps.clock.now();
  const taken = await takeCodeAttempt(deps.sql, email, now);
  if ('refused' in taken) {
    if (taken.refused === 'locked-for-today') {
      throw new AppError(
        429,
        'rate_limited',
        'Too many wrong codes for this address today. Use the link in the e-mail, or try the code again tomorrow.',
      );
    }
    if (taken.refused === 'code-used-up') {
      throw new AppError(429, 'rate_limited', 'Too many wrong codes. Please request a new code.');
    }
    throw new AppError(400, 'invalid_request', invalidCodeMessage);
  }
  const { attempt } = taken;
  if (!sameHash(keyedHash(authKeys(deps.config).code, code), attempt.codeHash)) {
    await recordWrongCode(deps.sql, email, now);
    throw new AppError(400, 'invalid_request', invalidCodeMessage);
  }
  if (!(await consumeChallenge(deps.sql, email, attempt.challengeId))) {
    throw new AppError(400, 'invalid_request', invalidCodeMessage);
  }
}
