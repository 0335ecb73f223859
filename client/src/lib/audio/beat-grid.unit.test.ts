import { describe, expect, it } from 'vitest';
import { beatGridOf, clickTimes, countInClicks, countInDuration, loopFromMarks, snapToBeat, trainerTempo } from './beat-grid';

const grid = beatGridOf(120)!; // a beat every 0.5 s

describe('beat grid', () => {
  it('has no grid without a tempo', () => {
    expect(beatGridOf(null)).toBeNull();
    expect(beatGridOf(0)).toBeNull();
    expect(snapToBeat(1.23, null)).toBe(1.23);
  });

  it('snaps to the nearest beat from the first beat', () => {
    expect(snapToBeat(1.2, grid)).toBe(1);
    expect(snapToBeat(1.3, grid)).toBe(1.5);
    expect(snapToBeat(1.3, beatGridOf(120, 0.1))).toBeCloseTo(1.1, 10);
    expect(snapToBeat(0.1, beatGridOf(120, 0.4))).toBe(0); // never before 0
  });

  it('makes an A-B loop from two marks in either order, snapped, inside the song', () => {
    expect(loopFromMarks(10.2, 4.9, grid, 60)).toEqual({ start: 5, end: 10 });
    expect(loopFromMarks(58.1, 61, grid, 60)).toEqual({ start: 58, end: 60 });
    expect(loopFromMarks(3.1, 3.2, grid, 60)).toBeNull();
    expect(loopFromMarks(3.1, 3.7, null, 60)).toEqual({ start: 3.1, end: 3.7 });
  });
});

describe('speed trainer', () => {
  const trainer = { startTempo: 0.7, step: 0.05, targetTempo: 0.9 };

  it('raises the tempo by the step each pass up to the target', () => {
    expect(trainerTempo(trainer, 0)).toBe(0.7);
    expect(trainerTempo(trainer, 3)).toBe(0.85);
    expect(trainerTempo(trainer, 9)).toBe(0.9);
  });

  it('stops at the target even when the last step overshoots it, and trains nothing below the start', () => {
    expect(trainerTempo({ startTempo: 0.5, step: 0.15, targetTempo: 0.9 }, 3)).toBe(0.9);
    expect(trainerTempo({ startTempo: 1, step: 0.1, targetTempo: 0.8 }, 2)).toBe(1);
  });
});

describe('count-in and click', () => {
  it('counts in one or two bars ending exactly at the start, accent on each bar', () => {
    const clicks = countInClicks(grid, 2, 10, 1);
    expect(clicks).toHaveLength(8);
    expect(clicks[0]).toEqual({ time: 6, accent: true });
    expect(clicks[4]).toEqual({ time: 8, accent: true });
    expect(clicks[7]).toEqual({ time: 9.5, accent: false });
    expect(countInDuration(grid, 2, 1)).toBe(4);
    // At half speed a beat lasts twice as long.
    expect(countInClicks(grid, 1, 10, 0.5).map((click) => click.time)).toEqual([6, 7, 8, 9]);
  });

  it('clicks on the beats heard in a window, through the tempo', () => {
    const playing = { startedAt: 100, from: 1.2, rate: 0.5, loop: null };
    // Beats at song 1.5, 2.0, 2.5 are heard at 100.6, 101.6, 102.6.
    const clicks = clickTimes(grid, playing, 100, 102.7);
    expect(clicks.map((click) => click.time)).toEqual([100 + 0.6, 100 + 1.6, 100 + 2.6].map((time) => expect.closeTo(time, 9)));
    expect(clicks.map((click) => click.accent)).toEqual([false, true, false]);
  });

  it('splits windows without doubling or dropping a beat', () => {
    const playing = { startedAt: 0, from: 0, rate: 1, loop: null };
    const all = clickTimes(grid, playing, 0, 10).map((click) => click.time);
    const split = [0, 2.5, 5, 7.5].flatMap((start) => clickTimes(grid, playing, start, start + 2.5)).map((click) => click.time);
    expect(split).toEqual(all);
    expect(all).toHaveLength(20);
  });

  it('follows the loop: each pass clicks the loop beats again', () => {
    const playing = { startedAt: 0, from: 0.5, rate: 1, loop: { start: 0.5, end: 1.5 } };
    // Beats 0.5 and 1.0 each pass; a pass lasts 1 s.
    expect(clickTimes(grid, playing, 0, 3).map((click) => click.time)).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
  });
});

