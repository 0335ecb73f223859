/** MP3 encoding with lamejs (pure JavaScript, constant bitrate, 44.1 kHz). */
import { Mp3Encoder } from '@breezystack/lamejs';
import { sampleRate } from './synth/track';

/** Samples handed to the encoder per call: a whole number of MP3 frames (1152 samples). */
const chunk = 1152 * 20;

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index++) {
    const value = samples[index]!;
    out[index] = value >= 1 ? 32767 : value <= -1 ? -32768 : Math.round(value * 32767);
  }
  return out;
}

/** One channel (mono) or two (left, right), at a constant bitrate in kbps. */
export function encodeMp3(channels: readonly Float32Array[], kbps: number): Uint8Array {
  if (channels.length !== 1 && channels.length !== 2) throw new RangeError(`MP3 takes 1 or 2 channels, not ${channels.length}`);
  const encoder = new Mp3Encoder(channels.length, sampleRate, kbps);
  const pcm = channels.map(toInt16);
  const parts: Uint8Array[] = [];
  // lamejs hands back Int8Array (whatever its types say): keep the bytes as unsigned.
  const keep = (part: Int8Array | Uint8Array) => parts.push(new Uint8Array(part.buffer.slice(part.byteOffset, part.byteOffset + part.byteLength)));
  for (let from = 0; from < pcm[0]!.length; from += chunk) {
    const left = pcm[0]!.subarray(from, from + chunk);
    keep(pcm.length === 2 ? encoder.encodeBuffer(left, pcm[1]!.subarray(from, from + chunk)) : encoder.encodeBuffer(left));
  }
  keep(encoder.flush());
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
