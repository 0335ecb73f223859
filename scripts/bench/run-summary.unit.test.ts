import { describe, expect, it } from 'vitest';
import { summarizeRuns } from './run-summary';

describe('summarizeRuns', () => {
  it('reports the median of an odd number of runs with min, max and spread', () => {
    expect(summarizeRuns([30, 10, 20])).toEqual({ runs: [30, 10, 20], min: 10, median: 20, max: 30, spread: 1 });
  });

  it('averages the middle two of an even number of runs', () => {
    expect(summarizeRuns([4, 1, 3, 2]).median).toBe(2.5);
  });

  it('refuses an empty list', () => {
    expect(() => summarizeRuns([])).toThrow(RangeError);
  });
});
