import { createEmailSender } from '../../adapters/email/create-email-sender';
import { createEmailDeliveryJob } from '../../adapters/email/email-delivery-job';
import type { Feature } from '../../feature';
import { authRouter } from './auth-router';
import { sessionMiddleware } from './session-middleware';
import { createSignInSweepJob } from './sign-in-sweep-job';

/**
 * Sign-in by magic link or code, sessions and sign-out. Registered before every feature that
 * reads `ctx.state.user`: its middleware finds the session for every request. Its jobs deliver the
 * e-mail outbox (SES, or the console in the local outbox) and sweep expired sign-in rows and
 * rate-limit counters.
 */
export const authFeature: Feature = {
  name: 'auth',
  middleware: (deps) => [sessionMiddleware(deps)],
  routers: (deps) => [authRouter(deps)],
  jobs: (deps) => [
    createEmailDeliveryJob({
      sql: deps.sql,
      clock: deps.clock,
      logger: deps.logger,
      sender: createEmailSender(deps.config),
      key: deps.caches.authKeys.outbox,
    }),
    createSignInSweepJob({ sql: deps.sql, clock: deps.clock, logger: deps.logger }),
  ],
};
