import { describe, expect, it } from 'vitest';
import { practiceStreak } from './practice-streak';

describe('practiceStreak', () => {
  it('counts the run ending today, and the longest run ever', () => {
    const days = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-20', '2026-11-22', '2026-11-23'];
    expect(practiceStreak(days, '2026-11-23')).toEqual({ current: 2, longest: 4 });
  });

  it('keeps the streak alive through today until today is over: a run ending yesterday still counts', () => {
    expect(practiceStreak(['2026-11-21', '2026-11-22'], '2026-11-23')).toEqual({ current: 2, longest: 2 });
    expect(practiceStreak(['2026-11-20', '2026-11-21'], '2026-11-23')).toEqual({ current: 0, longest: 2 });
  });

  it('crosses month and year ends and leap days, in any order, with repeats', () => {
    expect(practiceStreak(['2024-03-01', '2024-02-28', '2024-02-29', '2024-02-29'], '2024-03-01')).toEqual({ current: 3, longest: 3 });
    expect(practiceStreak(['2026-01-01', '2025-12-31'], '2026-01-01')).toEqual({ current: 2, longest: 2 });
  });

  it('is nothing without practice, and days after today do not extend the current run', () => {
    expect(practiceStreak([], '2026-11-23')).toEqual({ current: 0, longest: 0 });
    expect(practiceStreak(['2026-11-23', '2026-11-24', '2026-11-25'], '2026-11-23')).toEqual({ current: 1, longest: 3 });
  });
});
