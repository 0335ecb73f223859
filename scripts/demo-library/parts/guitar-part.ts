/** The guitarist: fingerable chord shapes played as the genre does, strings a few milliseconds apart. */
import type { Arrangement, ChordSpan } from '../arrangement';
import { beatsPerBar } from '../arrangement';
import { type Chord, type ChordQuality, chordIntervals, pitchAtOrAbove } from '../music-theory';
import type { SeededRandom } from '../seeded-random';
import type { GuitarStyle, PlannedSection } from '../song-plans';
import type { Note } from './note';

export interface GuitarNote extends Note {
  muted: boolean;
  /** Through the overdriven amp (false: the clean channel). */
  driven: boolean;
}

export interface GuitarPart {
  notes: GuitarNote[];
  /** The chord each span is played as (power chords are "E5"), for guitar.txt. */
  chords: ChordSpan[];
}

type Voicing = number[];

function chordParts(quality: ChordQuality) {
  const intervals = chordIntervals[quality];
  return {
    third: intervals.find((interval) => interval >= 2 && interval <= 5),
    fifth: intervals.includes(6) && !intervals.includes(7) ? 6 : 7,
    seventh: intervals.find((interval) => interval >= 9 && interval <= 11),
    ninth: intervals.includes(14),
  };
}

/** A barre shape rooted on the low E string (frets 0-7) or else on the A string. */
export function barreVoicing(chord: Chord): Voicing {
  const { third, fifth, seventh, ninth } = chordParts(chord.quality);
  const fret = (chord.root - 4 + 12) % 12;
  const onLowE = fret <= 7;
  const root = onLowE ? 40 + fret : 45 + ((chord.root - 9 + 12) % 12);
  if (third === undefined) return [root, root + fifth, root + 12];
  const shape = onLowE ? [0, fifth, seventh ?? 12, third + 12, fifth + 12, ninth ? 26 : 24] : [0, fifth, seventh ?? 12, third + 12, fifth + 12];
  return shape.map((interval) => root + interval);
}

export function powerVoicing(chord: Chord, low = 40): Voicing {
  const root = pitchAtOrAbove(chord.root, low);
  return [root, root + 7, root + 12];
}

function jazzVoicing(chord: Chord): Voicing {
  const { third, fifth, seventh } = chordParts(chord.quality);
  const root = pitchAtOrAbove(chord.root, 41);
  return [root, root + (seventh ?? 9), root + (third ?? 4) + 12, root + fifth + 12];
}

function funkVoicing(chord: Chord): Voicing {
  const { third, seventh } = chordParts(chord.quality);
  const root = pitchAtOrAbove(chord.root, 50);
  return [root + (third ?? 4), root + (seventh ?? 10), root + 14, root + 19];
}

const power = (chord: Chord): Chord => ({ root: chord.root, quality: '5' });
const ninth = (chord: Chord): Chord => {
  const { third } = chordParts(chord.quality);
  return { root: chord.root, quality: third === 3 ? 'm9' : '9' };
};

