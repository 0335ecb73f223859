/** Chord truth as spans in seconds: a span wherever the chord changes. */
import type { TempoMap } from './tempo-map';

export interface ChordSpan {
  start: number;
  end: number;
  chord: string;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Chords placed at ticks (each lasts until the next), merged where one repeats, ending at `end`. */
export function chordSpans(placed: readonly { tick: number; chord: string }[], map: TempoMap, end: number): ChordSpan[] {
  const spans: ChordSpan[] = [];
  placed.forEach((item, index) => {
    const until = placed[index + 1]?.tick ?? end;
    if (until <= item.tick) return;
    const last = spans.at(-1);
    if (last?.chord === item.chord) last.end = round(map.secondsAt(until));
    else spans.push({ start: round(map.secondsAt(item.tick)), end: round(map.secondsAt(until)), chord: item.chord });
  });
  return spans;
}
