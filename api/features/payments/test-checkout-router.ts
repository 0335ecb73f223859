import Router from '@koa/router';
import type { AppDependencies } from '../../app-dependencies';
import type { AppContext, AppRouter, AppState } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/parse-request';
import { requireUser } from '../../http/require-user';
import { handlePaymentEvent } from './handle-payment-event';
import type { PaymentSetup } from './payment-setup';
import { testCheckoutParams } from './payments-requests';
import { testCheckoutPage } from './test-checkout-page';
import { waitForPaymentReadModel } from './wait-for-payment-read-model';

/**
 * The local test checkout (404 in production, when Stripe is configured, or to anyone but the
 * session's user): GET /api/test-checkout/{id} is the page; POST .../pay hands the event Stripe
 * would send to the payment handler, waits for the read model, then 303 to the success address;
 * POST .../cancel 303s to the cancel address.
 */
export function testCheckoutRouter(deps: AppDependencies, setup: PaymentSetup): AppRouter {
  const router = new Router<AppState>({ prefix: '/api/test-checkout' });

  const session = async (ctx: AppContext) => {
    const testCheckout = setup.testCheckout;
    if (testCheckout === undefined) throw new AppError(404, 'not_found', 'There is no test checkout on this server.');
    const user = requireUser(ctx);
    const { id } = parseInput(testCheckoutParams, ctx.params, 'path');
    const found = await testCheckout.findSession(id, user.id);
    if (found === undefined) throw new AppError(404, 'not_found', 'Unknown test checkout.');
    return { testCheckout, user, found };
  };

  router.get('/:id', async (ctx) => {
    const { found } = await session(ctx);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = testCheckoutPage(found);
  });

  router.post('/:id/pay', async (ctx) => {
    const { testCheckout, user, found } = await session(ctx);
    const paid = await testCheckout.pay(found.id, user.id);
    if (paid === undefined) throw new AppError(404, 'not_found', 'Unknown test checkout.');
    const outcome = await handlePaymentEvent(deps, testCheckout, paid.event, ctx.state.requestId);
    await waitForPaymentReadModel(deps, outcome);
    ctx.status = 303;
    ctx.redirect(paid.session.successUrl);
  });

  router.post('/:id/cancel', async (ctx) => {
    const { found } = await session(ctx);
    ctx.status = 303;
    ctx.redirect(found.cancelUrl);
  });

  return router;
}
