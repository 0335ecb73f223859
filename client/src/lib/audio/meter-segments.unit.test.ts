import { describe, expect, it } from 'vitest';
import { litSegments } from './meter-segments';

describe('litSegments', () => {
  it('lights none for silence and levels at or below the floor', () => {
    expect(litSegments(-Infinity)).toBe(0);
    expect(litSegments(-60)).toBe(0);
    expect(litSegments(-75)).toBe(0);
    expect(litSegments(Number.NaN)).toBe(0);
  });

  it('lights segments in proportion from the floor to 0 dBFS', () => {
    expect(litSegments(-59)).toBe(1);
    expect(litSegments(-30)).toBe(5);
    expect(litSegments(-3)).toBe(10);
    expect(litSegments(0)).toBe(10);
    expect(litSegments(6)).toBe(10);
    expect(litSegments(-30, 12)).toBe(6);
  });

  it('refuses nonsense arguments with a RangeError', () => {
    expect(() => litSegments(-10, 0)).toThrow(RangeError);
    expect(() => litSegments(-10, 10, 0)).toThrow(RangeError);
  });
});
