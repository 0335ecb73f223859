import { describe, expect, it } from 'vitest';
import { pause, play, positionAt, seek, settle, START_LOOKAHEAD, stoppedTransport, timeUntilEnd, wrapIntoLoop } from './transport';
import type { Transport } from './transport';

const duration = 60;

describe('transport', () => {
  it('starts stopped at position 0', () => {
    expect(positionAt(stoppedTransport, 5, duration)).toBe(0);
  });

  it('plays from the position, starting one lookahead after now', () => {
    const playing = play(stoppedTransport, 10, duration);
    expect(playing).toEqual({ state: 'playing', startedAt: 10 + START_LOOKAHEAD, from: 0 });
    expect(positionAt(playing, 10, duration)).toBe(0); // not started yet
    expect(positionAt(playing, 12 + START_LOOKAHEAD, duration)).toBeCloseTo(2, 10);
    expect(play(playing, 11, duration)).toBe(playing);
  });

  it('pause remembers the position and play resumes from it', () => {
    const playing: Transport = { state: 'playing', startedAt: 100, from: 20 };
    const paused = pause(playing, 105, duration);
    expect(paused).toEqual({ state: 'paused', position: 25 });
    expect(pause(paused, 200, duration)).toBe(paused);
    expect(play(paused, 300, duration)).toMatchObject({ state: 'playing', from: 25 });
  });

  it('stop goes back to 0', () => {
    expect(positionAt(stoppedTransport, 0, duration)).toBe(0);
  });

  it('seek is clamped to 0..duration', () => {
    const paused: Transport = { state: 'paused', position: 10 };
    expect(seek(paused, -5, 0, duration)).toEqual({ state: 'paused', position: 0 });
    expect(seek(paused, 75, 0, duration)).toEqual({ state: 'paused', position: 60 });
    expect(seek(stoppedTransport, 30, 0, duration)).toEqual({ state: 'paused', position: 30 });
  });

  it('seek while playing restarts from the target one lookahead later', () => {
    const playing: Transport = { state: 'playing', startedAt: 1, from: 0 };
    expect(seek(playing, 42, 50, duration)).toEqual({ state: 'playing', startedAt: 50 + START_LOOKAHEAD, from: 42 });
  });

  it('seek is ignored when the duration is 0 (nothing loaded) or the target is not a number', () => {
    const paused: Transport = { state: 'paused', position: 0 };
    expect(seek(paused, 10, 0, 0)).toBe(paused);
    expect(seek(paused, Number.NaN, 0, duration)).toBe(paused);
  });

  it('within 0.1 s of the end playback stops at the end', () => {
    const playing: Transport = { state: 'playing', startedAt: 0, from: 50 };
    expect(settle(playing, 9.85, duration)).toBe(playing);
    expect(settle(playing, 9.91, duration)).toEqual({ state: 'paused', position: 60 });
    expect(settle(playing, 30, duration)).toEqual({ state: 'paused', position: 60 });
    expect(timeUntilEnd(playing, 4, duration)).toBeCloseTo(5.9, 10);
    expect(timeUntilEnd({ state: 'paused', position: 3 }, 4, duration)).toBeNull();
  });

  it('play at the end restarts from 0', () => {
    expect(play({ state: 'paused', position: 60 }, 5, duration)).toMatchObject({ from: 0 });
    expect(play({ state: 'paused', position: 59.95 }, 5, duration)).toMatchObject({ from: 0 });
    expect(play({ state: 'paused', position: 59.5 }, 5, duration)).toMatchObject({ from: 59.5 });
  });

  it('plays song seconds at the tempo: 4 audio seconds at 0.75 are 3 song seconds', () => {
    const playing: Transport = { state: 'playing', startedAt: 10, from: 20, rate: 0.75 };
    expect(positionAt(playing, 14, duration)).toBeCloseTo(23, 10);
    // The end comes later on the audio clock: 40 song seconds (less the tolerance) at 0.75.
    expect(timeUntilEnd(playing, 10, duration)).toBeCloseTo((40 - 0.1) / 0.75, 10);
  });

  it('folds the position back into the loop past its end, and a loop never ends', () => {
    const loop = { start: 10, end: 12 };
    const playing: Transport = { state: 'playing', startedAt: 0, from: 11, rate: 1, loop };
    expect(positionAt(playing, 0.5, duration)).toBeCloseTo(11.5, 10);
    expect(positionAt(playing, 1.5, duration)).toBeCloseTo(10.5, 10);
    expect(positionAt(playing, 5.5, duration)).toBeCloseTo(10.5, 10);
    expect(timeUntilEnd(playing, 0, duration)).toBeNull();
    expect(settle(playing, 1000, duration)).toBe(playing);
    // From before the loop it plays into it; from past its end it never loops.
    expect(wrapIntoLoop(13, 8, loop)).toBe(11);
    expect(wrapIntoLoop(13, 12.5, loop)).toBe(13);
    expect(wrapIntoLoop(13, 8, null)).toBe(13);
  });
});
