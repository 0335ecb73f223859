import type { BeatGrid } from './beat-grid';
import { clickTimes, countInClicks, countInDuration } from './beat-grid';
import type { Seconds } from './units';

export interface MixClick {
  grid: BeatGrid;
  volume: number;
  click: boolean;
  countInBars: 0 | 1 | 2;
  countInEachPass: boolean;
}

/** `length` seconds of the rendered music from `from`, placed at `at`. */
interface LayoutSegment {
  at: Seconds;
  from: Seconds;
  length: Seconds;
}

interface ExportLayout {
  segments: LayoutSegment[];
  clicks: { time: Seconds; accent: boolean }[];
  duration: Seconds;
}

/** The export's timeline as the engine plays it: count-ins before the music (or each pass) and clicks. */
export function exportLayout(
  music: Seconds,
  settings: { tempo: number; loop: { start: Seconds; end: Seconds; passes: number } | null; click: MixClick | null },
): ExportLayout {
  const { tempo, loop, click } = settings;
  if (!click) return { segments: [{ at: 0, from: 0, length: music }], clicks: [], duration: music };
  const countIn = click.countInBars > 0 ? countInDuration(click.grid, click.countInBars, tempo) : 0;
  const eachPass = loop !== null && click.countInEachPass && countIn > 0;
  const segments: LayoutSegment[] = [];
  if (eachPass) {
    const pass = (loop.end - loop.start) / tempo;
    for (let index = 0; index < loop.passes; index++) segments.push({ at: countIn * (index + 1) + pass * index, from: pass * index, length: pass });
  } else {
    segments.push({ at: countIn, from: 0, length: music });
  }
  const clicks: ExportLayout['clicks'] = [];
  segments.forEach((segment, index) => {
    if (countIn > 0 && (index === 0 || eachPass)) clicks.push(...countInClicks(click.grid, click.countInBars, segment.at, tempo));
    if (click.click) {
      // A pass after its own count-in starts the loop afresh; otherwise the loop wraps as it plays.
      const playing = { startedAt: segment.at, from: loop?.start ?? 0, rate: tempo, loop: eachPass || !loop ? null : loop };
      clicks.push(...clickTimes(click.grid, playing, segment.at, segment.at + segment.length));
    }
  });
  const last = segments[segments.length - 1]!;
  return { segments, clicks, duration: last.at + last.length };
}
