/** MP3 encoding with LAME in WebAssembly (wasm-media-encoders): constant bitrate, 44.1 kHz. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type WasmMediaEncoder, createEncoder } from 'wasm-media-encoders';
import { sampleRate } from './synth/track';

type Mp3Bitrate = 8 | 16 | 24 | 32 | 40 | 48 | 64 | 80 | 96 | 112 | 128 | 160 | 192 | 224 | 256 | 320;
const bitrates: readonly number[] = [8, 16, 24, 32, 40, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];

/** Samples handed to the encoder per call: a whole number of MP3 frames (1152 samples). */
const chunk = 1152 * 20;

let encoderPromise: Promise<WasmMediaEncoder<'audio/mpeg'>> | undefined;

/** One encoder per thread, compiled once; the package's exports map misspells `./wasm/mp3.wasm`. */
function mp3Encoder(): Promise<WasmMediaEncoder<'audio/mpeg'>> {
  encoderPromise ??= (async () => {
    const wasmPath = createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3');
    return createEncoder('audio/mpeg', readFileSync(wasmPath));
  })();
  return encoderPromise;
}

/** LAME takes floats in -1..1: samples beyond full scale are clipped, as a 16-bit converter would. */
function clipInto(target: Float32Array, source: Float32Array): Float32Array {
  const out = target.subarray(0, source.length);
  for (let index = 0; index < source.length; index++) {
    const value = source[index]!;
    out[index] = value > 1 ? 1 : value < -1 ? -1 : value;
  }
  return out;
}

/** One channel (mono) or two (left, right), at a constant bitrate in kbps. */
export async function encodeMp3(channels: readonly Float32Array[], kbps: number): Promise<Uint8Array> {
  if (channels.length !== 1 && channels.length !== 2) throw new RangeError(`MP3 takes 1 or 2 channels, not ${channels.length}`);
  if (!bitrates.includes(kbps)) throw new RangeError(`MP3 has no constant bitrate of ${kbps} kbps`);
  const encoder = await mp3Encoder();
  // Nothing below awaits: one file is encoded whole before another call can reconfigure the encoder.
  encoder.configure({ sampleRate, channels: channels.length, bitrate: kbps as Mp3Bitrate });
  const buffers = channels.map(() => new Float32Array(chunk));
  const parts: Uint8Array[] = [];
  // The encoder owns the bytes it returns and reuses them on its next call: copy each part.
  const keep = (part: Uint8Array) => parts.push(part.slice());
  const length = channels[0]!.length;
  for (let from = 0; from < length; from += chunk) {
    keep(encoder.encode(channels.map((channel, index) => clipInto(buffers[index]!, channel.subarray(from, from + chunk)))));
  }
  keep(encoder.finalize());
  const total = parts.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
