import { createEmailSender } from '../../adapters/email/create-email-sender';
import { createEmailDeliveryJob } from '../../adapters/email/email-delivery-job';
import type { Feature } from '../../feature';
import { authRouter } from './auth-router';
import { sessionMiddleware } from './session-middleware';
import { createSignInSweepJob } from './sign-in-sweep-job';

/**
 * Sign-in, sessions and sign-out, registered before every feature that reads `ctx.state.user`. Its
 * jobs deliver the e-mail outbox and sweep expired sign-in rows and rate-limit counters.
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
