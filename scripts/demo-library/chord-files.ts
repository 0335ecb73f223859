/** Chord files: `[mm:ss.xx] Am` a line, sorted by time, a line only where the chord changes. */
import type { ChordSpan } from './arrangement';
import { formatStamp } from './lrc-writer';
import { type Key, chordSymbol } from './music-theory';

export interface TimedChord {
  start: number;
  end: number;
  chord: string;
}

/** Chord spans in seconds, consecutive repeats of one chord merged. */
export function timedChords(spans: readonly ChordSpan[], key: Key, timeOf: (beat: number) => number, songEnd: number): TimedChord[] {
  const timed: TimedChord[] = [];
  for (const span of spans) {
    const chord = chordSymbol(span.chord, key);
    const previous = timed[timed.length - 1];
    if (previous?.chord === chord) previous.end = timeOf(span.endBeat);
    else timed.push({ start: timeOf(span.startBeat), end: timeOf(span.endBeat), chord });
  }
  if (timed.length > 0) timed[timed.length - 1]!.end = songEnd;
  return timed;
}

export function writeChordFile(chords: readonly TimedChord[]): string {
  return `${chords.map((entry) => `[${formatStamp(entry.start)}] ${entry.chord}`).join('\n')}\n`;
}
