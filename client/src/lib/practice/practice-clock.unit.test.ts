import { describe, expect, it } from 'vitest';
import { PracticeClock, localDateOf } from './practice-clock';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 24, 10, 0, seconds));

describe('PracticeClock', () => {
  it('counts only the time the song plays, across pauses, including a play in progress', () => {
    const clock = new PracticeClock();
    expect(clock.secondsPlayed(at(5))).toBe(0);
    expect(clock.startedAt).toBeNull();
    clock.playing(at(10));
    clock.playing(at(12)); // a second start while playing changes nothing
    clock.paused(at(40));
    clock.paused(at(45));
    expect(clock.secondsPlayed(at(50))).toBe(30);
    expect(clock.isRunning).toBe(false);
    clock.playing(at(60));
    expect(clock.isRunning).toBe(true);
    expect(clock.secondsPlayed(at(75))).toBe(45);
    expect(clock.startedAt).toEqual(at(10));
  });

  it('never counts backwards when the device clock jumps back', () => {
    const clock = new PracticeClock();
    clock.playing(at(30));
    clock.paused(at(20));
    expect(clock.secondsPlayed(at(25))).toBe(0);
  });
});

describe('localDateOf', () => {
  it('is the device-local calendar date, zero-padded', () => {
    expect(localDateOf(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDateOf(new Date(2026, 10, 24, 0, 1))).toBe('2026-11-24');
  });
});
