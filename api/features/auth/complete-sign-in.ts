import type { SignedIn } from '../../../contract/account';
import { newEvent } from '../../../events/catalog';
import type { AppendResult } from '../../../events/store/event-store';
import { WrongExpectedVersion } from '../../../events/store/wrong-expected-version';
import type { AppDependencies } from '../../app-dependencies';
import { requestEventMetadata } from '../../commands/request-event-metadata';
import type { AppContext } from '../../http/app-context';
import { findOrCreateAccount, markAccountRegistered } from './account-registry';
import { signInReadModelWaitMs } from './auth-limits';
import { setSessionCookie } from './session-cookie';
import { createSession } from './sessions';

/**
 * The address is proven (right code or link): register the account on its first sign-in
 * (UserRegistered on `user-<id>`), record UserSignedIn, start a new session in the cookie, and
 * wait until the users read model has the events, so GET /api/auth/me answers at once.
 */
export async function completeSignIn(
  deps: AppDependencies,
  ctx: AppContext,
  email: string,
  method: 'code' | 'link',
): Promise<SignedIn> {
  const now = deps.clock.now();
  const account = await findOrCreateAccount(deps.sql, email, now);
  const userId = account.userId;
  const stream = `user-${userId}`;
  const metadata = () => requestEventMetadata(ctx, deps.clock, userId);
  const signedIn = newEvent('UserSignedIn', { userId, method }, metadata());

  let appended: AppendResult;
  if (account.registered) {
    appended = await deps.store.append(stream, [signedIn], { expectedVersion: 'exists' });
  } else {
    try {
      appended = await deps.store.append(stream, [newEvent('UserRegistered', { userId, email }, metadata()), signedIn], {
        expectedVersion: 'no_stream',
      });
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      // An earlier sign-in appended UserRegistered but stopped before the registry noted it.
      appended = await deps.store.append(stream, [signedIn], { expectedVersion: 'exists' });
    }
    await markAccountRegistered(deps.sql, userId, now);
  }

  const keys = deps.caches.authKeys;
  const session = await createSession(deps.sql, { key: keys.session, tokenKey: keys.sessionToken, userId, now });
  try {
    await deps.projections.waitForPosition('users', appended.position, { timeoutMs: signInReadModelWaitMs });
  } catch (error) {
    // The sign-in stands; the client polls GET /api/auth/me until the read model catches up.
    ctx.state.log.warn({ err: error }, 'users read model is late after a sign-in');
  }
  setSessionCookie(ctx, deps.config.publicUrl, session.token, session.expiresAt, now);
  return { user: { id: userId, email } };
}
