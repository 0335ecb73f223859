/** The bassist: the chord roots in the genre's rhythm, approaching the next chord. */
import type { Arrangement, ChordSpan } from '../arrangement';
import { beatsPerBar } from '../arrangement';
import { chordIntervals, pitchAtOrAbove } from '../music-theory';
import type { SeededRandom } from '../seeded-random';
import type { BassStyle, PlannedSection } from '../song-plans';
import type { Note } from './note';

export interface BassNote extends Note {
  /** Slide into this note from the previous one (808s). */
  glide: boolean;
}

/** [step of 16 in the bar, length in steps, degree]: R root, 3 third, 5 fifth, 6 sixth, b7, 8 octave, A approach to the next root. */
type Step = [number, number, 'R' | '3' | '5' | '6' | 'b7' | '8' | 'A'];

const patterns: Partial<Record<BassStyle, Step[]>> = {
  pop: [[0, 3, 'R'], [3, 3, 'R'], [6, 2, 'R'], [8, 3, 'R'], [11, 3, '5'], [14, 2, 'A']],
  'rock-eighths': [0, 2, 4, 6, 8, 10, 12, 14].map((step): Step => [step, 2, 'R']),
  boogie: ([['R', 0], ['3', 2], ['5', 4], ['6', 6], ['b7', 8], ['6', 10], ['5', 12], ['3', 14]] as const).map(([degree, step]): Step => [step, 2, degree]),
  funk: [[0, 2, 'R'], [3, 1, '8'], [4, 1, 'R'], [6, 1, 'b7'], [7, 1, '8'], [10, 2, 'R'], [12, 1, '5'], [13, 1, '8'], [14, 2, 'A']],
  'two-beat': [[0, 4, 'R'], [8, 4, '5'], [12, 2, '5'], [14, 2, 'A']],
  folk: [[0, 6, 'R'], [8, 6, '5']],
  'house-offbeat': [[2, 2, 'R'], [6, 2, '8'], [10, 2, 'R'], [14, 2, '8']],
  'sub-808': [[0, 7, 'R'], [7, 3, 'R'], [10, 6, '5']],
  'metal-gallop': [0, 4, 8, 12].flatMap((beat): Step[] => [[beat, 2, 'R'], [beat + 2, 1, 'R'], [beat + 3, 1, 'R']]),
  'rolling-synth': [0, 4, 8, 12].flatMap((beat): Step[] => [[beat + 1, 1, 'R'], [beat + 2, 1, 'R'], [beat + 3, 1, beat === 12 ? '8' : 'R']]),
};

export function bassPart(arrangement: Arrangement, random: SeededRandom): BassNote[] {
  const { plan } = arrangement;
  const notes: BassNote[] = [];
  const floor = plan.bass.style === 'ambient-drone' ? 36 : 31;
  const t = (beat: number) => arrangement.timeOf(beat);
  const rootOf = (span: ChordSpan) => pitchAtOrAbove(span.chord.root, floor);
  const lastBar = arrangement.totalBeats - beatsPerBar;
  const push = (startBeat: number, endBeat: number, midi: number, velocity: number, glide = false) =>
    notes.push({ start: t(startBeat), end: t(endBeat) - 0.01, midi, velocity: velocity * random.range(0.9, 1), glide });

  arrangement.chords.forEach((span, index) => {
    const next = arrangement.chords[index + 1] ?? span;
    const root = rootOf(span);
    const nextRoot = rootOf(next);
    const length = span.endBeat - span.startBeat;
    const section: PlannedSection = arrangement.sectionAt(span.startBeat).type;
    if (span.startBeat >= lastBar) {
      push(span.startBeat, arrangement.totalBeats + 1.2 / arrangement.secondsPerBeat, root, 0.9);
      return;
    }
    const intervals = chordIntervals[span.chord.quality];
    const third = intervals.find((interval) => interval === 3 || interval === 4) ?? 4;
    const degree = (name: Step[2]): number => {
      switch (name) {
        case 'R': return root;
        case '3': return root + third;
        case '5': return root + 7;
        case '6': return root + 9;
        case 'b7': return root + 10;
        case '8': return root + 12;
        case 'A': return nextRoot === root ? root + 7 : nextRoot + (nextRoot > root ? -1 : 1);
      }
    };
    const style = plan.bass.style;
    if (style === 'walking') {
      for (let beat = 0; beat < length; beat++) {
        let midi: number;
        if (beat === 0) midi = root;
        // The last beat leads into the next root by a half or whole step.
        else if (beat === length - 1) midi = nextRoot + random.pick([-1, 1, -2, 2]);
        else midi = root + random.pick(intervals.filter((interval) => interval > 0 && interval < 12).concat([12]));
        push(span.startBeat + beat, span.startBeat + beat + 1, midi, beat === 0 ? 0.85 : 0.7);
      }
      return;
    }
    if (style === 'ambient-drone') {
      push(span.startBeat, span.endBeat + 0.25, root, 0.8);
      return;
    }
    const pattern = patterns[style]!;
    // Intros and bridges play half the notes: the band breathes there.
    const sparse = (section === 'intro' || section === 'bridge') && style !== 'boogie';
    for (const [step, steps, name] of pattern) {
      if (step / 4 >= length) continue;
      if (sparse && step % 8 !== 0) continue;
      if (name === 'A' && span.endBeat - span.startBeat < beatsPerBar) continue;
      const endStep = Math.min(step + (sparse ? 8 : steps), length * 4);
      const start = span.startBeat + step / 4;
      push(start, span.startBeat + endStep / 4, degree(name), step % 4 === 0 ? 0.9 : 0.72, style === 'sub-808' && step > 0 && random.chance(0.35));
    }
  });
  return notes;
}
