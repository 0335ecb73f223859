import { describe, expect, it } from 'vitest';
import { formatBytes } from './byte-size';

describe('byte sizes', () => {
  it('uses B below 1 KB, always with 2 decimals', () => {
    expect(formatBytes(0)).toBe('0.00 B');
    expect(formatBytes(1)).toBe('1.00 B');
    expect(formatBytes(1023)).toBe('1023.00 B');
  });

  it('steps up by 1024 to KB, MB and GB', () => {
    expect(formatBytes(1024)).toBe('1.00 KB');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(10_485_760)).toBe('10.00 MB');
    expect(formatBytes(1024 ** 3)).toBe('1.00 GB');
    expect(formatBytes(3.25 * 1024 ** 3)).toBe('3.25 GB');
  });

  it('rounds to 2 decimals', () => {
    expect(formatBytes(1234)).toBe('1.21 KB');
    expect(formatBytes(123_456_789)).toBe('117.74 MB');
  });

  it('picks the unit after rounding, so a value just under a step reads 1.00 of the next unit', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1.00 MB');
    expect(formatBytes(1024 ** 3 - 1)).toBe('1.00 GB');
  });

  it('stays in GB above it', () => {
    expect(formatBytes(2 * 1024 ** 4)).toBe('2048.00 GB');
  });

  it('reads a negative or non-finite count as 0', () => {
    expect(formatBytes(-5)).toBe('0.00 B');
    expect(formatBytes(Number.NaN)).toBe('0.00 B');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('0.00 B');
  });
});
