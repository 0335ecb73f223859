/** A Karplus-Strong string; an allpass tunes the fractional period, so chords are in tune for the analysis. */
import type { SeededRandom } from '../seeded-random';
import { midiToFrequency } from '../music-theory';
import { sampleRate } from './track';

export interface PluckOptions {
  /** Seconds for the string to fall 60 dB if left ringing. */
  ringSeconds: number;
  /** 0..1: how much of the pick's noise reaches the string (1 = bright pick, 0.2 = thumb). */
  brightness: number;
  /** Palm-muted: a short, dull thud. */
  muted?: boolean;
}

export function renderPluck(track: Float32Array, note: { start: number; end: number; midi: number; velocity: number }, options: PluckOptions, random: SeededRandom): void {
  const frequency = midiToFrequency(note.midi);
  const period = sampleRate / frequency;
  const length = Math.max(2, Math.floor(period - 0.5));
  const fraction = period - 0.5 - length;
  const allpass = (1 - fraction) / (1 + fraction);
  const ring = options.muted ? Math.min(options.ringSeconds, 0.12) : options.ringSeconds;
  const loss = 0.001 ** (1 / (ring * frequency));
  const line = new Float32Array(length);
  // The pick: the string's triangle shape (pulled at a fifth of its length, which gives it a firm
  // fundamental) plus noise, lowpassed by how bright the attack is.
  const smooth = options.muted ? 0.25 : 0.15 + 0.8 * options.brightness;
  const pickAt = 0.2;
  let low = 0;
  for (let index = 0; index < length; index++) {
    low += smooth * (random.next() * 2 - 1 - low);
    const x = index / length;
    const shape = x < pickAt ? x / pickAt : (1 - x) / (1 - pickAt);
    line[index] = low * 0.7 + shape * 0.9;
  }
  let mean = 0;
  for (let index = 0; index < length; index++) mean += line[index]!;
  mean /= length;
  for (let index = 0; index < length; index++) line[index]! -= mean;

  const startSample = Math.round(note.start * sampleRate);
  const release = Math.round(0.03 * sampleRate);
  const held = Math.max(0, Math.round((note.end - note.start) * sampleRate));
  const total = Math.min(held + release, Math.round(ring * 1.2 * sampleRate) + 1, track.length - startSample);
  const gain = note.velocity * (options.muted ? 1.6 : 1);
  let index = 0;
  let previous = 0;
  let apIn = 0;
  let apOut = 0;
  let muteLow = 0;
  for (let n = 0; n < total; n++) {
    const out = line[index]!;
    const averaged = 0.5 * (out + previous) * loss;
    previous = out;
    apOut = allpass * (averaged - apOut) + apIn;
    apIn = averaged;
    line[index] = apOut;
    index = index + 1 === length ? 0 : index + 1;
    let sample = out;
    if (options.muted) sample = muteLow += 0.18 * (out - muteLow);
    const fade = n < held ? 1 : 1 - (n - held) / release;
    track[startSample + n]! += sample * gain * fade;
  }
}
