import Router from '@koa/router';
import Stripe from 'stripe';
import type { AppDependencies } from '../../app-dependencies';
import type { AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { readRawBody } from '../../http/raw-body';
import { handlePaymentEvent } from './handle-payment-event';
import { handledPaymentEventTypes, paymentEvent } from './payment-event';
import type { PaymentSetup } from './payment-setup';
import type { WebhookResponse } from './payments-responses';

export const stripeWebhookPath = '/api/stripe/webhook';

/** Stripe's events are far below this; a larger body is not from Stripe. */
const maxWebhookBytes = 1024 * 1024;
/** Seconds a signature stays valid (Stripe's default): older deliveries are refused as replays. */
const signatureToleranceSeconds = 300;
const handledTypes = new Set<string>(handledPaymentEventTypes);

/**
 * POST /api/stripe/webhook, verified on the raw bytes: a bad signature is 400 and nothing is
 * stored; a handling failure is 500, so Stripe retries and reconciliation applies it once. 404
 * when Stripe is not configured.
 */
export function stripeWebhookRouter(deps: AppDependencies, setup: PaymentSetup): AppRouter {
  const router = new Router<AppState>();

  router.post(stripeWebhookPath, async (ctx) => {
    const stripe = setup.stripe;
    if (stripe === undefined) throw new AppError(404, 'not_found', 'Stripe is not configured on this server.');
    const signature = ctx.get('stripe-signature');
    if (signature === '') throw new AppError(400, 'invalid_request', 'Missing Stripe-Signature header.');
    const rawBody = await readRawBody(ctx, maxWebhookBytes);
    let verified: Stripe.Event;
    try {
      verified = stripe.client.webhooks.constructEvent(rawBody, signature, stripe.webhookSecret, signatureToleranceSeconds);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
      ctx.state.log.warn({ reason: error.message }, 'Stripe webhook refused: signature');
      throw new AppError(400, 'invalid_request', 'Webhook signature verification failed.');
    }
    if (!handledTypes.has(verified.type)) {
      ctx.state.log.debug({ stripeEventId: verified.id, type: verified.type }, 'Stripe webhook ignored: type not handled');
      ctx.body = { received: true } satisfies WebhookResponse;
      return;
    }
    const parsed = paymentEvent.safeParse(verified);
    if (!parsed.success) {
      ctx.state.log.error({ stripeEventId: verified.id, type: verified.type, issues: parsed.error.issues }, 'Stripe webhook not understood');
      throw new AppError(400, 'invalid_request', 'The event does not have the shape this endpoint expects.');
    }
    const outcome = await handlePaymentEvent(deps, stripe.provider, parsed.data, ctx.state.requestId);
    ctx.state.log.info({ stripeEventId: verified.id, type: verified.type, appended: outcome.events.map((event) => event.type) }, 'Stripe webhook handled');
    ctx.body = { received: true } satisfies WebhookResponse;
  });

  return router;
}
