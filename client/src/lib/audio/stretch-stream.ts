/** The export's time-stretch (decision 0032): the WASM module fed a streamed input, block by block. */

export interface StretchModule {
  HEAP8: Int8Array;
  _inputLatency(): number;
  _outputLatency(): number;
  _setTransposeSemitones(semitones: number, tonalityLimit: number): void;
  _setFormantSemitones(semitones: number, compensate: boolean): void;
  _setFormantBase(baseFrequency: number): void;
  _seek(inputSamples: number, rate: number): void;
  _process(inputSamples: number, outputSamples: number): void;
}

/** Byte offsets of each channel's input and output array in the module's memory. */
export interface StretchBuffers {
  module: StretchModule;
  buffersIn: readonly number[];
  buffersOut: readonly number[];
  /** Samples each input array holds (input plus output latency). */
  bufferLength: number;
}

export interface SampleLoop {
  start: number;
  end: number;
}

/** The loop pass once fed up to stream position `fed`, less the input latency as in the worklet. */
export function loopPass(fed: number, inputLatency: number, loop: SampleLoop | null): number {
  if (!loop) return 0;
  return Math.max(0, Math.floor((fed - inputLatency - loop.start) / (loop.end - loop.start)));
}

/** The first output sample of pass `pass` + 1: blocks end there, so each jump is exact. */
export function nextPassAt(pass: number, from: number, rate: number, outputLatency: number, loop: SampleLoop): number {
  const passEnd = loop.end + pass * (loop.end - loop.start);
  return Math.max(0, Math.ceil((passEnd - from) / rate - outputLatency - 1e-9));
}

/** Rounded from the exact product each time, so the rate never drifts. */
export function fedUpTo(from: number, rate: number, outputSamples: number, latency: { input: number; output: number }): number {
  return from + Math.round(rate * (outputSamples + latency.output)) + latency.input;
}

export interface StreamSettings {
  rate: number;
  semitones: number;
  /** Input sample playback starts from. */
  from: number;
  loop: SampleLoop | null;
  length: number;
  /** Output samples per call of the module. */
  block: number;
}

/** The worklet's default tonality limit (8 kHz), as a fraction of the sample rate. */
const TONALITY_HZ = 8000;

/**
 * Seeks back at each loop pass, as the worklet does, so the stretch cross-fades the seam; starts
 * `bufferLength` samples early and drops them, so the first sample is the music at `from`.
 */
export function stretchChannels(
  buffers: StretchBuffers,
  channels: readonly Float32Array[],
  sampleRate: number,
  settings: StreamSettings,
  onBlock?: (done: number) => void,
): Float32Array[] {
  const { module, buffersIn, buffersOut, bufferLength } = buffers;
  const latency = { input: module._inputLatency(), output: module._outputLatency() };
  module._setTransposeSemitones(settings.semitones, TONALITY_HZ / sampleRate);
  module._setFormantSemitones(0, false);
  module._setFormantBase(0);
  const outputs = channels.map(() => new Float32Array(settings.length));
  const inputLength = channels[0]?.length ?? 0;
  const { rate, loop } = settings;
  const preRoll = bufferLength;
  const from = settings.from - Math.round(rate * preRoll);
  const loopLength = loop ? loop.end - loop.start : 0;
  let pass = 0;

  // Stream positions [start, end) into the module's inputs, from `pass` loop lengths back.
  const feed = (start: number, end: number) => {
    const memory = module.HEAP8.buffer;
    const offset = pass * loopLength;
    const first = Math.min(end, Math.max(start, offset));
    const last = Math.max(first, Math.min(end, inputLength + offset));
    channels.forEach((channel, index) => {
      const target = new Float32Array(memory, buffersIn[index], end - start);
      target.fill(0, 0, first - start);
      target.set(channel.subarray(first - offset, last - offset), first - start);
      target.fill(0, last - start);
    });
  };

  let fed = fedUpTo(from, rate, 0, latency);
  feed(fed - bufferLength, fed);
  module._seek(bufferLength, rate);

  const total = preRoll + settings.length;
  for (let done = 0; done < total; ) {
    const passNow = loopPass(fed, latency.input, loop);
    if (passNow !== pass) {
      pass = passNow;
      feed(fed - bufferLength, fed);
      module._seek(bufferLength, rate);
    }
    let count = Math.min(settings.block, total - done);
    if (loop) {
      const jump = nextPassAt(pass, from, rate, latency.output, loop);
      if (jump > done) count = Math.min(count, jump - done);
    }
    const next = fedUpTo(from, rate, done + count, latency);
    if (next - fed > bufferLength) throw new RangeError(`a block of ${count} samples at rate ${rate} needs more input than the stretcher holds`);
    feed(fed, next);
    module._process(next - fed, count);
    fed = next;
    const memory = module.HEAP8.buffer;
    const keepFrom = Math.max(0, preRoll - done);
    if (keepFrom < count) {
      outputs.forEach((output, index) => output.set(new Float32Array(memory, buffersOut[index] + keepFrom * 4, count - keepFrom), done + keepFrom - preRoll));
    }
    done += count;
    onBlock?.(Math.max(0, done - preRoll));
  }
  return outputs;
}
