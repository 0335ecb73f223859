import { describe, expect, it } from 'vitest';
import type { ProviderSubscription } from './payment-provider';
import { type SubscriptionState, initialSubscriptionState, reconcileSubscription } from './subscription-decisions';

const remote = (patch: Partial<ProviderSubscription> = {}): ProviderSubscription & { userId: number } => ({
  id: 'sub_1',
  status: 'active',
  plan: 'monthly',
  currentPeriodStart: '2025-10-01T00:00:00.000Z',
  currentPeriodEnd: '2025-11-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  endedAt: null,
  cancellationReason: null,
  ...patch,
  userId: 7,
});
const ref = { userId: 7, provider: 'stripe' as const, providerSubscriptionId: 'sub_1' };
const period = { plan: 'monthly' as const, currentPeriodStart: '2025-10-01T00:00:00.000Z', currentPeriodEnd: '2025-11-01T00:00:00.000Z' };
const running: SubscriptionState = { ...initialSubscriptionState, started: true, ...period };

describe('reconcileSubscription', () => {
  it('starts a paid subscription once, and grants nothing before the first payment', () => {
    expect(reconcileSubscription(initialSubscriptionState, remote(), 'stripe')).toEqual([{ type: 'SubscriptionStarted', data: { ...ref, ...period } }]);
    expect(reconcileSubscription(running, remote(), 'stripe')).toEqual([]);
    expect(reconcileSubscription(initialSubscriptionState, remote({ status: 'incomplete' }), 'stripe')).toEqual([]);
  });

  it('renews when the provider has a new period, and states a cancellation or a failed payment again after it', () => {
    const next = { currentPeriodStart: '2025-11-01T00:00:00.000Z', currentPeriodEnd: '2025-12-01T00:00:00.000Z' };
    expect(reconcileSubscription({ ...running, cancelRequested: true }, remote({ ...next, cancelAtPeriodEnd: true }), 'stripe')).toEqual([
      { type: 'SubscriptionRenewed', data: { ...ref, ...period, ...next } },
      { type: 'SubscriptionCancellationRequested', data: { ...ref, endsAt: next.currentPeriodEnd } },
    ]);
    expect(reconcileSubscription(running, remote({ status: 'past_due' }), 'stripe')).toEqual([{ type: 'SubscriptionPastDue', data: ref }]);
    expect(reconcileSubscription({ ...running, pastDue: true }, remote({ status: 'past_due' }), 'stripe')).toEqual([]);
  });

  it('records a cancellation taken back within the period once, and not when a new period already cleared it', () => {
    const cancelled = { ...running, cancelRequested: true };
    expect(reconcileSubscription(cancelled, remote(), 'stripe')).toEqual([{ type: 'SubscriptionCancellationWithdrawn', data: ref }]);
    expect(reconcileSubscription(running, remote(), 'stripe')).toEqual([]);
    const next = { currentPeriodStart: '2025-11-01T00:00:00.000Z', currentPeriodEnd: '2025-12-01T00:00:00.000Z' };
    expect(reconcileSubscription(cancelled, remote(next), 'stripe')).toEqual([{ type: 'SubscriptionRenewed', data: { ...ref, ...period, ...next } }]);
  });

  it('ends a started subscription once, with the reason Stripe gives; one never started ends silently', () => {
    const canceled = remote({ status: 'canceled', endedAt: '2025-10-20T00:00:00.000Z', cancellationReason: 'payment_failed' });
    expect(reconcileSubscription(running, canceled, 'stripe')).toEqual([{ type: 'SubscriptionEnded', data: { ...ref, endedAt: '2025-10-20T00:00:00.000Z', reason: 'payment_failed' } }]);
    expect(reconcileSubscription({ ...running, ended: true }, canceled, 'stripe')).toEqual([]);
    expect(reconcileSubscription({ ...running, ended: true }, remote(), 'stripe')).toEqual([]);
    expect(reconcileSubscription(initialSubscriptionState, canceled, 'stripe')).toEqual([]);
  });
});
