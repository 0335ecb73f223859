import { randomUUID } from 'node:crypto';
import type { BackgroundJob } from '../../jobs/background-job';
import { periodicJob } from '../../jobs/periodic-job';
import { type PaymentDependencies, handlePaymentEvent } from './handle-payment-event';
import type { PaymentProvider } from './payment-provider';
import type { TestCheckout } from './test-checkout-provider';

export interface TestCheckoutRenewalOptions {
  deps: PaymentDependencies;
  testCheckout: PaymentProvider & TestCheckout;
  /** Pause between passes; default one minute. */
  intervalMs?: number;
}

/** The job, plus one pass for callers that drive it themselves (tests). */
export interface TestCheckoutRenewalJob extends BackgroundJob {
  /** Renew or end what is due; resolves with how many subscriptions changed. */
  renewDue(): Promise<number>;
}

/**
 * `test-checkout-renewal` (no Stripe): renews or ends test-checkout subscriptions at their period's
 * end, as Stripe would, through the one payment handler, so a half-done pass is finished by the next.
 */
export function createTestCheckoutRenewalJob(options: TestCheckoutRenewalOptions): TestCheckoutRenewalJob {
  const { deps, testCheckout } = options;
  const log = deps.logger.child({ job: 'test-checkout-renewal' });
  const intervalMs = options.intervalMs ?? 60_000;

  async function renewDue(): Promise<number> {
    const events = await testCheckout.renewDue();
    const requestId = `test-checkout-renewal:${randomUUID()}`;
    for (const event of events) {
      const outcome = await handlePaymentEvent(deps, testCheckout, event, requestId);
      const object = event.data.object;
      const subscriptionId = object.object === 'invoice' ? object.subscription : object.id;
      if (subscriptionId) await testCheckout.eventDelivered(subscriptionId, event.id);
      log.info({ type: event.type, recorded: outcome.events.map((recorded) => recorded.type) }, 'test checkout subscription period ended');
    }
    return events.length;
  }

  const job = periodicJob('test-checkout-renewal', intervalMs, async () => {
    try {
      await renewDue();
    } catch (error) {
      // Undelivered events stay owed; the next pass delivers them.
      log.error({ err: error }, 'test checkout renewal pass failed; retrying after a pause');
    }
  });
  return { ...job, renewDue };
}
