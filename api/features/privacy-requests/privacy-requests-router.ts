import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { newEvent } from '../../../events/catalog';
import type { AppDependencies } from '../../app-dependencies';
import { requestEventMetadata } from '../../commands/request-event-metadata';
import type { AppRouter, AppState } from '../../http/app-context';
import { parseBody } from '../../http/parse-request';
import { clientNetwork } from '../../rate-limits/client-network';
import { rateLimit } from '../../rate-limits/rate-limit';
import { type PrivacyRequestInput, privacyRequestInput } from './privacy-request-input';
import { privacyRequestsPerAddress, privacyRequestsPerNetwork } from './privacy-request-limits';

/** The answer to an accepted request: the success panel's text, and the request's id. */
export interface PrivacyRequestResponse {
  message: string;
  requestId: string;
}

/**
 * POST /api/privacy/request {email, requestType, description} (public; spec 001 sections 2.7, 5)
 * -> 201 { message, requestId }: one PrivacyRequestSubmitted on `privacy-request-<id>`.
 * Rate-limited per network and per address (429, no event).
 */
export function privacyRequestsRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/privacy' });

  router.post<{ privacyRequest: PrivacyRequestInput }>(
    '/request',
    async (ctx, next) => {
      // The form shows the schema's own words (spec 001 section 5).
      ctx.state.privacyRequest = parseBody(ctx, privacyRequestInput, 'first');
      await next();
    },
    rateLimit(deps, privacyRequestsPerNetwork, (ctx) => clientNetwork(ctx.ip)),
    rateLimit(deps, privacyRequestsPerAddress, (ctx) => ctx.state.privacyRequest.email),
    async (ctx) => {
      const input = ctx.state.privacyRequest;
      const privacyRequestId = randomUUID();
      const submitted = newEvent(
        'PrivacyRequestSubmitted',
        { privacyRequestId, email: input.email, requestType: input.requestType, description: input.description },
        requestEventMetadata(ctx, deps.clock, ctx.state.user?.id ?? null),
      );
      await deps.store.append(`privacy-request-${privacyRequestId}`, [submitted], { expectedVersion: 'no_stream' });
      const body: PrivacyRequestResponse = {
        message: 'Your privacy request has been received. We will respond within 45 days.',
        requestId: privacyRequestId,
      };
      ctx.status = 201;
      ctx.body = body;
    },
  );

  return router;
}
