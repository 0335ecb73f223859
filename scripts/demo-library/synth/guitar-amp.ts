/** An overdriven amp and its cabinet: soft clipping, then the speaker's roll-off. */
import { Biquad } from './filters';

/** drive 0..1 (0 leaves the track clean). */
export function applyAmp(track: Float32Array, drive: number): void {
  if (drive <= 0) return;
  const tighten = new Biquad('highpass', 110, 0.7);
  const cabinet = new Biquad('lowpass', 4200, 0.9);
  const cabinet2 = new Biquad('lowpass', 6500, 0.7);
  const presence = new Biquad('peak', 1800, 1, 3);
  const gain = 2 + drive * 28;
  const makeUp = 0.35 / Math.tanh(gain * 0.3);
  for (let n = 0; n < track.length; n++) {
    const clipped = Math.tanh(gain * tighten.process(track[n]!));
    track[n] = presence.process(cabinet2.process(cabinet.process(clipped))) * makeUp;
  }
}
