import { describe, expect, it } from 'vitest';
import { planStart } from './start-plan';

const stems = [
  { id: 'drums', duration: 90 },
  { id: 'bass', duration: 90 },
  { id: 'fx', duration: 30 },
  { id: 'broken', duration: null },
];

describe('planStart', () => {
  it('starts every stem at one shared time, now plus the lookahead, from the same offset', () => {
    const plan = planStart(stems, 12.5, 100.25, 0.01);
    expect(plan.time).toBeCloseTo(100.26, 10);
    expect(plan.starts.map((start) => start.id)).toEqual(['drums', 'bass', 'fx']);
    expect(new Set(plan.starts.map((start) => start.time))).toEqual(new Set([plan.time]));
    expect(plan.starts.every((start) => start.offset === 12.5)).toBe(true);
  });

  it('skips a stem without decoded audio and one that has already ended at the offset', () => {
    const plan = planStart(stems, 45, 3, 0.01);
    expect(plan.starts.map((start) => start.id)).toEqual(['drums', 'bass']);
    expect(plan.skipped).toEqual([
      { id: 'fx', reason: 'ended' },
      { id: 'broken', reason: 'no audio' },
    ]);
  });

  it('starts nothing for no stems, still at the shared time', () => {
    expect(planStart([], 0, 1, 0.01)).toEqual({ time: 1.01, starts: [], skipped: [] });
  });

  it('refuses negative or non-finite times with a RangeError', () => {
    expect(() => planStart(stems, -1, 0, 0.01)).toThrow(RangeError);
    expect(() => planStart(stems, 0, Number.NaN, 0.01)).toThrow(RangeError);
    expect(() => planStart(stems, 0, 0, -0.01)).toThrow(RangeError);
    expect(() => planStart(stems, Number.POSITIVE_INFINITY, 0, 0.01)).toThrow(RangeError);
  });
});
