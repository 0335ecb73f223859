import { describe, expect, it } from 'vitest';
import { reportedLatency, segmentFrames, takeSegments } from './take-segments';

describe('takeSegments', () => {
  it('is one take from where the band started to the stop, or to the song’s end', () => {
    expect(takeSegments({ snapshots: [{ startedAt: 2, from: 30, rate: 1 }], stopAt: 12, loop: null, duration: 200 })).toEqual([{ startAt: 2, endAt: 12, from: 30, rate: 1 }]);
    // At 80% the song's last 8 seconds last 10 on the clock.
    expect(takeSegments({ snapshots: [{ startedAt: 2, from: 192, rate: 0.8 }], stopAt: 60, loop: null, duration: 200 })).toEqual([{ startAt: 2, endAt: 12, from: 192, rate: 0.8 }]);
  });

  it('begins a new take at each restart of the band (a seek, a tempo change), and drops pieces too short to keep', () => {
    const snapshots = [
      { startedAt: 1, from: 0, rate: 1 },
      { startedAt: 1.2, from: 50, rate: 1 },
      { startedAt: 11.2, from: 60, rate: 0.9 },
    ];
    expect(takeSegments({ snapshots, stopAt: 20, loop: null, duration: 300 })).toEqual([
      { startAt: 1.2, endAt: 11.2, from: 50, rate: 1 },
      { startAt: 11.2, endAt: 20, from: 60, rate: 0.9 },
    ]);
  });

  it('cuts each pass of a loop into its own take, whether the band loops on its own or each pass was scheduled', () => {
    const loop = { start: 10, end: 14 };
    // Looping on its own: one snapshot, passes by arithmetic (4 s each at 1x), the last cut at the stop.
    expect(takeSegments({ snapshots: [{ startedAt: 5, from: 12, rate: 1 }], stopAt: 15.5, loop, duration: 100 })).toEqual([
      { startAt: 5, endAt: 7, from: 12, rate: 1 },
      { startAt: 7, endAt: 11, from: 10, rate: 1 },
      { startAt: 11, endAt: 15, from: 10, rate: 1 },
      { startAt: 15, endAt: 15.5, from: 10, rate: 1 },
    ]);
    // The speed trainer restarts each pass (after a one-second count-in) a little faster.
    const passes = [
      { startedAt: 1, from: 10, rate: 0.8 },
      { startedAt: 7, from: 10, rate: 0.9 },
    ];
    expect(takeSegments({ snapshots: passes, stopAt: 20, loop, duration: 100 })).toEqual([
      { startAt: 1, endAt: 6, from: 10, rate: 0.8 },
      { startAt: 7, endAt: 7 + 4 / 0.9, from: 10, rate: 0.9 },
      { startAt: 7 + 4 / 0.9, endAt: 7 + 8 / 0.9, from: 10, rate: 0.9 },
      { startAt: 7 + 8 / 0.9, endAt: 20, from: 10, rate: 0.9 },
    ]);
  });
});

describe('segmentFrames', () => {
  it('places a take by the latency: what was heard at t reached the microphone latency later', () => {
    const segment = { startAt: 3, endAt: 5, from: 0, rate: 1 };
    expect(segmentFrames(segment, 2.5, 0.01, 48_000, 10 * 48_000)).toEqual({ start: 24_480, end: 120_480 });
    // Never outside what was recorded.
    expect(segmentFrames({ ...segment, endAt: 50 }, 2.5, 0, 48_000, 96_000)).toEqual({ start: 24_000, end: 96_000 });
  });
});

describe('reportedLatency', () => {
  it('adds what the browser reports, ignoring what it does not, at most a second', () => {
    expect(reportedLatency({ baseLatency: 0.005, outputLatency: 0.02, inputLatency: 0.01 })).toBeCloseTo(0.035, 10);
    expect(reportedLatency({ baseLatency: 0.005, outputLatency: Number.NaN })).toBe(0.005);
    expect(reportedLatency({})).toBe(0);
    expect(reportedLatency({ outputLatency: 3 })).toBe(1);
  });
});