describe('a grid from the analysis’ first beat (0.5 s into the song)', () => {
  const late = beatGridOf(120, 0.5)!; // beats at 0.5 + k x 0.5: 0 (k = -1), 0.5, 1, ...
  const offbeat = beatGridOf(100, 0.37)!; // a beat every 0.6 s: 0.37, 0.97, 1.57, ...

  it('snaps to firstBeat + k x 60/bpm, beats before the first one included, never before 0', () => {
    expect(snapToBeat(1.6, offbeat)).toBeCloseTo(1.57, 10);
    expect(snapToBeat(1.9, offbeat)).toBeCloseTo(2.17, 10);
    expect(snapToBeat(0.05, offbeat)).toBe(0); // the beat at 0.37 - 0.6 < 0 is clipped
    expect(snapToBeat(0.2, offbeat)).toBeCloseTo(0.37, 10);
    expect(loopFromMarks(1.5, 3.0, offbeat, 60)).toEqual({ start: expect.closeTo(1.57, 10), end: expect.closeTo(2.77, 10) });
  });

  it('clicks on the grid’s beats, the accent on the first beat and every fourth from it, none before 0', () => {
    const playing = { startedAt: 10, from: 0, rate: 1, loop: null };
    const clicks = clickTimes(offbeat, playing, 10, 13);
    expect(clicks.map((click) => click.time)).toEqual([0.37, 0.97, 1.57, 2.17, 2.77].map((time) => expect.closeTo(10 + time, 9)));
    expect(clicks.map((click) => click.accent)).toEqual([true, false, false, false, true]);
    // The beat before the first one (k = -1) at 0 s is on the grid, and not an accent.
    const fromStart = clickTimes(late, playing, 9.9, 11.1);
    expect(fromStart).toEqual([
      { time: 10, accent: false },
      { time: 10.5, accent: true },
      { time: 11, accent: false },
    ]);
    // At 0.8x, from 1.0 s: the song's beats 1.57 and 2.17 are heard 0.7125 s and 1.4625 s after the start.
    const slower = clickTimes(offbeat, { startedAt: 20, from: 1, rate: 0.8, loop: null }, 20, 21.5).map((click) => click.time);
    expect(slower).toEqual([expect.closeTo(20.7125, 9), expect.closeTo(21.4625, 9)]);
  });

  it('counts in on the grid’s beats before where playback starts, running on into the song’s beats', () => {
    // Playback from 1.0 s (between beats 0.97 and 1.57) starting at audio 10: the count-in's last
    // click is the beat at 0.97, heard 0.03 s before the start; the song's next beat (1.57) follows 0.6 s after it.
    const clicks = countInClicks(offbeat, 1, 10, 1, 1);
    expect(clicks.map((click) => click.time)).toEqual([10 - 1.83, 10 - 1.23, 10 - 0.63, 10 - 0.03].map((time) => expect.closeTo(time, 9)));
    // Beats -0.83 (k = -2), -0.23, 0.37 (the first, a bar's start), 0.97.
    expect(clicks.map((click) => click.accent)).toEqual([false, false, true, false]);
    expect(countInDuration(offbeat, 1, 1, 1)).toBeCloseTo(1.83, 9);
    // At half speed everything before the start stretches twice.
    expect(countInClicks(offbeat, 1, 10, 0.5, 1).map((click) => click.time)).toEqual([10 - 3.66, 10 - 2.46, 10 - 1.26, 10 - 0.06].map((time) => expect.closeTo(time, 9)));
    expect(countInDuration(offbeat, 1, 0.5, 1)).toBeCloseTo(3.66, 9);
  });

  it('counts in whole beats before a start on a beat (the beat itself is the song’s), accents on the grid’s bars', () => {
    // From the first beat (0.5 s): the four beats before it, the grid continued before the song.
    const clicks = countInClicks(late, 1, 10, 1, 0.5);
    expect(clicks).toEqual([
      { time: 8, accent: true },
      { time: 8.5, accent: false },
      { time: 9, accent: false },
      { time: 9.5, accent: false },
    ]);
    expect(countInDuration(late, 1, 1, 0.5)).toBe(2);
    // From the song's start (0 s, the beat k = -1): the count-in ends with the beat before that.
    expect(countInClicks(late, 1, 10, 1, 0).map((click) => click.time)).toEqual([8, 8.5, 9, 9.5]);
    expect(countInClicks(late, 1, 10, 1, 0).map((click) => click.accent)).toEqual([false, true, false, false]);
    // A loop from the third beat of a bar (1.5 s): accents where the song's bars begin.
    expect(countInClicks(late, 2, 10, 1, 1.5).map((click) => click.accent)).toEqual([false, false, true, false, false, false, true, false]);
  });

  it('with the grid at 0, a count-in from a bar start is the same as one that only ends at the start', () => {
    expect(countInClicks(grid, 2, 10, 0.8, 4)).toEqual(countInClicks(grid, 2, 10, 0.8).map((click) => ({ ...click, time: expect.closeTo(click.time, 9) })));
    expect(countInDuration(grid, 2, 0.8, 4)).toBeCloseTo(countInDuration(grid, 2, 0.8), 9);
  });
});
