import type { LoopRange } from './transport';
import type { Seconds } from './units';

/** The song's beats: every 60/bpm song seconds through `firstBeat`, a bar's first (decision 0032). */
export interface BeatGrid {
  bpm: number;
  firstBeat: Seconds;
  beatsPerBar: number;
}

export function beatGridOf(bpm: number | null, firstBeat: Seconds = 0, beatsPerBar = 4): BeatGrid | null {
  return bpm !== null && Number.isFinite(bpm) && bpm > 0 ? { bpm, firstBeat, beatsPerBar } : null;
}

export function beatLength(grid: BeatGrid): Seconds {
  return 60 / grid.bpm;
}

export function snapToBeat(position: Seconds, grid: BeatGrid | null): Seconds {
  if (!grid) return position;
  const beat = beatLength(grid);
  return Math.max(0, grid.firstBeat + Math.round((position - grid.firstBeat) / beat) * beat);
}

/** The A-B loop from two marks in either order, snapped to beats; null when shorter than `minLength`. */
export function loopFromMarks(a: Seconds, b: Seconds, grid: BeatGrid | null, duration: Seconds, minLength: Seconds = 0.25): LoopRange | null {
  const start = Math.min(duration, snapToBeat(Math.min(a, b), grid));
  const end = Math.min(duration, snapToBeat(Math.max(a, b), grid));
  return end - start >= minLength ? { start, end } : null;
}

export interface SpeedTrainer {
  startTempo: number;
  step: number;
  targetTempo: number;
}

/** The tempo of pass `pass` (0 = the first), held at the target once reached. */
export function trainerTempo(trainer: SpeedTrainer, pass: number): number {
  if (trainer.targetTempo <= trainer.startTempo) return trainer.startTempo;
  const tempo = trainer.startTempo + pass * trainer.step;
  // Rounded so that 0.7 + 3 x 0.05 is 0.85.
  return Math.round(Math.min(trainer.targetTempo, tempo) * 1000) / 1000;
}

function modulo(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

/** The grid index of the last beat before `from` (a beat at `from` is heard, not counted in). */
function lastCountInBeat(grid: BeatGrid, from: Seconds): number {
  return Math.ceil((from - grid.firstBeat) / beatLength(grid) - 1e-9) - 1;
}

/** One click per beat: with `from`, the grid's beats before it, else beats ending at `startAt`. */
export function countInClicks(grid: BeatGrid, bars: number, startAt: Seconds, tempo: number, from?: Seconds): { time: Seconds; accent: boolean }[] {
  const beats = bars * grid.beatsPerBar;
  if (from === undefined) {
    const beat = beatLength(grid) / tempo;
    return Array.from({ length: beats }, (_, index) => ({ time: startAt - (beats - index) * beat, accent: index % grid.beatsPerBar === 0 }));
  }
  const last = lastCountInBeat(grid, from);
  return Array.from({ length: beats }, (_, click) => {
    const index = last - (beats - 1 - click);
    const songTime = grid.firstBeat + index * beatLength(grid);
    return { time: startAt - (from - songTime) / tempo, accent: modulo(index, grid.beatsPerBar) === 0 };
  });
}

export function countInDuration(grid: BeatGrid, bars: number, tempo: number, from?: Seconds): Seconds {
  const beats = bars * grid.beatsPerBar;
  if (from === undefined) return (beats * beatLength(grid)) / tempo;
  const first = lastCountInBeat(grid, from) - (beats - 1);
  return (from - (grid.firstBeat + first * beatLength(grid))) / tempo;
}

/** The beats heard in [windowStart, windowEnd) for the transport `playing`, wrapping at the loop's end. */
export function clickTimes(
  grid: BeatGrid,
  playing: { startedAt: Seconds; from: Seconds; rate: number; loop: LoopRange | null },
  windowStart: Seconds,
  windowEnd: Seconds,
): { time: Seconds; accent: boolean }[] {
  const beat = beatLength(grid);
  const clicks: { time: Seconds; accent: boolean }[] = [];
  const { startedAt, from, rate, loop } = playing;
  const looping = loop !== null && from < loop.end;
  const spans: { songStart: Seconds; songEnd: Seconds; audioStart: Seconds }[] = [];
  if (!looping) {
    spans.push({ songStart: from, songEnd: Infinity, audioStart: startedAt });
  } else {
    spans.push({ songStart: from, songEnd: loop.end, audioStart: startedAt });
    const pass = (loop.end - loop.start) / rate;
    const firstPass = startedAt + (loop.end - from) / rate;
    const lastPass = Math.ceil((windowEnd - firstPass) / pass);
    for (let index = Math.max(0, Math.floor((windowStart - firstPass) / pass)); index <= lastPass; index++) {
      spans.push({ songStart: loop.start, songEnd: loop.end, audioStart: firstPass + index * pass });
    }
  }
  for (const span of spans) {
    const songFrom = Math.max(span.songStart, span.songStart + (windowStart - span.audioStart) * rate);
    const songTo = Math.min(span.songEnd, span.songStart + (windowEnd - span.audioStart) * rate);
    if (songTo <= songFrom) continue;
    for (let index = Math.ceil((songFrom - grid.firstBeat) / beat - 1e-9); grid.firstBeat + index * beat < songTo; index++) {
      const songTime = grid.firstBeat + index * beat;
      if (songTime < 0) continue;
      const time = span.audioStart + (songTime - span.songStart) / rate;
      if (time >= windowStart && time < windowEnd) clicks.push({ time, accent: ((index % grid.beatsPerBar) + grid.beatsPerBar) % grid.beatsPerBar === 0 });
    }
  }
  return clicks;
}
