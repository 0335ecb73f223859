/** The keyboard player: close voicings that move as little as possible, in the genre's rhythm. */
import type { Arrangement, ChordSpan } from '../arrangement';
import { beatsPerBar } from '../arrangement';
import { type Chord, chordTones, extendedChord, pitchAtOrAbove } from '../music-theory';
import type { SeededRandom } from '../seeded-random';
import type { KeysStyle } from '../song-plans';
import type { KeysTimbre } from '../synth/keys';
import type { Note } from './note';

export interface KeysPart {
  timbre: KeysTimbre;
  notes: Note[];
  /** The chords as the keys play them (with ninths in jazz, funk and hip-hop), for keys.txt. */
  chords: ChordSpan[];
}

const timbres: Record<KeysStyle, KeysTimbre> = {
  'piano-pulse': 'piano', 'organ-pad': 'organ', 'piano-shuffle': 'piano', 'jazz-comp': 'piano', 'ep-stabs': 'ep', 'piano-fills': 'piano',
  'piano-arpeggio': 'piano', 'house-stabs': 'piano', 'ep-long': 'ep', 'string-pad': 'strings', 'synth-pad': 'pad',
};

const colours: ReadonlySet<KeysStyle> = new Set(['jazz-comp', 'ep-stabs', 'ep-long']);

/** The inversion of the chord nearest to the previous voicing, lowest note in [low, low + 12). */
export function voiceLead(chord: Chord, previous: readonly number[] | undefined, low: number, rootless: boolean): number[] {
  let tones = chordTones(chord);
  if (rootless && tones.length >= 4) tones = tones.slice(1);
  // Five tones are too many for one hand: the fifth goes first, it colours least.
  if (tones.length > 4) tones = tones.filter((_, index) => index !== 2);
  const candidates = tones.map((_, rotation) => {
    const ordered = [...tones.slice(rotation), ...tones.slice(0, rotation)];
    const voicing: number[] = [];
    let floor = low;
    for (const tone of ordered) {
      const midi = pitchAtOrAbove(tone, voicing.length === 0 ? floor : floor + 1);
      voicing.push(midi);
      floor = midi;
    }
    return voicing;
  });
  if (!previous) return candidates[0]!;
  const centre = (notes: readonly number[]) => notes.reduce((sum, midi) => sum + midi, 0) / notes.length;
  const target = centre(previous);
  return candidates.reduce((best, candidate) => (Math.abs(centre(candidate) - target) < Math.abs(centre(best) - target) ? candidate : best));
}

export function keysPart(arrangement: Arrangement, random: SeededRandom): KeysPart {
  const style = arrangement.plan.keys;
  const timbre = timbres[style];
  const colour = colours.has(style);
  const chords = arrangement.chords.map((span) => ({ ...span, chord: colour ? extendedChord(span.chord) : span.chord }));
  const notes: Note[] = [];
  const t = (beat: number) => arrangement.timeOf(beat);
  const low = timbre === 'organ' || timbre === 'strings' ? 50 : 55;
  let previous: number[] | undefined;
  const lastBar = arrangement.totalBeats - beatsPerBar;
  const play = (voicing: readonly number[], beat: number, length: number, velocity: number, roll = 0) => {
    voicing.forEach((midi, index) => notes.push({ start: t(beat) + index * roll, end: t(beat + length), midi, velocity: velocity * random.range(0.9, 1) }));
  };

  for (const span of chords) {
    const voicing = voiceLead(span.chord, previous, low, style === 'jazz-comp' || style === 'ep-long');
    previous = voicing;
    const section = arrangement.sectionAt(span.startBeat).type;
    const length = span.endBeat - span.startBeat;
    const start = span.startBeat;
    if (start >= lastBar) {
      play(voicing, start, length + 1.5 / arrangement.secondsPerBeat, 0.8, 0.012);
      continue;
    }
    const bass = pitchAtOrAbove(span.chord.root, 36);
    switch (style) {
      case 'piano-pulse': {
        const step = section === 'chorus' || section === 'outro' ? 0.5 : section === 'verse' ? 1 : length;
        for (let beat = 0; beat < length; beat += step) play(voicing, start + beat, step * 0.95, beat % 2 === 0 ? 0.7 : 0.55);
        if (section !== 'intro') notes.push({ start: t(start), end: t(start + Math.min(2, length)), midi: bass, velocity: 0.6 });
        break;
      }
      case 'organ-pad':
      case 'string-pad':
      case 'synth-pad':
      case 'ep-long':
        play(voicing, start, length - 0.05, section === 'chorus' ? 0.75 : 0.6, style === 'ep-long' ? 0.02 : 0);
        break;
      case 'piano-shuffle':
        for (const beat of [0, 1.5, 2.5, 3.5]) if (beat < length) play(voicing, start + beat, 0.4, beat === 0 ? 0.7 : 0.55);
        break;
      case 'jazz-comp': {
        const rhythm = random.pick([[[0, 1.2], [1.5, 0.4]], [[1.5, 0.8], [3.5, 0.4]], [[0.5, 0.4], [2, 1]], [[0, 0.8], [2.5, 0.4]]] as const);
        for (const [beat, hold] of rhythm) if (beat < length) play(voicing, start + beat, hold, 0.55);
        break;
      }
      case 'ep-stabs':
        for (const step of [3, 6, 10, 14]) if (step / 4 < length && (section !== 'intro' || step === 6)) play(voicing, start + step / 4, 0.22, 0.65);
        break;
      case 'piano-fills': {
        play(voicing, start, Math.min(2, length) * 0.9, 0.6);
        if (length > 2) play(voicing, start + 2, 1.8, 0.5);
        // A little run up to the next bar at the end of every other bar.
        if (length >= beatsPerBar && Math.round(start / beatsPerBar) % 2 === 1) {
          const top = voicing[voicing.length - 1]!;
          [3, 3.33, 3.67].forEach((beat, index) => notes.push({ start: t(start + beat), end: t(start + beat + 0.3), midi: top + 12 - (2 - index) * 2, velocity: 0.45 }));
        }
        break;
      }
      case 'piano-arpeggio': {
        const tones = [voicing[0]! - 12, ...voicing, voicing[0]! + 12];
        const order = [0, 2, 1, 3, 2, 4, 3, 1];
        for (let beat = 0; beat < length; beat += 0.5) {
          const index = order[Math.round(beat * 2) % order.length]! % tones.length;
          notes.push({ start: t(start + beat), end: t(start + beat + 1.5), midi: tones[index]!, velocity: 0.5 });
        }
        break;
      }
      case 'house-stabs':
        for (const step of [0, 3, 6, 10, 13]) if (step / 4 < length && (section !== 'bridge' || step === 0)) play(voicing.map((midi) => midi + 12), start + step / 4, section === 'bridge' ? length : 0.35, 0.6);
        break;
    }
  }
  return { timbre, notes: notes.sort((a, b) => a.start - b.start), chords };
}
