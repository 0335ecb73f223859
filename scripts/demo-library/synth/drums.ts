/** A synthesised drum kit: each hit rendered once, the drum part mixes copies of it. */
import type { SeededRandom } from '../seeded-random';
import { Biquad, highpassInPlace } from './filters';
import { mixInto, sampleRate } from './track';

export type DrumVoice = 'kick' | 'snare' | 'ghost' | 'clap' | 'rim' | 'hat' | 'openHat' | 'ride' | 'crash' | 'tomHigh' | 'tomLow' | 'shaker';

export interface DrumHit {
  time: number;
  voice: DrumVoice;
  velocity: number;
}

export interface KitOptions {
  kick: { startHz: number; endHz: number; pitchDecay: number; decay: number; click: number; drive: number };
  snareTone: number;
  snareDecay: number;
  hatDecay: number;
  /** The whole kit's brightness: hats' and cymbals' highpass in Hz. */
  hatCutoff: number;
}

export type DrumKit = Record<DrumVoice, Float32Array[]>;

const metallicFrequencies = [205.3, 304.4, 369.6, 522.7, 540, 800];

export function buildKit(random: SeededRandom, options: KitOptions): DrumKit {
  const variants = <T>(count: number, make: (index: number) => T) => Array.from({ length: count }, (_, index) => make(index));
  return {
    kick: [kick(random, options.kick)],
    snare: variants(3, () => snare(random, options.snareTone, options.snareDecay, 1)),
    ghost: variants(2, () => snare(random, options.snareTone, options.snareDecay * 0.6, 0.6)),
    clap: variants(2, () => clap(random)),
    rim: [rim(random)],
    hat: variants(3, () => metallic(random, options.hatDecay, options.hatCutoff, 1)),
    openHat: [metallic(random, 0.32, options.hatCutoff, 1)],
    ride: variants(2, () => ride(random, options.hatCutoff)),
    crash: [crash(random, options.hatCutoff)],
    tomHigh: [tom(random, 196)],
    tomLow: [tom(random, 110)],
    shaker: variants(2, () => shaker(random)),
  };
}

export function renderDrums(hits: readonly DrumHit[], kit: DrumKit, track: Float32Array, random: SeededRandom): void {
  for (const hit of hits) {
    const sounds = kit[hit.voice];
    mixInto(track, sounds.length === 1 ? sounds[0]! : random.pick(sounds), hit.time, hit.velocity);
  }
}

function buffer(seconds: number): Float32Array {
  return new Float32Array(Math.round(seconds * sampleRate));
}

function noise(random: SeededRandom): () => number {
  return () => random.next() * 2 - 1;
}

function kick(random: SeededRandom, options: KitOptions['kick']): Float32Array {
  const out = buffer(options.decay * 6);
  const white = noise(random);
  let phase = 0;
  const norm = Math.tanh(options.drive);
  for (let n = 0; n < out.length; n++) {
    const t = n / sampleRate;
    const frequency = options.endHz + (options.startHz - options.endHz) * Math.exp(-t / options.pitchDecay);
    phase += (2 * Math.PI * frequency) / sampleRate;
    const attack = Math.min(1, t / 0.0015);
    const body = Math.sin(phase) * Math.exp(-t / options.decay) * attack;
    const click = white() * Math.exp(-t / 0.0025) * options.click;
    out[n] = Math.tanh((body + click) * options.drive) / norm;
  }
  return out;
}

function snare(random: SeededRandom, toneHz: number, decay: number, level: number): Float32Array {
  const out = buffer(decay * 5);
  const white = noise(random);
  const band = new Biquad('bandpass', 3500, 0.6);
  const body = new Biquad('highpass', 900, 0.7);
  for (let n = 0; n < out.length; n++) {
    const t = n / sampleRate;
    const tone = (Math.sin(2 * Math.PI * toneHz * t) * 0.6 + Math.sin(2 * Math.PI * toneHz * 1.78 * t) * 0.3) * Math.exp(-t / 0.05);
    const rattle = white();
    const noiseOut = (band.process(rattle) * 1.3 + body.process(rattle) * 0.6) * Math.exp(-t / decay);
    out[n] = (tone * 0.8 + noiseOut * 0.9) * Math.min(1, t / 0.001) * level;
  }
  return out;
}

