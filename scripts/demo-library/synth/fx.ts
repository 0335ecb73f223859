/** Transition effects: a filtered-noise riser, a low impact, a falling sweep, a reversed-cymbal swell. */
import type { FxEvent } from '../parts/fx-part';
import type { SeededRandom } from '../seeded-random';
import { Biquad } from './filters';
import { sampleRate } from './track';

export function renderFx(events: readonly FxEvent[], track: Float32Array, random: SeededRandom): void {
  for (const event of events) {
    const start = Math.max(0, Math.round(event.start * sampleRate));
    const end = Math.min(track.length, Math.round(event.end * sampleRate));
    if (end <= start) continue;
    const region = track.subarray(start, end);
    if (event.kind === 'riser') riser(region, random);
    else if (event.kind === 'impact') impact(region, random);
    else if (event.kind === 'downsweep') sweep(region, random, 6000, 0.04, (progress) => (1 - progress) * 1.2, 2.5);
    else sweep(region, random, 2500, 3, (progress) => progress ** 3 * 1.1, 0.9);
  }
}

/** The filter moves every 32 samples: smooth to the ear, and a cosine a sample would cost more than the rest. */
const controlRate = 32;

function riser(out: Float32Array, random: SeededRandom): void {
  const band = new Biquad('bandpass', 300, 3);
  let phase = 0;
  for (let n = 0; n < out.length; n++) {
    const progress = n / out.length;
    if (n % controlRate === 0) band.set('bandpass', 300 * 20 ** progress, 3);
    phase += (220 * 4 ** progress) / sampleRate;
    if (phase > 1) phase -= 1;
    out[n]! += (band.process(random.next() * 2 - 1) * 1.4 + Math.sin(2 * Math.PI * phase) * 0.12) * progress * progress;
  }
}

function impact(out: Float32Array, random: SeededRandom): void {
  const band = new Biquad('bandpass', 2000, 0.8);
  const boomFall = Math.exp(-1 / (0.5 * sampleRate));
  const noiseFall = Math.exp(-1 / (0.15 * sampleRate));
  const pitchFall = Math.exp(-1 / (0.08 * sampleRate));
  let boom = 1, noise = 1, pitch = 1, phase = 0;
  const length = Math.min(out.length, Math.round(3 * sampleRate));
  for (let n = 0; n < length; n++) {
    phase += (34 + 40 * pitch) / sampleRate;
    if (phase > 1) phase -= 1;
    if (n % controlRate === 0) band.set('bandpass', 1800 * Math.exp(-n / sampleRate / 0.4) + 200, 0.8);
    const attack = Math.min(1, n / 88);
    out[n]! += (Math.sin(2 * Math.PI * phase) * boom * 0.9 + band.process(random.next() * 2 - 1) * noise * 0.8) * attack;
    boom *= boomFall;
    noise *= noiseFall;
    pitch *= pitchFall;
  }
}

/** Noise through a band that glides from `from` Hz by a factor of `ratio`, under a level curve. */
function sweep(out: Float32Array, random: SeededRandom, from: number, ratio: number, level: (progress: number) => number, q: number): void {
  const band = new Biquad('bandpass', from, q);
  let gain = 0;
  for (let n = 0; n < out.length; n++) {
    if (n % controlRate === 0) {
      const progress = n / out.length;
      band.set('bandpass', from * ratio ** progress, q);
      gain = level(progress);
    }
    out[n]! += band.process(random.next() * 2 - 1) * gain;
  }
}
