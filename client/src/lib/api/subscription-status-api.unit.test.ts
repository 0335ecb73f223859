import { describe, expect, it } from 'vitest';
import { isSubscribed } from './subscription-status-api';

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