function clap(random: SeededRandom): Float32Array {
  const out = buffer(0.35);
  const white = noise(random);
  const band = new Biquad('bandpass', 1300, 1.2);
  for (let n = 0; n < out.length; n++) {
    const t = n / sampleRate;
    // Several hands a few milliseconds apart, then the room.
    const bursts = [0, 0.011, 0.021].reduce((sum, at) => sum + (t >= at ? Math.exp(-(t - at) / 0.006) : 0), 0);
    const tail = t >= 0.03 ? Math.exp(-(t - 0.03) / 0.09) * 0.7 : 0;
    out[n] = band.process(white()) * (bursts + tail) * 2.2;
  }
  return out;
}

function rim(random: SeededRandom): Float32Array {
  const out = buffer(0.08);
  const white = noise(random);
  const band = new Biquad('bandpass', 2200, 2);
  for (let n = 0; n < out.length; n++) {
    const t = n / sampleRate;
    out[n] = (Math.sin(2 * Math.PI * 820 * t) * 0.7 + band.process(white()) * 1.5) * Math.exp(-t / 0.012);
  }
  return out;
}

/** Hats: six detuned square waves (the 808's recipe) plus noise, highpassed. */
function metallic(random: SeededRandom, decay: number, cutoff: number, level: number): Float32Array {
  const out = buffer(decay * 5);
  const white = noise(random);
  const detune = 1 + random.range(-0.02, 0.02);
  const phases = metallicFrequencies.map(() => random.next());
  const steps = metallicFrequencies.map((frequency) => (frequency * 1.7 * detune) / sampleRate);
  for (let n = 0; n < out.length; n++) {
    let sum = 0;
    for (let k = 0; k < phases.length; k++) {
      phases[k] = (phases[k]! + steps[k]!) % 1;
      sum += phases[k]! < 0.5 ? 1 : -1;
    }
    const t = n / sampleRate;
    out[n] = (sum / 6 + white() * 0.8) * Math.exp(-t / decay) * Math.min(1, t / 0.0008);
  }
  const high = new Biquad('highpass', cutoff, 0.8);
  high.processInPlace(out);
  const high2 = new Biquad('highpass', cutoff * 0.8, 0.7);
  high2.processInPlace(out);
  for (let n = 0; n < out.length; n++) out[n]! *= level * 1.6;
  return out;
}

function ride(random: SeededRandom, cutoff: number): Float32Array {
  const out = metallic(random, 0.9, Math.max(3000, cutoff * 0.6), 0.55);
  // The bell: a few inharmonic partials.
  for (let n = 0; n < out.length; n++) {
    const t = n / sampleRate;
    out[n]! += (Math.sin(2 * Math.PI * 2960 * t) + Math.sin(2 * Math.PI * 4430 * t) * 0.6) * Math.exp(-t / 0.35) * 0.12;
  }
  return out;
}

function crash(random: SeededRandom, cutoff: number): Float32Array {
  const out = buffer(2.2);
  const white = noise(random);
  for (let n = 0; n < out.length; n++) {
    const t = n / sampleRate;
    out[n] = white() * Math.exp(-t / 0.55) * Math.min(1, t / 0.004);
  }
  highpassInPlace(out, Math.max(2500, cutoff * 0.45));
  const shimmer = metallic(random, 0.5, cutoff, 0.5);
  mixInto(out, shimmer, 0, 1);
  return out;
}

function tom(random: SeededRandom, frequency: number): Float32Array {
  const out = buffer(0.6);
  const white = noise(random);
  let phase = 0;
  for (let n = 0; n < out.length; n++) {
    const t = n / sampleRate;
    phase += (2 * Math.PI * frequency * (1 + 0.5 * Math.exp(-t / 0.02))) / sampleRate;
    out[n] = (Math.sin(phase) * Math.exp(-t / 0.18) + white() * Math.exp(-t / 0.01) * 0.25) * Math.min(1, t / 0.001);
  }
  return out;
}

function shaker(random: SeededRandom): Float32Array {
  const out = buffer(0.12);
  const white = noise(random);
  const band = new Biquad('bandpass', 6500, 1.2);
  for (let n = 0; n < out.length; n++) {
    const t = n / sampleRate;
    out[n] = band.process(white()) * Math.min(1, t / 0.012) * Math.exp(-t / 0.035) * 1.6;
  }
  return out;
}
