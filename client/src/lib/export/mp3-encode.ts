import { createMp3Encoder } from 'wasm-media-encoders';
import { withInfoFrame } from './mp3-info-frame';

export type Mp3Bitrate = 128 | 192 | 256 | 320;

/** LAME's MP3 frame: samples handed to the encoder per call are a whole number of frames. */
const FRAME = 1152;
const CHUNK = FRAME * 32;

/** The LAME binary is the package's data: URL (allowed by the CSP), so no .wasm file to serve. */
export async function encodeMp3(
  channels: readonly Float32Array[],
  sampleRate: number,
  options: { bitrate: Mp3Bitrate },
  onProgress?: (fraction: number) => void,
): Promise<Uint8Array> {
  if (channels.length !== 1 && channels.length !== 2) throw new RangeError(`an MP3 holds 1 or 2 channels, not ${channels.length}`);
  const frames = channels[0]!.length;
  if (channels.some((channel) => channel.length !== frames)) throw new RangeError('every channel must have the same length');
  const encoder = await createMp3Encoder();
  encoder.configure({ channels: channels.length, sampleRate, bitrate: options.bitrate });
  const parts: Uint8Array[] = [];
  const clipped = channels.map(() => new Float32Array(CHUNK));
  for (let start = 0; start < frames; start += CHUNK) {
    const end = Math.min(frames, start + CHUNK);
    const slices = channels.map((channel, index) => {
      const out = clipped[index]!.subarray(0, end - start);
      for (let frame = start; frame < end; frame++) {
        const value = channel[frame]!;
        out[frame - start] = value > 1 ? 1 : value < -1 ? -1 : value;
      }
      return out;
    });
    // encode() answers a view into the encoder's memory, reused by the next call: copy it.
    parts.push(encoder.encode(slices).slice());
    onProgress?.(end / frames);
  }
  parts.push(encoder.finalize().slice());
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return withInfoFrame(out, { samples: frames, sampleRate });
}
