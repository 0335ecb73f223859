/**
 * A peak limiter without look-ahead: the gain drops at once when a sample exceeds the ceiling and
 * recovers over the release. Plucked strings and echoes spike far above their loudness; left alone,
 * one spike would set the whole mix's gain and leave the song quiet.
 */
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
