/** A peak limiter without look-ahead, so one spike does not set the whole mix's gain. */
import { sampleRate } from './track';

export function limitPeaks(track: Float32Array, ceiling: number, releaseSeconds = 0.06): void {
  if (ceiling <= 0) return;
  const release = Math.exp(-1 / (releaseSeconds * sampleRate));
  let envelope = 0;
  for (let n = 0; n < track.length; n++) {
    const level = Math.abs(track[n]!);
    envelope = level > envelope ? level : envelope * release + level * (1 - release);
    if (envelope > ceiling) track[n]! *= ceiling / envelope;
  }
}
