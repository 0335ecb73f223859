import { describe, expect, it } from 'vitest';
import { playedBars, ringArcPath, ringBar, RING_INNER, RING_OUTER, timeAfterKey, timeAtPoint } from './waveform-ring-geometry';

const SIZE = 200; // centre (100, 100), radius 100

describe('timeAtPoint', () => {
  it('reads a turn clockwise from 12 o’clock as the whole song', () => {
    expect(timeAtPoint(SIZE, 100, 10, 120)).toBe(0); // 12 o'clock
    expect(timeAtPoint(SIZE, 190, 100, 120)).toBeCloseTo(30); // 3 o'clock
    expect(timeAtPoint(SIZE, 100, 190, 120)).toBeCloseTo(60); // 6 o'clock
    expect(timeAtPoint(SIZE, 10, 100, 120)).toBeCloseTo(90); // 9 o'clock
    expect(timeAtPoint(SIZE, 99.9, 10, 120)).toBeCloseTo(120, 0); // just left of 12: the end
  });

  it('stays within 0..duration', () => {
    for (let step = 0; step < 360; step++) {
      const angle = (step / 360) * 2 * Math.PI;
      const time = timeAtPoint(SIZE, 100 + 90 * Math.sin(angle), 100 - 90 * Math.cos(angle), 7)!;
      expect(time).toBeGreaterThanOrEqual(0);
      expect(time).toBeLessThanOrEqual(7);
    }
  });

  it('ignores the hole in the middle, points outside the ring and songs without length', () => {
    expect(timeAtPoint(SIZE, 100, 100, 120)).toBeNull();
    expect(timeAtPoint(SIZE, 100, 100 - 100 * (RING_INNER - 0.1), 120)).toBeNull();
    expect(timeAtPoint(SIZE, 199, 199, 120)).toBeNull(); // a corner of the square, off the circle
    expect(timeAtPoint(SIZE, 190, 100, 0)).toBeNull();
    expect(timeAtPoint(SIZE, 190, 100, Number.NaN)).toBeNull();
  });
});

describe('timeAfterKey', () => {
  it('steps 5 s with the arrows and 30 s with the page keys, clamped to the song', () => {
    expect(timeAfterKey('ArrowRight', 10, 60)).toBe(15);
    expect(timeAfterKey('ArrowUp', 58, 60)).toBe(60);
    expect(timeAfterKey('ArrowLeft', 3, 60)).toBe(0);
    expect(timeAfterKey('ArrowDown', 10, 60)).toBe(5);
    expect(timeAfterKey('PageUp', 10, 60)).toBe(40);
    expect(timeAfterKey('PageDown', 10, 60)).toBe(0);
  });

  it('jumps to the start and the end with Home and End, and ignores other keys and empty songs', () => {
    expect(timeAfterKey('Home', 30, 60)).toBe(0);
    expect(timeAfterKey('End', 30, 60)).toBe(60);
    expect(timeAfterKey('a', 30, 60)).toBeNull();
    expect(timeAfterKey('ArrowRight', 0, 0)).toBeNull();
  });
});

describe('ringBar', () => {
  it('places the first bar just right of 12 o’clock, growing outwards with its peak', () => {
    const quiet = ringBar(SIZE, 0, 120, 0);
    const loud = ringBar(SIZE, 0, 120, 1);
    expect(quiet.y1).toBeCloseTo(100 - 100 * RING_INNER, 0);
    expect(quiet.x1).toBeGreaterThan(100);
    expect(Math.hypot(loud.x2 - 100, loud.y2 - 100)).toBeCloseTo(100 * RING_OUTER);
    expect(Math.hypot(quiet.x2 - 100, quiet.y2 - 100)).toBeGreaterThan(100 * RING_INNER); // never zero-length
    expect(Math.hypot(quiet.x2 - 100, quiet.y2 - 100)).toBeLessThan(Math.hypot(loud.x2 - 100, loud.y2 - 100));
  });

  it('puts bar 30 of 120 at 3 o’clock', () => {
    const bar = ringBar(SIZE, 30, 120, 0.5);
    expect(bar.y1).toBeCloseTo(100 - 100 * RING_INNER * Math.cos(((30.5 / 120) * 2 * Math.PI)));
    expect(bar.x2).toBeGreaterThan(bar.x1);
  });
});

describe('playedBars', () => {
  it('counts the bars the position has reached', () => {
    expect(playedBars(0, 60, 120)).toBe(0);
    expect(playedBars(0.1, 60, 120)).toBe(1);
    expect(playedBars(30, 60, 120)).toBe(60);
    expect(playedBars(60, 60, 120)).toBe(120);
    expect(playedBars(90, 60, 120)).toBe(120);
    expect(playedBars(5, 0, 120)).toBe(0);
  });
});

describe('ringArcPath', () => {
  it('draws a quarter turn as a small clockwise arc and three quarters as a large one', () => {
    expect(ringArcPath(SIZE, 50, 0, 0.25)).toBe('M 100.00 50.00 A 50 50 0 0 1 150.00 100.00');
    expect(ringArcPath(SIZE, 50, 0, 0.75)).toBe('M 100.00 50.00 A 50 50 0 1 1 50.00 100.00');
  });
});
