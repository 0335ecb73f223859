import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { newEvent } from '../../../events/catalog';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import { parsePrivacyRequest } from './privacy-request-input';

/** The answer to an accepted request: the success panel's text, and the request's id. */
export interface PrivacyRequestResponse {
  message: string;
  requestId: string;
}

/**
 * POST /api/privacy/request {email, requestType, description} (public; spec 001 sections 2.7, 5)
 * -> 201 { message, requestId }. One PrivacyRequestSubmitted on its own stream
 * `privacy-request-<id>`; the signed-in user, if any, is in the metadata.
 */
export function privacyRequestsRouter(deps: AppDependencies): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/privacy' });

  router.post('/request', async (ctx) => {
    const input = parsePrivacyRequest(ctx.request.body);
    const privacyRequestId = randomUUID();
    const requestId = ctx.state.requestId;
    await deps.store.append(
      `privacy-request-${privacyRequestId}`,
      [
        newEvent(
          'PrivacyRequestSubmitted',
          { privacyRequestId, email: input.email, requestType: input.requestType, description: input.description },
          {
            eventId: randomUUID(),
            occurredAt: deps.clock.now().toISOString(),
            userId: ctx.state.user?.id ?? null,
            requestId,
            causationId: requestId,
            correlationId: requestId,
          },
        ),
      ],
      { expectedVersion: 'no_stream' },
    );
    const body: PrivacyRequestResponse = {
      message: 'Your privacy request has been received. We will respond within 45 days.',
      requestId: privacyRequestId,
    };
    ctx.status = 201;
    ctx.body = body;
  });

  return router;
}
