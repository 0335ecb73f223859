import { describe, expect, it } from 'vitest';
import { userStatusLabel } from './user-status-label';

describe('user status label', () => {
  it('names the three subscription states of the spec', () => {
    expect(userStatusLabel('active')).toBe('Active');
    expect(userStatusLabel('canceled')).toBe('Canceled');
    expect(userStatusLabel('past_due')).toBe('Past Due');
  });

  it('calls anything else Free', () => {
    for (const other of [null, undefined, '', 'none', 'trialing', 'incomplete', 'ACTIVE']) {
      expect(userStatusLabel(other)).toBe('Free');
    }
  });
});
