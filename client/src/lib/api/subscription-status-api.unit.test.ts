import { describe, expect, it } from 'vitest';
import { isKnownFree, isSubscribed } from './subscription-status-api';

describe('isSubscribed', () => {
  it('is true only for a definite hasActiveSubscription: true', () => {
    expect(isSubscribed({ hasActiveSubscription: true, subscriptionStatus: 'active' })).toBe(true);
    expect(isSubscribed({ hasActiveSubscription: false, subscriptionStatus: 'canceled' })).toBe(false);
  });

  it('treats no answer, a failed call or an odd body as not subscribed', () => {
    expect(isSubscribed(undefined)).toBe(false);
    expect(isSubscribed(null)).toBe(false);
    expect(isSubscribed('<!doctype html>')).toBe(false);
    expect(isSubscribed({ hasActiveSubscription: 'true' })).toBe(false);
  });
});

describe('isKnownFree', () => {
  it('is true only for a definite hasActiveSubscription: false', () => {
    expect(isKnownFree({ hasActiveSubscription: false, subscriptionStatus: null })).toBe(true);
    expect(isKnownFree({ hasActiveSubscription: true, subscriptionStatus: 'active' })).toBe(false);
  });

  it('is false while the answer is unknown (loading, offline, an odd body)', () => {
    expect(isKnownFree(undefined)).toBe(false);
    expect(isKnownFree(null)).toBe(false);
    expect(isKnownFree('<!doctype html>')).toBe(false);
    expect(isKnownFree({ hasActiveSubscription: 'false' })).toBe(false);
  });
});
