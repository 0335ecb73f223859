import { describe, expect, it } from 'vitest';
import { subscriptionStatusLabel } from '../../lib/api/subscription-status-label';
import { billingPlanLabel, formatMembershipDate, membershipView } from './membership-view';

const endsAt = '2026-03-05T10:00:00.000Z';

describe('which membership state shows', () => {
  it('shows no subscription while loading, for a free user and for a subscription that ended', () => {
    expect(membershipView(undefined)).toEqual({ kind: 'none' });
    expect(membershipView({ hasActiveSubscription: false, subscriptionStatus: null, billingInterval: null, subscriptionEndsAt: null, canceledButActive: false })).toEqual({ kind: 'none' });
    expect(membershipView({ hasActiveSubscription: false, subscriptionStatus: 'canceled', billingInterval: 'monthly', subscriptionEndsAt: endsAt, canceledButActive: false })).toEqual({ kind: 'none' });
  });

  it('shows an active monthly plan that renews, with Cancel', () => {
    expect(membershipView({ hasActiveSubscription: true, subscriptionStatus: 'active', billingInterval: 'monthly', subscriptionEndsAt: endsAt, canceledButActive: false })).toEqual({
      kind: 'active',
      statusLabel: 'Active',
      planLabel: 'Monthly $15/month',
      dateLabel: 'Renews On',
      endsAt,
      canCancel: true,
      canceledButActive: false,
    });
  });

  it('shows the yearly plan', () => {
    const view = membershipView({ hasActiveSubscription: true, subscriptionStatus: 'active', billingInterval: 'yearly', subscriptionEndsAt: endsAt, canceledButActive: false });
    expect(view.kind === 'active' && view.planLabel).toBe('Yearly $160/year');
  });

  it('hides Cancel and shows Access Until once cancelled but still active', () => {
    const view = membershipView({ hasActiveSubscription: true, subscriptionStatus: 'active', billingInterval: 'monthly', subscriptionEndsAt: endsAt, canceledButActive: true });
    expect(view).toMatchObject({ kind: 'active', dateLabel: 'Access Until', canCancel: false, canceledButActive: true });
  });

  it('offers no Cancel while a renewal payment is past due (status is not active)', () => {
    const view = membershipView({ hasActiveSubscription: true, subscriptionStatus: 'past_due', billingInterval: 'monthly', subscriptionEndsAt: endsAt, canceledButActive: false });
    expect(view).toMatchObject({ kind: 'active', statusLabel: 'Past Due', dateLabel: 'Access Until', canCancel: false });
  });
});

describe('labels', () => {
  it('names the statuses as the spec does, anything else Free', () => {
    expect(['active', 'canceled', 'past_due', 'incomplete', null].map(subscriptionStatusLabel)).toEqual(['Active', 'Canceled', 'Past Due', 'Free', 'Free']);
  });

  it('names the plans with their prices', () => {
    expect(billingPlanLabel('yearly')).toBe('Yearly $160/year');
    expect(billingPlanLabel('monthly')).toBe('Monthly $15/month');
  });

  it('writes dates as Month d, yyyy and a dash when unknown', () => {
    expect(formatMembershipDate(endsAt, 'UTC')).toBe('March 5, 2026');
    expect(formatMembershipDate(null)).toBe('—');
    expect(formatMembershipDate('nonsense')).toBe('—');
  });
});
