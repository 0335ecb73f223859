/** Reads 32-bit float WAV files (FluidSynth's renders) in chunks: a ten-minute render is 230 MB. */
import { type FileHandle, open } from 'node:fs/promises';

export interface FloatWav {
  handle: FileHandle;
  channels: number;
  sampleRate: number;
  /** Frames (one sample per channel). */
  frames: number;
  dataOffset: number;
}

export async function openFloatWav(path: string): Promise<FloatWav> {
  const handle = await open(path, 'r');
  const head = Buffer.alloc(4096);
  const { bytesRead } = await handle.read(head, 0, head.length, 0);
  if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') throw new Error(`${path} is not a WAV file`);
  let offset = 12;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  while (offset + 8 <= bytesRead) {
    const id = head.toString('ascii', offset, offset + 4);
    const size = head.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      channels = head.readUInt16LE(offset + 10);
      sampleRate = head.readUInt32LE(offset + 12);
      bits = head.readUInt16LE(offset + 22);
    } else if (id === 'data') {
      if (bits !== 32) throw new Error(`${path}: ${bits}-bit samples, expected 32-bit float`);
      const { size: fileSize } = await handle.stat();
      // A render cut short has less data than its header says.
      const bytes = Math.min(size, fileSize - offset - 8);
      return { handle, channels, sampleRate, frames: Math.floor(bytes / 4 / channels), dataOffset: offset + 8 };
    }
    offset += 8 + size + (size % 2);
  }
  await handle.close();
  throw new Error(`${path}: no data chunk in the first 4 KiB`);
}

/** Frames [start, start + count) as interleaved floats; zeros past the file's end. */
export async function readFrames(wav: FloatWav, start: number, count: number): Promise<Float32Array> {
  const samples = new Float32Array(count * wav.channels);
  const available = Math.max(0, Math.min(count, wav.frames - start));
  if (available === 0) return samples;
  // Read straight into the floats' memory (little-endian, as WAV and every machine this runs on).
  const bytes = new Uint8Array(samples.buffer, 0, available * wav.channels * 4);
  await wav.handle.read(bytes, 0, bytes.length, wav.dataOffset + start * wav.channels * 4);
  return samples;
}
