/**
 * Chords read back from a MIDI file's notes, one per beat: the best-fitting major or minor triad of the
 * pitches sounding in the beat. Approximate by nature (passing notes, inversions, sevenths, a melody
 * note against a held chord), unlike a chart's chords; the corpus marks such truth "notes".
 */
import { noChord, rootNames } from './chord-names';
import { type MidiTimeline, isNoteOff, isNoteOn } from './midi-timeline';
import { drumChannel } from './stem-parts';

export interface SoundingNote {
  start: number;
  end: number;
  pitch: number;
  velocity: number;
}

/** Every melodic note as a span of ticks (drums left out: they have no pitch class). */
export function melodicNotes(timeline: MidiTimeline): SoundingNote[] {
  const open = new Map<string, { start: number; velocity: number }[]>();
  const notes: SoundingNote[] = [];
  for (const { tick, event } of timeline.events) {
    if (!('channel' in event) || event.channel === drumChannel) continue;
    if (isNoteOn(event)) {
      const key = `${event.channel}/${event.noteNumber}`;
      open.set(key, [...(open.get(key) ?? []), { start: tick, velocity: event.velocity }]);
    } else if (isNoteOff(event)) {
      const started = open.get(`${event.channel}/${event.noteNumber}`)?.shift();
      if (started && tick > started.start) notes.push({ start: started.start, end: tick, pitch: event.noteNumber, velocity: started.velocity });
    }
  }
  return notes.sort((a, b) => a.start - b.start || a.pitch - b.pitch);
}

const triads = [
  { suffix: '', intervals: [0, 4, 7] },
  { suffix: 'm', intervals: [0, 3, 7] },
] as const;

/** The triad that best explains a beat's notes, or N when none sounds. */
export function chordOfNotes(notes: readonly { pitch: number; weight: number }[]): string {
  const chroma = new Array<number>(12).fill(0);
  let total = 0;
  let lowest: { pitch: number; weight: number } | undefined;
  for (const note of notes) {
    if (note.weight <= 0) continue;
    chroma[note.pitch % 12]! += note.weight;
    total += note.weight;
    if (!lowest || note.pitch < lowest.pitch) lowest = note;
  }
  if (!lowest) return noChord;
  let best = { score: -Infinity, name: noChord };
  for (let root = 0; root < 12; root++) {
    for (const triad of triads) {
      const [, third, fifth] = triad.intervals;
      const inside = chroma[root]! + chroma[(root + third) % 12]! + 0.8 * chroma[(root + fifth) % 12]!;
      // Notes outside the triad count against it; the lowest note is most often the root.
      const outside = total - chroma[root]! - chroma[(root + third) % 12]! - chroma[(root + fifth) % 12]!;
      const score = inside - 0.6 * outside + (lowest.pitch % 12 === root ? 0.2 * total : 0);
      if (score > best.score + 1e-9) best = { score, name: `${rootNames[root]}${triad.suffix}` };
    }
  }
  return best.name;
}

/** One chord per beat: each note weighs its velocity times the share of the beat it sounds. */
export function chordsPerBeat(notes: readonly SoundingNote[], beats: readonly number[], end: number): string[] {
  const chords: string[] = [];
  let first = 0;
  for (let index = 0; index < beats.length; index++) {
    const start = beats[index]!;
    const stop = beats[index + 1] ?? end;
    if (stop <= start) {
      chords.push(noChord);
      continue;
    }
    while (first < notes.length && notes[first]!.end <= start) first++;
    const inBeat: { pitch: number; weight: number }[] = [];
    for (let i = first; i < notes.length && notes[i]!.start < stop; i++) {
      const note = notes[i]!;
      const overlap = Math.min(stop, note.end) - Math.max(start, note.start);
      if (overlap > 0) inBeat.push({ pitch: note.pitch, weight: (note.velocity / 127) * (overlap / (stop - start)) });
    }
    chords.push(chordOfNotes(inBeat));
  }
  return chords;
}
