/** A plan laid out in time: the form, a chord per bar or half bar, and a swung beat clock. */
import { type Chord, type Key, parseKey, romanChord } from './music-theory';
import type { PlannedSection, SongPlan } from './song-plans';

export const beatsPerBar = 4;
/** Seconds the last chord rings after the final bar, faded out. */
export const tailSeconds = 1.5;

export interface SectionSpan {
  type: PlannedSection;
  /** Which occurrence of its type: the second verse is 1. */
  occurrence: number;
  startBeat: number;
  endBeat: number;
}

export interface ChordSpan {
  chord: Chord;
  startBeat: number;
  endBeat: number;
}

export interface Arrangement {
  plan: SongPlan;
  key: Key;
  secondsPerBeat: number;
  sections: SectionSpan[];
  chords: ChordSpan[];
  totalBeats: number;
  durationSeconds: number;
  /** Seconds at a beat position, off-beats moved by the swing. */
  timeOf(beat: number): number;
  chordAt(beat: number): ChordSpan;
  sectionAt(beat: number): SectionSpan;
}

const formOrder: readonly PlannedSection[] = ['intro', 'verse', 'chorus', 'verse', 'chorus', 'bridge', 'chorus', 'outro'];

export function arrange(plan: SongPlan): Arrangement {
  const key = parseKey(plan.key);
  const secondsPerBeat = 60 / plan.bpm;
  const sections: SectionSpan[] = [];
  const chords: ChordSpan[] = [];
  const seen = new Map<PlannedSection, number>();
  let beat = 0;
  for (const type of formOrder) {
    const bars = plan.bars[type];
    if (bars <= 0) continue;
    const occurrence = seen.get(type) ?? 0;
    seen.set(type, occurrence + 1);
    sections.push({ type, occurrence, startBeat: beat, endBeat: beat + bars * beatsPerBar });
    const progression = plan.progressions[type];
    // An outro shorter than its progression plays the progression's end, so the song ends home.
    const first = type === 'outro' ? (((progression.length - bars) % progression.length) + progression.length) % progression.length : 0;
    for (let bar = 0; bar < bars; bar++) {
      const names = progression[(first + bar) % progression.length]!.split(' ');
      names.forEach((name, index) => {
        const startBeat = beat + (index * beatsPerBar) / names.length;
        chords.push({ chord: romanChord(name, key), startBeat, endBeat: startBeat + beatsPerBar / names.length });
      });
      beat += beatsPerBar;
    }
  }
  const totalBeats = beat;
  const { ratio, unit } = plan.swing;
  const swingSpan = unit === 8 ? 1 : 0.5;
  const timeOf = (position: number) => {
    const cell = Math.floor(position / swingSpan);
    const within = position / swingSpan - cell;
    const swung = within < 0.5 ? (within / 0.5) * ratio : ratio + ((within - 0.5) / 0.5) * (1 - ratio);
    return (cell + swung) * swingSpan * secondsPerBeat;
  };
  const findIn = <T extends { startBeat: number; endBeat: number }>(spans: readonly T[], position: number) =>
    spans.find((span) => position >= span.startBeat && position < span.endBeat) ?? spans[spans.length - 1]!;
  return {
    plan,
    key,
    secondsPerBeat,
    sections,
    chords,
    totalBeats,
    durationSeconds: totalBeats * secondsPerBeat + tailSeconds,
    timeOf,
    chordAt: (position) => findIn(chords, position),
    sectionAt: (position) => findIn(sections, position),
  };
}
