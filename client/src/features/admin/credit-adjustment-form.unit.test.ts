import { describe, expect, it } from 'vitest';
import { adjustmentConfirmation, parseCreditAdjustment } from './credit-adjustment-form';

describe('credit adjustment form', () => {
  it('accepts a signed whole number and a reason, trimmed', () => {
    expect(parseCreditAdjustment({ credits: ' 50 ', reason: '  Metering bug  ' })).toEqual({ ok: true, value: { credits: 50, reason: 'Metering bug' } });
    expect(parseCreditAdjustment({ credits: '-20', reason: 'Duplicate grant' })).toEqual({ ok: true, value: { credits: -20, reason: 'Duplicate grant' } });
    expect(parseCreditAdjustment({ credits: '+5', reason: 'Goodwill' })).toEqual({ ok: true, value: { credits: 5, reason: 'Goodwill' } });
  });

  it('refuses what is not a whole number, and zero', () => {
    for (const credits of ['', 'abc', '1.5', '1e3', '--2', '5 credits']) {
      const result = parseCreditAdjustment({ credits, reason: 'x' });
      expect(result).toEqual({ ok: false, errors: { credits: 'Enter a whole number of credits, e.g. 50 to grant or -20 to take back' } });
    }
    expect(parseCreditAdjustment({ credits: '0', reason: 'x' })).toEqual({ ok: false, errors: { credits: 'Enter a number other than 0' } });
    expect(parseCreditAdjustment({ credits: '-0', reason: 'x' })).toEqual({ ok: false, errors: { credits: 'Enter a number other than 0' } });
  });

  it('caps one adjustment at 100,000 credits either way', () => {
    expect(parseCreditAdjustment({ credits: '100000', reason: 'x' }).ok).toBe(true);
    expect(parseCreditAdjustment({ credits: '-100001', reason: 'x' })).toEqual({ ok: false, errors: { credits: 'At most 100,000 credits per adjustment' } });
  });

  it('needs a reason of at most 500 characters', () => {
    expect(parseCreditAdjustment({ credits: '5', reason: '   ' })).toEqual({ ok: false, errors: { reason: 'Please give a reason' } });
    expect(parseCreditAdjustment({ credits: '5', reason: 'a'.repeat(501) })).toEqual({ ok: false, errors: { reason: 'Keep the reason to 500 characters' } });
    expect(parseCreditAdjustment({ credits: 'x', reason: '' })).toEqual({
      ok: false,
      errors: { credits: 'Enter a whole number of credits, e.g. 50 to grant or -20 to take back', reason: 'Please give a reason' },
    });
  });

  it('confirms what was recorded', () => {
    expect(adjustmentConfirmation({ credits: 50, reason: 'Metering bug' }, 'ann@example.com', 150)).toBe(
      'Granted 50 credits to ann@example.com (reason: Metering bug). Purchased credits left: 150.',
    );
    expect(adjustmentConfirmation({ credits: -1, reason: 'Oops' }, null, 0)).toBe('Took back 1 credit from the user (reason: Oops). Purchased credits left: 0.');
  });
});
