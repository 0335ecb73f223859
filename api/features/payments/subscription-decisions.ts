import type { DecidedEvent, StoredEvent, SubscriptionPlan } from '../../../events/catalog';
import type { ProviderSubscription } from './payment-provider';

/** One provider subscription as its stream (`subscription-<id>`) tells it. */
export interface SubscriptionState {
  started: boolean;
  plan: SubscriptionPlan | undefined;
  currentPeriodStart: string | undefined;
  currentPeriodEnd: string | undefined;
  cancelRequested: boolean;
  pastDue: boolean;
  ended: boolean;
}

export const initialSubscriptionState: SubscriptionState = {
  started: false,
  plan: undefined,
  currentPeriodStart: undefined,
  currentPeriodEnd: undefined,
  cancelRequested: false,
  pastDue: false,
  ended: false,
};

export function evolveSubscription(state: SubscriptionState, event: StoredEvent): SubscriptionState {
  switch (event.type) {
    case 'SubscriptionStarted':
    case 'SubscriptionRenewed':
      return {
        ...state,
        started: true,
        plan: event.data.plan,
        currentPeriodStart: event.data.currentPeriodStart,
        currentPeriodEnd: event.data.currentPeriodEnd,
        cancelRequested: false,
        pastDue: false,
      };
    case 'SubscriptionCancellationRequested':
      return { ...state, cancelRequested: true };
    case 'SubscriptionCancellationWithdrawn':
      return { ...state, cancelRequested: false };
    case 'SubscriptionPastDue':
      return { ...state, pastDue: true };
    case 'SubscriptionEnded':
      return { ...state, ended: true };
    default:
      return state;
  }
}

type SubscriptionEvent = DecidedEvent<
  'SubscriptionStarted' | 'SubscriptionRenewed' | 'SubscriptionCancellationRequested' | 'SubscriptionCancellationWithdrawn' | 'SubscriptionPastDue' | 'SubscriptionEnded'
>;

// Statuses whose paid period still gives access (until its end); past_due and the like are flagged.
const liveStatuses = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);
const unpaidStatuses = new Set(['past_due', 'unpaid', 'paused']);
const endedStatuses = new Set(['canceled', 'incomplete_expired']);

/**
 * The events that bring the stream to the provider's state of the subscription (a webhook only says
 * "look again"). An `incomplete` subscription grants nothing; an ended one stays ended.
 */
export function reconcileSubscription(
  state: SubscriptionState,
  remote: ProviderSubscription & { userId: number },
  provider: 'stripe' | 'test-checkout',
): SubscriptionEvent[] {
  if (state.ended) return [];
  const ref = { userId: remote.userId, provider, providerSubscriptionId: remote.id };
  if (endedStatuses.has(remote.status)) {
    if (!state.started) return [];
    const reason = remote.cancellationReason === 'payment_failed' ? 'payment_failed' : 'canceled';
    return [{ type: 'SubscriptionEnded', data: { ...ref, endedAt: remote.endedAt ?? remote.currentPeriodEnd, reason } }];
  }
  if (!liveStatuses.has(remote.status)) return [];

  const events: SubscriptionEvent[] = [];
  const period = { plan: remote.plan, currentPeriodStart: remote.currentPeriodStart, currentPeriodEnd: remote.currentPeriodEnd };
  // A started or renewed period resets the cancellation and past-due flags (see evolve), so they are
  // stated again below when the provider still has them.
  let periodStated = false;
  if (!state.started) {
    events.push({ type: 'SubscriptionStarted', data: { ...ref, ...period } });
    periodStated = true;
  } else if (state.currentPeriodEnd !== period.currentPeriodEnd || state.currentPeriodStart !== period.currentPeriodStart || state.plan !== period.plan) {
    events.push({ type: 'SubscriptionRenewed', data: { ...ref, ...period } });
    periodStated = true;
  }
  if (remote.cancelAtPeriodEnd && (periodStated || !state.cancelRequested)) {
    events.push({ type: 'SubscriptionCancellationRequested', data: { ...ref, endsAt: remote.currentPeriodEnd } });
  } else if (!remote.cancelAtPeriodEnd && !periodStated && state.cancelRequested) {
    // Taken back within the period (a new period already clears the flag, see evolve).
    events.push({ type: 'SubscriptionCancellationWithdrawn', data: ref });
  }
  if (unpaidStatuses.has(remote.status) && (periodStated || !state.pastDue)) {
    events.push({ type: 'SubscriptionPastDue', data: ref });
  }
  return events;
}
