/** The lead voice: a sawtooth with breath and vibrato through formants that move to each word's vowel, legato. */
import type { Vowel } from '../lyrics';
import { midiToFrequency } from '../music-theory';
import type { VocalNote } from '../parts/vocal-part';
import type { SeededRandom } from '../seeded-random';
import { Biquad } from './filters';
import { sawSample } from './oscillators';
import { sampleRate } from './track';

const formants: Record<Vowel, [number, number, number]> = {
  a: [800, 1150, 2800],
  e: [480, 1800, 2600],
  i: [310, 2300, 3000],
  o: [480, 850, 2600],
  u: [350, 750, 2500],
};
const formantGains = [1, 0.6, 0.25];
const block = 64;

export function renderVoice(notes: readonly VocalNote[], track: Float32Array, random: SeededRandom): void {
  // Phrases: runs of notes with less than a quarter second between them.
  let first = 0;
  for (let index = 1; index <= notes.length; index++) {
    if (index === notes.length || notes[index]!.start - notes[index - 1]!.end > 0.25) {
      renderPhrase(notes.slice(first, index), track, random);
      first = index;
    }
  }
}

function renderPhrase(phrase: readonly VocalNote[], track: Float32Array, random: SeededRandom): void {
  const release = 0.08;
  const start = Math.round(phrase[0]!.start * sampleRate);
  const end = Math.min(track.length, Math.round((phrase[phrase.length - 1]!.end + release) * sampleRate));
  const filters = [0, 1, 2].map(() => new Biquad('bandpass', 1000, 5));
  const current = [...formants[phrase[0]!.vowel]];
  const breath = new Biquad('bandpass', 2500, 0.7);
  const body = new Biquad('lowpass', 900, 0.7);
  const pitches = phrase.map((note) => midiToFrequency(note.midi));
  let noteIndex = 0;
  let phase = 0;
  let frequency = midiToFrequency(phrase[0]!.midi);
  let vibratoPhase = 0;
  for (let n = start; n < end; n++) {
    const time = n / sampleRate;
    while (noteIndex < phrase.length - 1 && time >= phrase[noteIndex + 1]!.start) noteIndex++;
    const note = phrase[noteIndex]!;
    const sinceOnset = time - note.start;
    if ((n - start) % block === 0) {
      const target = formants[note.vowel];
      for (let k = 0; k < 3; k++) {
        current[k]! += (target[k]! - current[k]!) * 0.35;
        filters[k]!.set('bandpass', current[k]!, current[k]! / (60 + 25 * k));
      }
    }
    // Glide towards the note's pitch, then vibrato that grows in after a quarter second.
    frequency += (pitches[noteIndex]! - frequency) * 0.0025;
    const depth = Math.min(1, Math.max(0, (sinceOnset - 0.25) / 0.3)) * 0.012;
    vibratoPhase += (5.3 * 2 * Math.PI) / sampleRate;
    const instantaneous = frequency * (1 + depth * Math.sin(vibratoPhase));
    const step = instantaneous / sampleRate;
    phase = (phase + step) % 1;
    const source = sawSample(phase, step);
    const air = breath.process(random.next() * 2 - 1);
    // Loudness: a soft attack per note, a dip at each new word, the release after the last.
    const attack = Math.min(1, sinceOnset / 0.03);
    const dip = noteIndex > 0 && sinceOnset < 0.04 ? 0.55 + 0.45 * (sinceOnset / 0.04) : 1;
    const afterEnd = time - note.end;
    const fade = noteIndex === phrase.length - 1 && afterEnd > 0 ? Math.max(0, 1 - afterEnd / release) : 1;
    const gap = noteIndex < phrase.length - 1 && afterEnd > 0 ? 0.6 : 1;
    const envelope = (noteIndex === 0 ? attack : dip) * fade * gap * note.velocity;
    const voiced = source + air * 0.25;
    let sample = body.process(source) * 0.35;
    for (let k = 0; k < 3; k++) sample += filters[k]!.process(voiced) * formantGains[k]!;
    let consonant = 0;
    if (note.consonant && sinceOnset < 0.035) consonant = air * 2.5 * (1 - sinceOnset / 0.035);
    track[n]! += (sample * envelope + consonant * note.velocity) * 0.5;
  }
}
