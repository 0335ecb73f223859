import { describe, expect, it } from 'vitest';
import { beatGridOf } from './beat-grid';
import { exportLayout } from './export-layout';

const grid = beatGridOf(120)!;
const click = { grid, volume: 0.5, click: true, countInBars: 0 as const, countInEachPass: false };

describe('the export timeline: count-in and click as the engine plays them', () => {
  it('without the click the music is the whole file', () => {
    expect(exportLayout(12, { tempo: 0.75, loop: null, click: null })).toEqual({ segments: [{ at: 0, from: 0, length: 12 }], clicks: [], duration: 12 });
  });

  it('clicks every beat through the tempo, the first beat of a bar accented', () => {
    // 120 BPM at 0.5x: a beat every second of the file.
    const layout = exportLayout(4, { tempo: 0.5, loop: null, click });
    expect(layout.segments).toEqual([{ at: 0, from: 0, length: 4 }]);
    expect(layout.clicks).toEqual([
      { time: 0, accent: true },
      { time: 1, accent: false },
      { time: 2, accent: false },
      { time: 3, accent: false },
    ]);
    expect(layout.duration).toBe(4);
  });

  it('a count-in of one bar goes before the music, ending where it starts', () => {
    const layout = exportLayout(3, { tempo: 1, loop: null, click: { ...click, click: false, countInBars: 1 } });
    expect(layout.segments).toEqual([{ at: 2, from: 0, length: 3 }]);
    expect(layout.clicks.map((beat) => beat.time)).toEqual([0, 0.5, 1, 1.5]);
    expect(layout.clicks[0]!.accent).toBe(true);
    expect(layout.duration).toBe(5);
  });

  it('counts in before each pass of the loop when asked, and clicks the beats of each pass from the start of the loop', () => {
    const loop = { start: 10.25, end: 11.25, passes: 2 };
    const layout = exportLayout(2, { tempo: 1, loop, click: { ...click, countInBars: 1, countInEachPass: true } });
    expect(layout.segments).toEqual([
      { at: 2, from: 0, length: 1 },
      { at: 5, from: 1, length: 1 },
    ]);
    // Count-in 0..1.5, the pass's beats at song 10.5 and 11 (0.25 and 0.75 into it), count-in again, the same beats.
    expect(layout.clicks.map((beat) => beat.time)).toEqual([0, 0.5, 1, 1.5, 2.25, 2.75, 3, 3.5, 4, 4.5, 5.25, 5.75]);
    expect(layout.duration).toBe(6);
  });

  it('without a count-in per pass the passes of the loop run on and the clicks wrap with it', () => {
    const loop = { start: 10.25, end: 11.25, passes: 2 };
    const layout = exportLayout(2, { tempo: 1, loop, click });
    expect(layout.segments).toEqual([{ at: 0, from: 0, length: 2 }]);
    expect(layout.clicks.map((beat) => beat.time)).toEqual([0.25, 0.75, 1.25, 1.75]);
  });
});
