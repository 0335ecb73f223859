import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_CREDIT,
  LOW_CREDIT_NOTICE,
  LOW_CREDIT_URGENT,
  creditBarTone,
  creditsForBytes,
  daysUntilCreditReset,
  formatPeriodStart,
  lowCreditWarning,
  usedPercent,
} from './usage-rules';

/** A free user who has streamed `freeUsed` credits this month and holds no packs. */
function freeOnly(freeUsed: number, pro = false) {
  return {
    hasActiveSubscription: pro,
    freeCredits: { used: freeUsed, total: 200, remaining: 200 - freeUsed },
    paidCredits: { remaining: 0, total: 0 },
    totalCredits: { used: freeUsed, available: 200 },
  };
}

describe('credit bar colour', () => {
  it('is red from 90% used, orange from 75%, the gradient below', () => {
    expect(creditBarTone(100)).toBe('red');
    expect(creditBarTone(90)).toBe('red');
    expect(creditBarTone(89.99)).toBe('orange');
    expect(creditBarTone(75)).toBe('orange');
    expect(creditBarTone(74.99)).toBe('gradient');
    expect(creditBarTone(0)).toBe('gradient');
  });

  it('takes the share used, bounded to 0..100, and an empty total as nothing used', () => {
    expect(usedPercent(150, 200)).toBe(75);
    expect(usedPercent(250, 200)).toBe(100);
    expect(usedPercent(5, 0)).toBe(0);
  });
});

describe('low-credit warning', () => {
  it('stays away below 75% of the free credits and without paid credits', () => {
    expect(lowCreditWarning(freeOnly(149))).toBeNull();
  });

  it('says "Using most" from 75% of the free credits', () => {
    expect(lowCreditWarning(freeOnly(150))).toBe(LOW_CREDIT_NOTICE);
  });

  it('turns urgent when used reaches 90% of available', () => {
    expect(lowCreditWarning(freeOnly(179))).toBe(LOW_CREDIT_NOTICE);
    expect(lowCreditWarning(freeOnly(180))).toBe(LOW_CREDIT_URGENT);
    expect(lowCreditWarning(freeOnly(200))).toBe(LOW_CREDIT_URGENT);
  });

  it('shows when at most 25% of the paid credits remain, even with free credits left', () => {
    const paidLow = { hasActiveSubscription: false, freeCredits: { used: 10, total: 200, remaining: 190 }, paidCredits: { remaining: 25, total: 100 }, totalCredits: { used: 10, available: 225 } };
    expect(lowCreditWarning(paidLow)).toBe(LOW_CREDIT_NOTICE);
    expect(lowCreditWarning({ ...paidLow, paidCredits: { remaining: 26, total: 100 } })).toBeNull();
  });

  it('is urgent with the free credits gone and few paid ones left', () => {
    const nearlyOut = { hasActiveSubscription: false, freeCredits: { used: 200, total: 200, remaining: 0 }, paidCredits: { remaining: 20, total: 100 }, totalCredits: { used: 280, available: 300 } };
    expect(lowCreditWarning(nearlyOut)).toBe(LOW_CREDIT_URGENT);
  });

  it('never shows for Pro', () => {
    expect(lowCreditWarning(freeOnly(200, true))).toBeNull();
  });
});

describe('Free Credit Period days', () => {
  const start = '2025-03-01T00:00:00.000Z';

  it('counts whole days left until the 1st of the next month (UTC), rounded down', () => {
    expect(daysUntilCreditReset(start, new Date('2025-03-01T00:00:00.000Z'))).toBe(31);
    expect(daysUntilCreditReset(start, new Date('2025-03-30T00:00:00.000Z'))).toBe(2);
    expect(daysUntilCreditReset(start, new Date('2025-03-31T12:00:00.000Z'))).toBe(0);
  });

  it('rolls over December into January', () => {
    expect(daysUntilCreditReset('2025-12-01T00:00:00.000Z', new Date('2025-12-25T00:00:00.000Z'))).toBe(7);
  });

  it('never goes below 0 when the period start is stale, and is 0 for a bad date', () => {
    expect(daysUntilCreditReset(start, new Date('2025-04-10T00:00:00.000Z'))).toBe(0);
    expect(daysUntilCreditReset('not a date', new Date())).toBe(0);
  });
});

describe('credits for bytes', () => {
  it('rounds up to whole credits of 10 MiB', () => {
    expect(creditsForBytes(0)).toBe(0);
    expect(creditsForBytes(1)).toBe(1);
    expect(creditsForBytes(BYTES_PER_CREDIT)).toBe(1);
    expect(creditsForBytes(BYTES_PER_CREDIT + 1)).toBe(2);
  });
});

describe('billing period start', () => {
  it('is written in UTC, so the 1st never shows as the last day of the month before', () => {
    expect(formatPeriodStart('2025-03-01T00:00:00.000Z')).toBe('March 1, 2025');
    expect(formatPeriodStart('bad')).toBe('—');
  });
});
