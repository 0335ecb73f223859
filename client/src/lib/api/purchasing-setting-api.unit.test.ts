import { describe, expect, it } from 'vitest';
import { isPurchasingEnabled } from './purchasing-setting-api';

describe('purchasing setting', () => {
  it('is off only when the server says purchasing_enabled false', () => {
    expect(isPurchasingEnabled({ purchasing_enabled: false })).toBe(false);
    expect(isPurchasingEnabled({ purchasing_enabled: true })).toBe(true);
  });

  it('defaults to on when unknown (loading, failed, odd answers)', () => {
    expect(isPurchasingEnabled(undefined)).toBe(true);
    expect(isPurchasingEnabled(null)).toBe(true);
    expect(isPurchasingEnabled({})).toBe(true);
    expect(isPurchasingEnabled({ purchasing_enabled: 'no' })).toBe(true);
  });
});
