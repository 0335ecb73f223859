/** A small mono room (Freeverb's combs and allpasses), so stems do not sound bone dry. */
import { sampleRate } from './track';

const combTunings = [1116, 1188, 1277, 1356];
const allpassTunings = [556, 441];

/** Adds the room's reflections of the track to itself; wet is the reflections' level. */
export function addReverb(track: Float32Array, wet: number, roomSize = 0.8, damping = 0.3): void {
  if (wet <= 0) return;
  const scale = sampleRate / 44100;
  const [l0, l1, l2, l3] = combTunings.map((length) => Math.round(length * scale)) as [number, number, number, number];
  const [a0, a1] = allpassTunings.map((length) => Math.round(length * scale)) as [number, number];
  // Unrolled on purpose: this runs over every sample of four stems, and arrays of objects were a quarter of a song's time.
  const c0 = new Float32Array(l0), c1 = new Float32Array(l1), c2 = new Float32Array(l2), c3 = new Float32Array(l3);
  const p0 = new Float32Array(a0), p1 = new Float32Array(a1);
  let i0 = 0, i1 = 0, i2 = 0, i3 = 0, j0 = 0, j1 = 0;
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  const feedback = roomSize * 0.28 + 0.7;
  const keep = 1 - damping;
  const gain = (wet * 0.6) / 4;
  for (let n = 0; n < track.length; n++) {
    const input = track[n]! * 0.5;
    const o0 = c0[i0]!, o1 = c1[i1]!, o2 = c2[i2]!, o3 = c3[i3]!;
    s0 = o0 * keep + s0 * damping; c0[i0] = input + s0 * feedback; if (++i0 === l0) i0 = 0;
    s1 = o1 * keep + s1 * damping; c1[i1] = input + s1 * feedback; if (++i1 === l1) i1 = 0;
    s2 = o2 * keep + s2 * damping; c2[i2] = input + s2 * feedback; if (++i2 === l2) i2 = 0;
    s3 = o3 * keep + s3 * damping; c3[i3] = input + s3 * feedback; if (++i3 === l3) i3 = 0;
    let sum = o0 + o1 + o2 + o3;
    const b0 = p0[j0]!;
    p0[j0] = sum + b0 * 0.5; if (++j0 === a0) j0 = 0;
    sum = b0 - sum;
    const b1 = p1[j1]!;
    p1[j1] = sum + b1 * 0.5; if (++j1 === a1) j1 = 0;
    sum = b1 - sum;
    track[n]! += sum * gain;
  }
}

/** A feedback echo (a delay pedal): repeats at the given time, each quieter and darker. */
export function addEcho(track: Float32Array, delaySeconds: number, feedback: number, wet: number): void {
  const length = Math.max(1, Math.round(delaySeconds * sampleRate));
  const buffer = new Float32Array(length);
  let index = 0;
  let tone = 0;
  for (let n = 0; n < track.length; n++) {
    const delayed = buffer[index]!;
    tone += 0.35 * (delayed - tone);
    buffer[index] = track[n]! + tone * feedback;
    index = index + 1 === length ? 0 : index + 1;
    track[n]! += tone * wet;
  }
}
