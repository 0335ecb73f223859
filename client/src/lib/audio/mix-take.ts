import type { TakePlacement } from './recording/take-lane';
import type { NormalRange } from './units';
import { assertNormalRange } from './units';

/** A recorded take for the export: its mono samples, where it sits against the song, and its strip's gain. */
export interface MixTake {
  samples: Float32Array;
  sampleRate: number;
  placement: TakePlacement;
  gain: NormalRange;
}

/** How the rendered music runs through the song: music sample `i` plays song sample `from + i * tempo`, wrapped in the loop. */
export interface MusicTimeline {
  sampleRate: number;
  tempo: number;
  transpose: number;
  /** The song sample the music starts at. */
  from: number;
  /** The loop in song samples; null when the music runs straight through. */
  loop: { start: number; end: number } | null;
}

/** Throws the RangeError `addTakeInto` would, before anything is rendered. */
export function assertTakeMixable(take: MixTake, timeline: Pick<MusicTimeline, 'sampleRate' | 'tempo' | 'transpose'>): void {
  const { placement } = take;
  if (timeline.tempo !== placement.tempo || timeline.transpose !== placement.transpose) {
    throw new RangeError(`the take was recorded at tempo ${placement.tempo}, ${placement.transpose} semitones, not ${timeline.tempo}, ${timeline.transpose}`);
  }
  if (take.sampleRate !== timeline.sampleRate) throw new RangeError(`the take's sample rate ${take.sampleRate} is not the song's ${timeline.sampleRate}`);
  assertNormalRange('take gain', take.gain);
}

/**
 * Adds the take into both sides of the music, in sync as the player plays it along (`takeLaneSchedule`):
 * song position `s` is take time `(s - startSeconds) / tempo`, each loop pass hearing the take's part of
 * the loop again. Only at the tempo and transpose it was recorded at (anything else would need it stretched
 * too), and at the song's sample rate, which is the one it was recorded at: else a RangeError.
 */
export function addTakeInto(music: readonly Float32Array[], take: MixTake, timeline: MusicTimeline): void {
  assertTakeMixable(take, timeline);
  const { placement } = take;
  if (take.gain === 0) return;
  const startSample = placement.startSeconds * timeline.sampleRate;
  const loopLength = timeline.loop ? timeline.loop.end - timeline.loop.start : 0;
  const length = Math.min(...music.map((side) => side.length));
  for (let index = 0; index < length; index++) {
    const travelled = index * timeline.tempo;
    const song = timeline.loop ? timeline.loop.start + ((timeline.from - timeline.loop.start + travelled) % loopLength) : timeline.from + travelled;
    const at = Math.round((song - startSample) / placement.tempo);
    if (at < 0 || at >= take.samples.length) continue;
    const sample = take.gain * take.samples[at]!;
    for (const side of music) side[index] = side[index]! + sample;
  }
}
