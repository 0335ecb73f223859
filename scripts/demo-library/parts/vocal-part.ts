// The singer: one note per word, chord tones on the beat, an arch over each line, the chorus higher.
import type { Arrangement } from '../arrangement';
import { beatsPerBar } from '../arrangement';
import { type Vowel, type SongLyrics, vowelOf } from '../lyrics';
import { chordTones, pitchAtOrAbove, scaleOf } from '../music-theory';
import type { SeededRandom } from '../seeded-random';
import type { PlannedSection, VoiceRange } from '../song-plans';
import type { Note } from './note';

export interface VocalNote extends Note {
  word: string;
  vowel: Vowel;
  /** The word starts with a consonant the voice hisses or clicks before the vowel. */
  consonant: boolean;
}

export interface LyricLine {
  section: 'Verse' | 'Chorus' | 'Bridge';
  /** Seconds where the line's section starts: a new header is written when it changes. */
  sectionStart: number;
  /** One stamp per word: the onset of its note. */
  words: { time: number; text: string }[];
}

export interface VocalPart {
  notes: VocalNote[];
  lines: LyricLine[];
}

const sectionNames: Partial<Record<PlannedSection, LyricLine['section']>> = { verse: 'Verse', chorus: 'Chorus', bridge: 'Bridge' };
const rangeFloor: Record<VoiceRange, number> = { low: 47, mid: 53, high: 58 };

export function vocalPart(arrangement: Arrangement, lyrics: SongLyrics, random: SeededRandom): VocalPart {
  const { plan, key } = arrangement;
  // A line a bar, or two bars where bars fly by.
  const phraseBars = plan.bpm >= 130 ? 2 : 1;
  const phraseBeats = phraseBars * beatsPerBar;
  const tonic = pitchAtOrAbove(key.tonic, rangeFloor[plan.voice]);
  const low = tonic - 5;
  const high = tonic + 12;
  const scale = scaleOf(key).map((interval) => (key.tonic + interval) % 12);
  const scaleNotes: number[] = [];
  for (let midi = low; midi <= high; midi++) if (scale.includes(midi % 12)) scaleNotes.push(midi);

  const notes: VocalNote[] = [];
  const lines: LyricLine[] = [];
  for (const section of arrangement.sections) {
    const name = sectionNames[section.type];
    if (!name) continue;
    const text = section.type === 'verse' ? lyrics.verses[section.occurrence % lyrics.verses.length]! : section.type === 'chorus' ? lyrics.chorus : lyrics.bridge;
    const phrases = (section.endBeat - section.startBeat) / phraseBeats;
    const spacing = phrases >= text.length * 2 ? 2 : 1;
    const count = Math.min(text.length, Math.floor(phrases / spacing));
    for (let lineIndex = 0; lineIndex < count; lineIndex++) {
      const words = text[lineIndex]!.split(' ').filter(Boolean);
      const phraseStart = section.startBeat + lineIndex * spacing * phraseBeats;
      // Same section, line and word count: the same tune (a chorus is sung alike every time).
      const tune = random.fork(`${section.type}/${lineIndex}/${words.length}`);
      const rhythm = lineRhythm(words, phraseBeats, tune);
      const lastLine = lineIndex === count - 1;
      const line: LyricLine = { section: name, sectionStart: arrangement.timeOf(section.startBeat), words: [] };
      let previous = tonic + (section.type === 'chorus' ? 4 : 0);
      rhythm.forEach(([offset, length], index) => {
        const beat = phraseStart + offset;
        const chord = chordTones(arrangement.chordAt(beat).chord);
        const progress = words.length === 1 ? 1 : index / (words.length - 1);
        const lift = section.type === 'chorus' ? 5 : section.type === 'bridge' ? 3 : 0;
        const target = tonic + lift + Math.sin(progress * Math.PI) * 5 - (index === words.length - 1 ? 2 : 0);
        const strong = Number.isInteger(offset) || index === words.length - 1;
        let candidates = scaleNotes.filter((midi) => !strong || chord.includes(midi % 12));
        if (index === words.length - 1 && lastLine && candidates.some((midi) => midi % 12 === key.tonic)) candidates = candidates.filter((midi) => midi % 12 === key.tonic);
        if (candidates.length === 0) candidates = scaleNotes;
        const score = (midi: number) => Math.abs(midi - target) + 0.6 * Math.abs(midi - previous) + (Math.abs(midi - previous) > 7 ? 6 : 0) + tune.range(0, 1.5);
        const midi = candidates.reduce((best, candidate) => (score(candidate) < score(best) ? candidate : best));
        previous = midi;
        const start = arrangement.timeOf(beat);
        const end = arrangement.timeOf(beat + length);
        const word = words[index]!;
        notes.push({ start, end: end - 0.03, midi, velocity: strong ? 0.9 : 0.78, word, vowel: vowelOf(word), consonant: /^[^aeiouAEIOU]/.test(word.replace(/[^A-Za-z]/g, '')) });
        line.words.push({ time: start, text: word });
      });
      lines.push(line);
    }
  }
  return { notes, lines };
}

/** [offset in beats, length in beats] per word: eighths and quarters, the last word held, a breath after. */
export function lineRhythm(words: readonly string[], phraseBeats: number, random: SeededRandom): [number, number][] {
  const units = phraseBeats * 4 - 4; // sixteenths available, a beat of breath left at the end
  const count = words.length;
  const base = count * 2 <= units ? 2 : 1;
  const lengths = words.map(() => base);
  let spare = Math.min(units - count * base, count * 2 + 2);
  // The last word is held, the others lengthened where the word is long.
  const hold = Math.min(spare, 4);
  lengths[count - 1]! += hold;
  spare -= hold;
  const order = words.map((word, index) => ({ index, weight: word.length + random.range(0, 4) })).sort((a, b) => b.weight - a.weight);
  for (const { index } of order) {
    if (spare < 2 || index === count - 1) continue;
    lengths[index]! += 2;
    spare -= 2;
  }
  let position = spare >= 2 && random.chance(0.4) ? 2 : 0;
  return lengths.map((length) => {
    const slot: [number, number] = [position / 4, length / 4];
    position += length;
    return slot;
  });
}
