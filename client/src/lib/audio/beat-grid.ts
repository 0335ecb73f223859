import type { LoopRange } from './transport';
import type { Seconds } from './units';

/**
 * The song's beats: one every 60/bpm song seconds through `firstBeat` (beats before it too, down
 * to 0 s), the first beat of a bar at `firstBeat` and every `beatsPerBar` beats from it. The
 * analysis stores the first beat it heard as the first downbeat (0 when unknown); a bar is four
 * beats (decision 0032).
 */
export interface BeatGrid {
  bpm: number;
  firstBeat: Seconds;
  beatsPerBar: number;
}

/** The grid of a song whose tempo the analysis found, or null (no snapping, no click). */
export function beatGridOf(bpm: number | null, firstBeat: Seconds = 0, beatsPerBar = 4): BeatGrid | null {
  return bpm !== null && Number.isFinite(bpm) && bpm > 0 ? { bpm, firstBeat, beatsPerBar } : null;
}

export function beatLength(grid: BeatGrid): Seconds {
  return 60 / grid.bpm;
}

/** `position` moved to the nearest beat (unchanged without a grid), never before 0. */
export function snapToBeat(position: Seconds, grid: BeatGrid | null): Seconds {
  if (!grid) return position;
  const beat = beatLength(grid);
  return Math.max(0, grid.firstBeat + Math.round((position - grid.firstBeat) / beat) * beat);
}

/**
 * The A-B loop from two marks in either order, snapped to beats, inside the song; null when the
 * marks snap to the same beat (or lie closer than `minLength`), so a double click loops nothing.
 */
export function loopFromMarks(a: Seconds, b: Seconds, grid: BeatGrid | null, duration: Seconds, minLength: Seconds = 0.25): LoopRange | null {
  const start = Math.min(duration, snapToBeat(Math.min(a, b), grid));
  const end = Math.min(duration, snapToBeat(Math.max(a, b), grid));
  return end - start >= minLength ? { start, end } : null;
}

/** The loop of section `index` (sections in time order): from its start to the next one's or the song's end. */
export function sectionLoop(starts: readonly Seconds[], index: number, duration: Seconds): LoopRange | null {
  const start = starts[index];
  if (start === undefined) return null;
  const end = Math.min(duration, starts[index + 1] ?? duration);
  return end > start ? { start, end } : null;
}

/** The speed trainer: start tempo, raised by `step` (0.05 = +5 points) each pass, up to the target. */
export interface SpeedTrainer {
  startTempo: number;
  step: number;
  targetTempo: number;
}

/** The tempo of pass `pass` (0 = the first): start + pass x step, held at the target once reached. */
export function trainerTempo(trainer: SpeedTrainer, pass: number): number {
  // A target at or below the start tempo trains nothing: every pass at the start tempo.
  if (trainer.targetTempo <= trainer.startTempo) return trainer.startTempo;
  const tempo = trainer.startTempo + pass * trainer.step;
  // Rounded to 1/1000 so that 0.7 + 3 x 0.05 is 0.85, not 0.8500000000000001.
  return Math.round(Math.min(trainer.targetTempo, tempo) * 1000) / 1000;
}

/** Every pass's tempo until the target is first reached (the trainer's plan, as its panel lists it). */
export function trainerSteps(trainer: SpeedTrainer): number[] {
  if (!(trainer.step > 0) || trainer.targetTempo <= trainer.startTempo) return [trainerTempo(trainer, 0)];
  const steps: number[] = [];
  for (let pass = 0; steps.at(-1) !== trainer.targetTempo; pass++) steps.push(trainerTempo(trainer, pass));
  return steps;
}

/** Audio-clock seconds one pass of `loop` lasts at `tempo`. */
export function passDuration(loop: LoopRange, tempo: number): Seconds {
  return (loop.end - loop.start) / tempo;
}

/** `value` modulo `divisor`, never negative (beat indices before the first beat are negative). */
function modulo(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}

/**
 * The grid index of the count-in's last beat for playback from song position `from`: the last
 * beat before it (a beat at `from` itself is the song's own, heard, not counted in). Beats before
 * the song's start are the grid's, continued backwards: the count-in is heard before playback.
 */
function lastCountInBeat(grid: BeatGrid, from: Seconds): number {
  return Math.ceil((from - grid.firstBeat) / beatLength(grid) - 1e-9) - 1;
}

/**
 * Audio-clock times of a count-in of `bars` bars before playback of song position `from` starts
 * at `startAt`: one click per beat, beats as long as the song's at this tempo. With `from`, the
 * clicks are the grid's beats just before it (so the count-in runs on into the song's beats, also
 * when playback starts between beats) and the accent falls on the grid's bar starts; without it,
 * the count-in ends exactly at `startAt` and accents the first click of each of its bars.
 */
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

/**
 * How long a count-in of `bars` bars lasts on the audio clock at `tempo`: whole beats, or with
 * `from` (see `countInClicks`) from its first click to the start of playback at `from`.
 */
export function countInDuration(grid: BeatGrid, bars: number, tempo: number, from?: Seconds): Seconds {
  const beats = bars * grid.beatsPerBar;
  if (from === undefined) return (beats * beatLength(grid)) / tempo;
  const first = lastCountInBeat(grid, from) - (beats - 1);
  return (from - (grid.firstBeat + first * beatLength(grid))) / tempo;
}

/**
 * Audio-clock times of the click track's beats heard in [windowStart, windowEnd), for playback that
 * plays song position `from` at audio time `startedAt` at `tempo` (as the transport has it),
 * wrapping at the loop's end like the stretch nodes. The scheduler asks for a window a little ahead
 * of now, repeatedly; each beat falls in exactly one window, so none sounds twice.
 */
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
  // Song-time stretches as heard one after the other: to the loop's end, then whole passes.
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
