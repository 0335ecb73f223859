import { describe, expect, it } from 'vitest';
import { takeHeardAt, takeLaneSchedule } from './take-lane';

const take = { startSeconds: 20, tempo: 0.8, transpose: -1, duration: 30 };

describe('takeLaneSchedule', () => {
  it('maps song positions to take time at the take’s tempo, at rate 1, active only at its tempo and transpose', () => {
    expect(takeLaneSchedule({ output: 5, input: 28, active: true, rate: 0.8, semitones: -1, loop: null }, take)).toEqual({
      output: 5,
      input: 10,
      active: true,
      rate: 1,
      semitones: 0,
      loopStart: 0,
      loopEnd: 0,
    });
    // Before the take's start: a negative position, which the player plays as silence until it reaches 0.
    expect(takeLaneSchedule({ output: 5, input: 12, active: true, rate: 0.8, semitones: -1, loop: null }, take).input).toBe(-10);
    expect(takeLaneSchedule({ output: 5, input: 28, active: true, rate: 1, semitones: -1, loop: null }, take).active).toBe(false);
    expect(takeLaneSchedule({ output: 5, input: 28, active: true, rate: 0.8, semitones: 0, loop: null }, take).active).toBe(false);
    expect(takeLaneSchedule({ output: 5, input: 28, active: false, rate: 0.8, semitones: -1, loop: null }, take).active).toBe(false);
  });

  it('carries a loop into take time, so a loop-pass take repeats with the band', () => {
    const schedule = takeLaneSchedule({ output: 1, input: 20, active: true, rate: 0.8, semitones: -1, loop: { start: 20, end: 24 } }, take);
    expect([schedule.loopStart, schedule.loopEnd]).toEqual([0, 5]);
    expect(takeHeardAt(take, { tempo: 0.8, transpose: -1 })).toBe(true);
    expect(takeHeardAt(take, { tempo: 0.85, transpose: -1 })).toBe(false);
  });
});
