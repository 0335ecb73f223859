/** Bass tones: plucked strings with a sine under them, a filtered saw, a sliding 808, a sine drone. */
import type { SeededRandom } from '../seeded-random';
import { midiToFrequency } from '../music-theory';
import type { BassNote } from '../parts/bass-part';
import type { BassTone } from '../song-plans';
import { Biquad, lowpassInPlace } from './filters';
import { sawSample } from './oscillators';
import { renderPluck } from './pluck';
import { sampleRate } from './track';

export function renderBass(notes: readonly BassNote[], tone: BassTone, track: Float32Array, random: SeededRandom): void {
  let previousMidi = notes[0]?.midi ?? 40;
  for (const note of notes) {
    switch (tone) {
      case 'finger':
      case 'pick':
      case 'upright':
        renderPluck(track, note, { ringSeconds: tone === 'upright' ? 1.1 : 2.2, brightness: tone === 'pick' ? 0.7 : tone === 'finger' ? 0.35 : 0.25, muted: false }, random);
        renderSine(track, note, tone === 'upright' ? 0.5 : 0.6, 0.005, tone === 'upright' ? 0.7 : 1.6, previousMidi, false);
        break;
      case 'synth':
        renderSynth(track, note);
        break;
      case '808':
        renderSine(track, note, 1, 0.004, 1.2, previousMidi, note.glide, 1.8);
        break;
      case 'sine':
        renderSine(track, note, 0.9, 0.08, 4, previousMidi, false);
        break;
    }
    previousMidi = note.midi;
  }
  if (tone === 'finger' || tone === 'upright') lowpassInPlace(track, 2500);
}

function renderSine(track: Float32Array, note: BassNote, level: number, attack: number, decay: number, fromMidi: number, glide: boolean, drive = 0): void {
  const start = Math.round(note.start * sampleRate);
  const held = Math.round((note.end - note.start) * sampleRate);
  const release = Math.round(0.04 * sampleRate);
  const target = midiToFrequency(note.midi);
  const from = glide ? midiToFrequency(fromMidi) : target;
  const norm = drive > 0 ? Math.tanh(drive) : 1;
  // Exponentials by recursion (a multiply a sample): this runs for every note of every bass line.
  const glideFall = Math.exp(-1 / (0.05 * sampleRate));
  const decayFall = Math.exp(-1 / (decay * sampleRate));
  let glideLeft = from - target;
  let decayLeft = 1;
  let phase = 0;
  for (let n = 0; n < held + release && start + n < track.length; n++) {
    const frequency = target + glideLeft;
    glideLeft *= glideFall;
    phase += frequency / sampleRate;
    if (phase > 1) phase -= 1;
    const envelope = Math.min(1, n / (attack * sampleRate)) * decayLeft * (n < held ? 1 : 1 - (n - held) / release);
    decayLeft *= decayFall;
    const value = Math.sin(2 * Math.PI * phase) * envelope;
    track[start + n]! += (drive > 0 ? Math.tanh(value * drive) / norm : value) * level * note.velocity;
  }
}

function renderSynth(track: Float32Array, note: BassNote): void {
  const start = Math.round(note.start * sampleRate);
  const held = Math.round((note.end - note.start) * sampleRate);
  const release = Math.round(0.03 * sampleRate);
  const step = midiToFrequency(note.midi) / sampleRate;
  const filter = new Biquad('lowpass', 1200, 2.2);
  let phase = 0;
  for (let n = 0; n < held + release && start + n < track.length; n++) {
    if (n % 32 === 0) filter.set('lowpass', 180 + 1600 * Math.exp(-n / sampleRate / 0.09), 2.2);
    phase = (phase + step) % 1;
    const time = n / sampleRate;
    const envelope = Math.min(1, time / 0.003) * (n < held ? 1 : 1 - (n - held) / release);
    const value = filter.process(sawSample(phase, step)) + Math.sin(2 * Math.PI * phase) * 0.5;
    track[start + n]! += value * envelope * 0.6 * note.velocity;
  }
}
