import { createReadStream } from 'node:fs';
import path from 'node:path';
import { HalfRate } from './half-rate';

/** The sample rate the analysis works at: essentia's rhythm and tonal extractors assume 44.1 kHz. */
export const analysisSampleRate = 44_100;
/** The rate of the harmony's signals: the chroma and the key read nothing above 5 kHz. */
export const harmonySampleRate = 22_050;
/** The rates a stem decodes to. */
export type AnalysisRate = typeof analysisSampleRate | typeof harmonySampleRate;

interface AudioData {
  channelData: Float32Array[];
  sampleRate: number;
}

interface ChunkDecoder {
  decode(chunk: Uint8Array): AudioData;
  flush?(): AudioData;
  free(): void;
}

/** One streaming decoder per stem format (docs/song-folder-format.md), loaded only when needed. */
async function openDecoder(file: string): Promise<ChunkDecoder> {
  switch (path.extname(file).toLowerCase()) {
    case '.mp3':
      return (await import('@audio/decode-mp3')).decoder();
    case '.ogg':
      return (await import('@audio/decode-vorbis')).decoder();
    case '.flac':
      return (await import('@audio/decode-flac')).decoder();
    case '.wav':
      return (await import('@audio/decode-wav')).decoder();
    case '.m4a':
      return (await import('@audio/decode-aac')).decoder();
    default:
      throw new Error(`Not a stem format: ${path.basename(file)}`);
  }
}

/**
 * Linear-interpolation resampler that keeps its phase across chunks. Good enough for analysis
 * (tempo and chroma), where the aliasing of linear interpolation is far below what matters.
 */
class Resampler {
  private previous = 0;
  /** Position of the next output sample, in input samples, relative to the start of the next chunk. */
  private position = 0;
  private started = false;

  constructor(private readonly ratio: number) {}

  push(input: Float32Array): Float32Array {
    if (this.ratio === 1) return input;
    if (!this.started && input.length > 0) {
      this.previous = input[0]!;
      this.started = true;
      this.position = 1;
    }
    // Outputs at positions position, position + ratio, ... below input.length: counted first, so
    // the output is one typed array (a chunk is 10^5 samples; a growing list of numbers is slow).
    // One spare for the rounding of the sum of ratios.
    const count = this.position < input.length ? Math.ceil((input.length - this.position) / this.ratio) + 1 : 0;
    const output = new Float32Array(count);
    // Sample at position p lies between input[p-1] (or `previous` when p < 1) and input[p].
    let written = 0;
    while (this.position < input.length) {
      const index = Math.floor(this.position);
      const fraction = this.position - index;
      const before = index === 0 ? this.previous : input[index - 1]!;
      const after = input[index]!;
      output[written++] = before + (after - before) * fraction;
      this.position += this.ratio;
    }
    this.position -= input.length;
    if (input.length > 0) this.previous = input[input.length - 1]!;
    return output.subarray(0, written);
  }
}

function downmix(data: AudioData): Float32Array {
  const channels = data.channelData;
  if (channels.length === 1) return channels[0]!;
  const length = channels[0]?.length ?? 0;
  const mono = new Float32Array(length);
  if (channels.length === 2) {
    // Most stems: one pass, the same sums as the general loop (halving is exact in floating point).
    const [left, right] = channels as [Float32Array, Float32Array];
    for (let i = 0; i < length; i++) mono[i] = (left[i]! + right[i]!) * 0.5;
    return mono;
  }
  const count = channels.length;
  for (const channel of channels) for (let i = 0; i < length; i++) mono[i]! += channel[i]! / count;
  return mono;
}

/**
 * Decode a stem file chunk by chunk into mono samples at {@link analysisSampleRate}, or at
 * {@link harmonySampleRate} when `sampleRate` says so: the file is read in 256 KiB pieces and
 * never held whole, so memory stays flat for an 8-minute stem.
 */
export async function* decodeMono(file: string, sampleRate: AnalysisRate = analysisSampleRate): AsyncGenerator<Float32Array> {
  const decoder = await openDecoder(file);
  let resampler: Resampler | undefined;
  const halfRate = sampleRate === harmonySampleRate ? new HalfRate() : undefined;
  const convert = (data: AudioData): Float32Array | undefined => {
    if (data.channelData.length === 0 || (data.channelData[0]?.length ?? 0) === 0) return undefined;
    resampler ??= new Resampler(data.sampleRate / analysisSampleRate);
    const resampled = resampler.push(downmix(data));
    const samples = halfRate ? halfRate.push(resampled) : resampled;
    return samples.length > 0 ? samples : undefined;
  };
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 })) {
      const samples = convert(decoder.decode(chunk as Buffer));
      if (samples) yield samples;
    }
    const rest = decoder.flush ? convert(decoder.flush()) : undefined;
    if (rest) yield rest;
    const held = halfRate?.flush();
    if (held && held.length > 0) yield held;
  } finally {
    decoder.free();
  }
}
