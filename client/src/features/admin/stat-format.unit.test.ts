import { describe, expect, it } from 'vitest';
import { formatChurnRate, formatCount, formatMrr } from './stat-format';

describe('stat cards', () => {
  it('shows MRR in whole dollars with separators', () => {
    expect(formatMrr(0)).toBe('$0');
    expect(formatMrr(15)).toBe('$15');
    // 3 monthly ($45) and 1 yearly ($160 / 12 = 13.33...)
    expect(formatMrr(45 + 160 / 12)).toBe('$58');
    expect(formatMrr(1234.5)).toBe('$1,235');
    expect(formatMrr(150_000)).toBe('$150,000');
  });

  it('shows churn as a percentage with 1 decimal', () => {
    expect(formatChurnRate(0)).toBe('0.0%');
    expect(formatChurnRate(2.5)).toBe('2.5%');
    expect(formatChurnRate(100 / 3)).toBe('33.3%');
    expect(formatChurnRate(100)).toBe('100.0%');
  });

  it('writes counts with separators, and odd values as 0', () => {
    expect(formatCount(10_000)).toBe('10,000');
    expect(formatCount(7)).toBe('7');
    expect(formatMrr(Number.NaN)).toBe('$0');
    expect(formatChurnRate(Number.NaN)).toBe('0.0%');
  });
});
