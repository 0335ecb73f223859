/** The few filters the instruments need: RBJ biquads and one-pole smoothing. */
import { sampleRate } from './track';

export type BiquadKind = 'lowpass' | 'highpass' | 'bandpass' | 'peak';

/** A biquad (Robert Bristow-Johnson's cookbook); bandpass has 0 dB gain at its centre. */
export class Biquad {
  private b0 = 1; private b1 = 0; private b2 = 0; private a1 = 0; private a2 = 0;
  private x1 = 0; private x2 = 0; private y1 = 0; private y2 = 0;

  constructor(kind: BiquadKind, frequency: number, q = Math.SQRT1_2, gainDb = 0) {
    this.set(kind, frequency, q, gainDb);
  }

  set(kind: BiquadKind, frequency: number, q = Math.SQRT1_2, gainDb = 0): void {
    const w = (2 * Math.PI * Math.min(frequency, sampleRate * 0.45)) / sampleRate;
    const cos = Math.cos(w);
    const alpha = Math.sin(w) / (2 * q);
    let b0: number, b1: number, b2: number, a0: number, a1: number, a2: number;
    if (kind === 'lowpass') {
      b0 = (1 - cos) / 2; b1 = 1 - cos; b2 = b0; a0 = 1 + alpha; a1 = -2 * cos; a2 = 1 - alpha;
    } else if (kind === 'highpass') {
      b0 = (1 + cos) / 2; b1 = -(1 + cos); b2 = b0; a0 = 1 + alpha; a1 = -2 * cos; a2 = 1 - alpha;
    } else if (kind === 'bandpass') {
      b0 = alpha; b1 = 0; b2 = -alpha; a0 = 1 + alpha; a1 = -2 * cos; a2 = 1 - alpha;
    } else {
      const amplitude = 10 ** (gainDb / 40);
      b0 = 1 + alpha * amplitude; b1 = -2 * cos; b2 = 1 - alpha * amplitude; a0 = 1 + alpha / amplitude; a1 = -2 * cos; a2 = 1 - alpha / amplitude;
    }
    this.b0 = b0 / a0; this.b1 = b1 / a0; this.b2 = b2 / a0; this.a1 = a1 / a0; this.a2 = a2 / a0;
  }

  process(x: number): number {
    const y = this.b0 * x + this.b1 * this.x1 + this.b2 * this.x2 - this.a1 * this.y1 - this.a2 * this.y2;
    this.x2 = this.x1; this.x1 = x; this.y2 = this.y1; this.y1 = y;
    return y;
  }

  processInPlace(samples: Float32Array, from = 0, to = samples.length): void {
    for (let index = from; index < to; index++) samples[index] = this.process(samples[index]!);
  }
}

/** The coefficient of a one-pole lowpass with this cutoff: y += k * (x - y). */
export function onePoleCoefficient(frequency: number): number {
  return 1 - Math.exp((-2 * Math.PI * frequency) / sampleRate);
}

export function lowpassInPlace(samples: Float32Array, frequency: number): void {
  const k = onePoleCoefficient(frequency);
  let y = 0;
  for (let index = 0; index < samples.length; index++) samples[index] = y += k * (samples[index]! - y);
}

export function highpassInPlace(samples: Float32Array, frequency: number): void {
  const k = onePoleCoefficient(frequency);
  let low = 0;
  for (let index = 0; index < samples.length; index++) {
    low += k * (samples[index]! - low);
    samples[index] = samples[index]! - low;
  }
}
