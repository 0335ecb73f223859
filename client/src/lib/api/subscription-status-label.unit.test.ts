import { describe, expect, it } from 'vitest';
import { subscriptionStatusLabel } from './subscription-status-label';

describe('user status label', () => {
  it('names the three subscription states of the spec', () => {
    expect(subscriptionStatusLabel('active')).toBe('Active');
    expect(subscriptionStatusLabel('canceled')).toBe('Canceled');
    expect(subscriptionStatusLabel('past_due')).toBe('Past Due');
  });

  it('calls anything else Free', () => {
    for (const other of [null, undefined, '', 'none', 'trialing', 'incomplete', 'ACTIVE']) {
      expect(subscriptionStatusLabel(other)).toBe('Free');
    }
  });
});
