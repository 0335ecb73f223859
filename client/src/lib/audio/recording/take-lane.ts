import type { SourceChange, StemSchedule } from '../source-schedule';
import type { Seconds } from '../units';

/** Where a take sits against the song: its first sample at song position `startSeconds`, recorded at `tempo` and `transpose`. */
export interface TakePlacement {
  startSeconds: Seconds;
  tempo: number;
  transpose: number;
  duration: Seconds;
}

/**
 * A change of the stems' time map, as the take's player takes it. The take was recorded in real time
 * at its tempo, so song position `s` is take time `(s - startSeconds) / tempo` (negative: not yet,
 * silence). It is heard only while the band plays at the tempo and transpose it was recorded at:
 * anything else would need the take stretched too, and out of tune or time it is no help. Pure.
 */
export function takeLaneSchedule(change: SourceChange, take: TakePlacement): StemSchedule {
  const toTake = (songSeconds: Seconds) => (songSeconds - take.startSeconds) / take.tempo;
  const matches = change.rate === take.tempo && change.semitones === take.transpose;
  return {
    output: change.output,
    input: toTake(change.input),
    active: change.active && matches,
    rate: 1,
    semitones: 0,
    loopStart: change.loop ? toTake(change.loop.start) : 0,
    loopEnd: change.loop ? toTake(change.loop.end) : 0,
  };
}

/** Whether a take plays along at these settings (see `takeLaneSchedule`). */
export function takeHeardAt(take: Pick<TakePlacement, 'tempo' | 'transpose'>, settings: { tempo: number; transpose: number }): boolean {
  return settings.tempo === take.tempo && settings.transpose === take.transpose;
}
