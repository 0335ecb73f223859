import { describe, expect, it } from 'vitest';
import { beatGridOf, clickTimes, countInClicks, countInDuration, loopFromMarks, passDuration, sectionLoop, snapToBeat, trainerSteps, trainerTempo } from './beat-grid';

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

  it('loops a section up to the next one or the song end', () => {
    expect(sectionLoop([0, 12, 30], 1, 60)).toEqual({ start: 12, end: 30 });
    expect(sectionLoop([0, 12, 30], 2, 60)).toEqual({ start: 30, end: 60 });
    expect(sectionLoop([0, 12], 5, 60)).toBeNull();
  });
});

describe('speed trainer', () => {
  const trainer = { startTempo: 0.7, step: 0.05, targetTempo: 0.9 };

  it('raises the tempo by the step each pass up to the target', () => {
    expect(trainerTempo(trainer, 0)).toBe(0.7);
    expect(trainerTempo(trainer, 3)).toBe(0.85);
    expect(trainerTempo(trainer, 9)).toBe(0.9);
    expect(trainerSteps(trainer)).toEqual([0.7, 0.75, 0.8, 0.85, 0.9]);
  });

  it('stops at the target even when the last step overshoots it', () => {
    expect(trainerSteps({ startTempo: 0.5, step: 0.15, targetTempo: 0.9 })).toEqual([0.5, 0.65, 0.8, 0.9]);
    expect(trainerSteps({ startTempo: 1, step: 0.1, targetTempo: 0.8 })).toEqual([1]);
  });

  it('times a pass by the tempo', () => {
    expect(passDuration({ start: 10, end: 12 }, 0.5)).toBe(4);
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
