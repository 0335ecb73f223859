/** Band-limited oscillators (PolyBLEP), so synth basses and voices do not alias into hiss. */

function polyBlep(phase: number, step: number): number {
  if (phase < step) {
    const x = phase / step;
    return x + x - x * x - 1;
  }
  if (phase > 1 - step) {
    const x = (phase - 1) / step;
    return x * x + x + x + 1;
  }
  return 0;
}

/** A sawtooth in [-1, 1] at phase 0..1 advancing by step (frequency / sample rate) a sample. */
export function sawSample(phase: number, step: number): number {
  return 2 * phase - 1 - polyBlep(phase, step);
}

