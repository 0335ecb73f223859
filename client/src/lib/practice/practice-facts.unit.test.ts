import { describe, expect, it } from 'vitest';
import { practiceFactsOf, sameFacts } from './practice-facts';

describe('practice facts', () => {
  it('names the loop in song seconds, or none', () => {
    expect(practiceFactsOf(0.8, -2, { start: 1.5, end: 4 })).toEqual({ tempo: 0.8, transpose: -2, loop: { startSeconds: 1.5, endSeconds: 4 } });
    expect(practiceFactsOf(1, 0, null)).toEqual({ tempo: 1, transpose: 0, loop: null });
  });

  it('tells a change of tempo, pitch or loop apart from the same practice', () => {
    const base = practiceFactsOf(0.8, 0, { start: 1, end: 3 });
    expect(sameFacts(base, practiceFactsOf(0.8, 0, { start: 1, end: 3 }))).toBe(true);
    expect(sameFacts(base, practiceFactsOf(0.85, 0, { start: 1, end: 3 }))).toBe(false);
    expect(sameFacts(base, practiceFactsOf(0.8, 1, { start: 1, end: 3 }))).toBe(false);
    expect(sameFacts(base, practiceFactsOf(0.8, 0, { start: 1, end: 3.5 }))).toBe(false);
    expect(sameFacts(base, practiceFactsOf(0.8, 0, null))).toBe(false);
  });
});
