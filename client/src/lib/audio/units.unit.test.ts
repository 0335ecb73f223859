import { describe, expect, it } from 'vitest';
import { assertNormalRange, assertSeconds } from './units';

describe('unit checks', () => {
  it('accepts values in range and returns them', () => {
    expect(assertNormalRange('gain', 0)).toBe(0);
    expect(assertNormalRange('gain', 1)).toBe(1);
    expect(assertSeconds('offset', 0)).toBe(0);
    expect(assertSeconds('time', 2, 1)).toBe(2);
  });

  it('throws a RangeError naming the value otherwise', () => {
    expect(() => assertNormalRange('gain', 1.01)).toThrow(new RangeError('gain must be in the range 0..1, got 1.01'));
    expect(() => assertNormalRange('gain', -0.1)).toThrow(RangeError);
    expect(() => assertNormalRange('gain', Number.NaN)).toThrow(RangeError);
    expect(() => assertSeconds('offset', -1)).toThrow(RangeError);
    expect(() => assertSeconds('offset', Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => assertSeconds('time', 0.5, 1)).toThrow(RangeError);
  });
});
