/** Additive piano, FM electric piano, drawbar organ, saw pad; each pitch and length rendered once. */
import { midiToFrequency } from '../music-theory';
import type { Note } from '../parts/note';
import { sawSample } from './oscillators';
import { Biquad } from './filters';
import { mixInto, sampleRate } from './track';

export type KeysTimbre = 'piano' | 'ep' | 'organ' | 'pad' | 'strings';

export function renderKeys(notes: readonly Note[], timbre: KeysTimbre, track: Float32Array): void {
  const cache = new Map<string, Float32Array>();
  for (const note of notes) {
    // Quantised to 10 ms, repeated chords share their renders; velocity is only a gain.
    const duration = Math.max(0.05, Math.round((note.end - note.start) * 100) / 100);
    const velocity = Math.round(note.velocity * 8) / 8;
    const cacheKey = `${note.midi}/${duration}`;
    let sound = cache.get(cacheKey);
    if (!sound) {
      sound = renderNote(timbre, note.midi, duration);
      cache.set(cacheKey, sound);
    }
    mixInto(track, sound, note.start, velocity);
  }
}

function renderNote(timbre: KeysTimbre, midi: number, duration: number): Float32Array {
  switch (timbre) {
    case 'piano': return piano(midi, duration);
    case 'ep': return electricPiano(midi, duration);
    case 'organ': return organ(midi, duration);
    case 'pad': return pad(midi, duration, false);
    case 'strings': return pad(midi, duration, true);
  }
}

function piano(midi: number, duration: number): Float32Array {
  const frequency = midiToFrequency(midi);
  const release = 0.12;
  const ring = Math.max(0.8, 7 - (midi - 40) * 0.09);
  const length = Math.round(Math.min(duration + release, ring * 1.5) * sampleRate);
  const out = new Float32Array(length);
  const partials = frequency > 1500 ? 4 : 8;
  const inharmonicity = 0.0004;
  const held = Math.round(duration * sampleRate);
  for (let k = 1; k <= partials; k++) {
    const partial = frequency * k * Math.sqrt(1 + inharmonicity * k * k);
    if (partial > sampleRate * 0.45) break;
    const amplitude = 1 / k ** 1.3;
    const decay = ring / (1 + 0.7 * (k - 1));
    const w = (2 * Math.PI * partial) / sampleRate;
    // A decaying sine by recursion: two multiplies a sample instead of Math.sin.
    const r = Math.exp(-1 / (decay * sampleRate));
    const c = 2 * r * Math.cos(w);
    let y1 = 0;
    let y2 = -r * Math.sin(w) * amplitude;
    for (let n = 0; n < length; n++) {
      const y = c * y1 - r * r * y2;
      y2 = y1;
      y1 = y;
      out[n]! += y;
    }
  }
  const releaseSamples = Math.round(release * sampleRate);
  for (let n = 0; n < length; n++) {
    const attack = Math.min(1, n / 40);
    const damper = n < held ? 1 : Math.max(0, 1 - (n - held) / releaseSamples);
    out[n]! *= attack * damper * 0.5;
  }
  return out;
}

function electricPiano(midi: number, duration: number): Float32Array {
  const frequency = midiToFrequency(midi);
  const release = 0.15;
  const length = Math.round((duration + release) * sampleRate);
  const out = new Float32Array(length);
  const held = Math.round(duration * sampleRate);
  const w = (2 * Math.PI * frequency) / sampleRate;
  const decay = Math.max(0.6, 3.5 - (midi - 48) * 0.05);
  for (let n = 0; n < length; n++) {
    const time = n / sampleRate;
    const index = 0.4 + 2.2 * Math.exp(-time / 0.25);
    const bell = Math.sin(w * 7 * n) * 0.08 * Math.exp(-time / 0.05);
    const value = Math.sin(w * n + index * Math.sin(w * n)) + bell;
    const envelope = Math.min(1, n / 60) * Math.exp(-time / decay) * (n < held ? 1 : Math.max(0, 1 - (n - held) / (release * sampleRate)));
    out[n] = value * envelope * 0.4;
  }
  return out;
}

/** Drawbars 16', 8', 5 1/3', 4', 2 2/3', 2' with a slow tremolo, as a rotary speaker would. */
function organ(midi: number, duration: number): Float32Array {
  const frequency = midiToFrequency(midi);
  const length = Math.round((duration + 0.05) * sampleRate);
  const out = new Float32Array(length);
  const drawbars: [number, number][] = [[0.5, 0.5], [1, 1], [1.5, 0.6], [2, 0.5], [3, 0.25], [4, 0.2]];
  for (const [ratio, level] of drawbars) {
    const w = (2 * Math.PI * frequency * ratio) / sampleRate;
    if (frequency * ratio > sampleRate * 0.45) continue;
    const c = 2 * Math.cos(w);
    let y1 = 0;
    let y2 = -Math.sin(w) * level;
    for (let n = 0; n < length; n++) {
      const y = c * y1 - y2;
      y2 = y1;
      y1 = y;
      out[n]! += y;
    }
  }
  const held = Math.round(duration * sampleRate);
  for (let n = 0; n < length; n++) {
    const tremolo = 1 + 0.12 * Math.sin((2 * Math.PI * 6.2 * n) / sampleRate);
    const envelope = Math.min(1, n / 200) * (n < held ? 1 : Math.max(0, 1 - (n - held) / (0.05 * sampleRate)));
    out[n]! *= envelope * tremolo * 0.16;
  }
  return out;
}

function pad(midi: number, duration: number, strings: boolean): Float32Array {
  const frequency = midiToFrequency(midi);
  const attack = strings ? 0.25 : 0.6;
  const release = strings ? 0.4 : 0.9;
  const length = Math.round((duration + release) * sampleRate);
  const out = new Float32Array(length);
  const held = Math.round(duration * sampleRate);
  const detunes = [-0.08, 0, 0.07];
  const phases = [0, 0.33, 0.66];
  const filter = new Biquad('lowpass', strings ? 2600 : 1400, 0.8);
  const vibrato = strings ? 0.003 : 0;
  for (let n = 0; n < length; n++) {
    let sum = 0;
    const wobble = 1 + vibrato * Math.sin((2 * Math.PI * 5 * n) / sampleRate);
    for (let v = 0; v < 3; v++) {
      const step = (frequency * 2 ** (detunes[v]! / 12) * wobble) / sampleRate;
      phases[v] = (phases[v]! + step) % 1;
      sum += sawSample(phases[v]!, step);
    }
    const time = n / sampleRate;
    const envelope = Math.min(1, time / attack) * (n < held ? 1 : Math.max(0, 1 - (n - held) / (release * sampleRate)));
    out[n] = filter.process(sum) * envelope * 0.18;
  }
  return out;
}
