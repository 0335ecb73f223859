import { ProjectionWaitTimeout } from '../../../projections/runtime/position-waiter';
import type { AppDependencies } from '../../app-dependencies';
import { AppError } from '../../http/app-error';
import type { PaymentOutcome } from './handle-payment-event';

/**
 * Read-your-writes after a purchase or a cancel the user is waiting on: the next screen reads the
 * read model, so wait (bounded) until it has the events. A late read model is a 503; the payment stands.
 */
export async function waitForPaymentReadModel(deps: Pick<AppDependencies, 'projections'>, outcome: PaymentOutcome): Promise<void> {
  if (outcome.position === undefined || outcome.readModel === undefined) return;
  try {
    await deps.projections.waitForPosition(outcome.readModel, outcome.position, { timeoutMs: 5_000 });
  } catch (error) {
    if (!(error instanceof ProjectionWaitTimeout)) throw error;
    throw new AppError(503, 'not_ready', 'Your purchase is recorded but not visible yet. Please reload in a moment.');
  }
}
