import Router from '@koa/router';
import { z } from 'zod';
import { newEvent } from '../../../events/catalog';
import { WrongExpectedVersion } from '../../../events/store/wrong-expected-version';
import type { AppDependencies } from '../../app-dependencies';
import { requestEventMetadata } from '../../commands/request-event-metadata';
import type { AppRouter, AppState } from '../../http/app-context';
import { parseBody } from '../../http/parse-request';
import { clientNetwork } from '../../rate-limits/client-network';
import { rateLimit } from '../../rate-limits/rate-limit';
import { mailingListSignUpsPerNetwork } from './mailing-list-limits';

const invalidEmail = 'Please enter a valid email address.';

const subscribeInput = z.object(
  { email: z.string({ error: invalidEmail }).trim().toLowerCase().pipe(z.email({ error: invalidEmail }).max(254, { error: invalidEmail })) },
  { error: invalidEmail },
);

/** The same answer for a new and a repeated subscription: it does not tell who is subscribed. */
export const subscribedMessage = "You're on the list! We'll e-mail you when there's news.";

/**
 * POST /api/mailing-list/subscribe {email} (public) -> { message }. Idempotent: the stream
 * `mailing-list-<email>` must not exist yet. Rate-limited per client network (429, no event).
 */
export function mailingListRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/mailing-list' });

  router.post<{ subscriber: string }>(
    '/subscribe',
    async (ctx, next) => {
      ctx.state.subscriber = parseBody(ctx, subscribeInput, 'first').email;
      await next();
    },
    rateLimit(deps, mailingListSignUpsPerNetwork, (ctx) => clientNetwork(ctx.ip)),
    async (ctx) => {
      const email = ctx.state.subscriber;
      try {
        const subscribed = newEvent('MailingListSubscribed', { email }, requestEventMetadata(ctx, deps.clock, ctx.state.user?.id ?? null));
        await deps.store.append(`mailing-list-${email}`, [subscribed], { expectedVersion: 'no_stream' });
      } catch (error) {
        if (!(error instanceof WrongExpectedVersion)) throw error;
      }
      ctx.body = { message: subscribedMessage };
    },
  );

  return router;
}