export function guitarPart(arrangement: Arrangement, random: SeededRandom): GuitarPart {
  const { plan } = arrangement;
  const style = plan.guitar.style;
  const notes: GuitarNote[] = [];
  const driven = plan.guitar.distortion > 0;
  const chordAs = style === 'power-eighths' || style === 'metal-chug' ? power : style === 'funk-scratch' ? ninth : (chord: Chord) => chord;
  const t = (beat: number) => arrangement.timeOf(beat);
  const strum = (beat: number, endBeat: number, voicing: Voicing, options: { up?: boolean; velocity: number; muted?: boolean; driven?: boolean; spread?: number; strings?: number }) => {
    const strings = options.strings ? (options.up ? voicing.slice(-options.strings) : voicing.slice(0, options.strings)) : voicing;
    const ordered = options.up ? [...strings].reverse() : strings;
    const spread = options.spread ?? 0.009;
    ordered.forEach((midi, index) => {
      const start = t(beat) + index * spread + random.range(0, 0.002);
      notes.push({ start, end: Math.max(start + 0.05, t(endBeat)), midi, velocity: options.velocity * random.range(0.85, 1) * (options.up ? 0.75 : 1), muted: options.muted ?? false, driven: options.driven ?? driven });
    });
  };
  const pluck = (beat: number, endBeat: number, midi: number, velocity: number, muted = false, isDriven = driven) => {
    notes.push({ start: t(beat) + random.range(0, 0.003), end: t(endBeat), midi, velocity: velocity * random.range(0.88, 1), muted, driven: isDriven });
  };
  const lastBar = arrangement.totalBeats - beatsPerBar;

  for (const span of arrangement.chords) {
    const section = arrangement.sectionAt(span.startBeat).type;
    const { chord } = span;
    const length = span.endBeat - span.startBeat;
    if (span.startBeat >= lastBar) {
      const voicing = style === 'power-eighths' || style === 'metal-chug' ? powerVoicing(chord) : style === 'jazz-comp' ? jazzVoicing(chord) : barreVoicing(chord);
      strum(span.startBeat, arrangement.totalBeats + 1.5 / arrangement.secondsPerBeat, voicing, { velocity: 0.9, spread: 0.02 });
      continue;
    }
    playSpan(style, section, span, length);
  }
  return { notes: notes.sort((a, b) => a.start - b.start), chords: arrangement.chords.map((span) => ({ ...span, chord: chordAs(span.chord) })) };

  function playSpan(kind: GuitarStyle, section: PlannedSection, span: ChordSpan, length: number) {
    const { chord, startBeat } = span;
    const eighths = (pattern: string, handler: (beat: number, symbol: string, index: number) => void) => {
      for (let beat = 0; beat < length; beat += 0.5) {
        const symbol = pattern[Math.round(beat * 2) % pattern.length]!;
        if (symbol !== '-') handler(startBeat + beat, symbol, Math.round(beat * 2));
      }
    };
    switch (kind) {
      case 'strum': {
        const voicing = barreVoicing(chord);
        const pattern = section === 'intro' || section === 'bridge' ? 'D---D-U-' : section === 'verse' ? 'D-DU-UDU' : 'D-DUDUDU';
        eighths(pattern, (beat, symbol) => strum(beat, beat + 0.5, voicing, { up: symbol === 'U', velocity: symbol === 'D' ? 0.7 : 0.5, strings: symbol === 'U' ? 4 : undefined }));
        break;
      }
      case 'power-eighths': {
        const voicing = powerVoicing(chord);
        if (section === 'bridge') strum(startBeat, startBeat + length, voicing, { velocity: 0.8 });
        else {
          const muted = section === 'verse' || section === 'intro';
          eighths('DDDDDDDD', (beat, _symbol, index) => strum(beat, beat + 0.5, voicing, { velocity: index % 2 === 0 ? 0.8 : 0.6, muted, spread: 0.004 }));
        }
        break;
      }
      case 'metal-chug': {
        const voicing = powerVoicing(chord, 38);
        if (section === 'chorus' || section === 'outro') {
          strum(startBeat, startBeat + 2, voicing, { velocity: 0.9, spread: 0.003 });
          for (const offset of [2, 2.75, 3, 3.5]) pluck(startBeat + offset, startBeat + offset + 0.25, voicing[0]!, 0.8, true);
        } else {
          for (let step = 0; step < length * 4; step++) {
            const accent = step % 8 === 0 || step % 8 === 6;
            if (accent) strum(startBeat + step / 4, startBeat + step / 4 + 0.5, voicing, { velocity: 0.85, spread: 0.003 });
            else if (step % 4 !== 3) pluck(startBeat + step / 4, startBeat + (step + 1) / 4, voicing[0]!, 0.75, true);
          }
        }
        break;
      }
      case 'grunge-open': {
        const voicing = barreVoicing(chord);
        if (section === 'verse' || section === 'intro' || section === 'bridge') {
          const order = [0, 2, 3, 4, 3, 2, 1, 2];
          eighths('xxxxxxxx', (beat, _symbol, index) => pluck(beat, beat + 1.5, voicing[order[index % order.length]! % voicing.length]!, 0.55, false, false));
        } else eighths('DDDDDDDD', (beat, _symbol, index) => strum(beat, beat + 0.5, powerVoicing(chord), { velocity: index % 2 === 0 ? 0.85 : 0.65, spread: 0.004 }));
        break;
      }
      case 'boogie-riff': {
        const root = pitchAtOrAbove(chord.root, 40);
        const offsets = [7, 7, 9, 9, 10, 10, 9, 9];
        eighths('xxxxxxxx', (beat, _symbol, index) => {
          pluck(beat, beat + 0.45, root, 0.7, true);
          pluck(beat, beat + 0.45, root + offsets[index % offsets.length]!, 0.6, true);
        });
        break;
      }
      case 'jazz-comp': {
        const voicing = jazzVoicing(chord);
        for (let beat = 0; beat < length; beat++) strum(startBeat + beat, startBeat + beat + 0.45, voicing, { velocity: beat % 2 === 1 ? 0.55 : 0.45, spread: 0.006 });
        break;
      }
      case 'funk-scratch': {
        const voicing = funkVoicing(chord);
        const pattern = 'mmXmmXmmmmXmXmmm';
        for (let step = 0; step < length * 4; step++) {
          const symbol = pattern[step % 16]!;
          const beat = startBeat + step / 4;
          if (symbol === 'X') strum(beat, beat + 0.2, voicing, { velocity: 0.8, spread: 0.003, up: step % 2 === 1 });
          else if (section !== 'bridge') strum(beat, beat + 0.1, voicing, { velocity: 0.35, muted: true, spread: 0.002, up: step % 2 === 1 });
        }
        break;
      }
      case 'boom-chick': {
        const voicing = barreVoicing(chord);
        eighths('B-C-A-CU', (beat, symbol) => {
          if (symbol === 'B' || symbol === 'A') pluck(beat, beat + 1, symbol === 'B' ? voicing[0]! : voicing[1]!, 0.75);
          else strum(beat, beat + 0.5, voicing.slice(2), { velocity: symbol === 'U' ? 0.45 : 0.6, up: symbol === 'U', spread: 0.006 });
        });
        break;
      }
      case 'fingerpick': {
        const voicing = barreVoicing(chord);
        const top = voicing.slice(-3);
        const order: [number, 'bass' | 'top'][] = [[0, 'bass'], [2, 'top'], [1, 'bass'], [1, 'top'], [0, 'bass'], [2, 'top'], [1, 'bass'], [0, 'top']];
        eighths('xxxxxxxx', (beat, _symbol, index) => {
          const [which, string] = order[index % order.length]!;
          pluck(beat, beat + 2, string === 'bass' ? voicing[which === 0 ? 0 : 1]! : top[which]!, string === 'bass' ? 0.6 : 0.5);
        });
        break;
      }
      case 'muted-pluck': {
        const tones = barreVoicing(chord).slice(2);
        for (const [step, index] of [[2, 0], [3, 1], [6, 2], [10, 0], [11, 3], [14, 1]] as const) {
          for (let bar = 0; bar + step / 4 < length; bar += 4) pluck(startBeat + bar + step / 4, startBeat + bar + step / 4 + 0.25, tones[index % tones.length]!, 0.6, true);
        }
        break;
      }
      case 'clean-stabs': {
        const voicing = jazzVoicing(chord).map((midi) => midi + 12);
        if (section !== 'intro') for (const beat of [1.5, 3]) if (beat < length) strum(startBeat + beat, startBeat + beat + 0.4, voicing, { velocity: 0.5, spread: 0.01 });
        break;
      }
      case 'swells': {
        const voicing = barreVoicing(chord).slice(1);
        for (let beat = 0; beat < length; beat++) pluck(startBeat + beat, startBeat + length + 1, voicing[beat % voicing.length]!, 0.45);
        break;
      }
      case 'arp-pluck': {
        const tones = barreVoicing(chord).slice(1);
        const up = [...tones, ...tones.slice(1, -1).reverse()];
        for (let step = 0; step < length * 4; step++) {
          if (section === 'bridge' && step % 2 === 1) continue;
          pluck(startBeat + step / 4, startBeat + (step + 1) / 4, up[step % up.length]! + 12, step % 4 === 0 ? 0.6 : 0.42, false);
        }
        break;
      }
    }
  }
}
