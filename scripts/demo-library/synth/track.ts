/** A mono track of float samples at the library's rate, and mixing rendered sounds into it. */

export const sampleRate = 44100;

export function samplesOf(seconds: number): number {
  return Math.round(seconds * sampleRate);
}

export function createTrack(seconds: number): Float32Array {
  return new Float32Array(samplesOf(seconds));
}

/** Adds a sound into the track at a time; the part falling past the end is dropped. */
export function mixInto(track: Float32Array, sound: Float32Array, startSeconds: number, gain: number): void {
  const offset = samplesOf(startSeconds);
  const from = Math.max(0, -offset);
  const to = Math.min(sound.length, track.length - offset);
  for (let index = from; index < to; index++) track[offset + index]! += sound[index]! * gain;
}

export function peakOf(samples: Float32Array): number {
  let peak = 0;
  for (let index = 0; index < samples.length; index++) {
    const value = Math.abs(samples[index]!);
    if (value > peak) peak = value;
  }
  return peak;
}

export function rmsOf(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let index = from; index < to; index++) sum += samples[index]! * samples[index]!;
  return Math.sqrt(sum / Math.max(1, to - from));
}
