import type { Seconds } from './units';

export interface PcmBuffer {
  readonly sampleRate: number;
  /** Samples per channel: may run past `duration` with a silent tail. */
  readonly length: number;
  readonly duration: Seconds;
  readonly numberOfChannels: number;
  getChannelData(channel: number): Float32Array;
}

/** Whether the channels live in shared memory, which a worklet or worker reads without a copy. */
export function isShared(samples: Float32Array): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && samples.buffer instanceof SharedArrayBuffer;
}

/** The buffers to transfer with `channels`: the copies', each once; shared memory goes as it is. */
export function copiesToTransfer(channels: readonly Float32Array[]): ArrayBuffer[] {
  return [...new Set(channels.filter((channel) => !isShared(channel)).map((channel) => channel.buffer as ArrayBuffer))];
}

/** Shared memory so workers read it without copies (decision 0038); unisolated, the AudioBuffer stays. */
export function sharedPcm(decoded: PcmBuffer, length: number): PcmBuffer {
  if (!globalThis.crossOriginIsolated || length < decoded.length) return decoded;
  if (length === decoded.length && decoded.numberOfChannels > 0 && isShared(decoded.getChannelData(0))) return decoded;
  const channels = Array.from({ length: decoded.numberOfChannels }, (_, channel) => {
    const samples = new Float32Array(new SharedArrayBuffer(length * Float32Array.BYTES_PER_ELEMENT));
    samples.set(decoded.getChannelData(channel));
    return samples;
  });
  return sharedChannels(channels, decoded.sampleRate, decoded.duration);
}

// Its own function, so the closure does not hold `sharedPcm`'s scope and the AudioBuffer.
function sharedChannels(channels: Float32Array[], sampleRate: number, duration: Seconds): PcmBuffer {
  return {
    sampleRate,
    length: channels[0]?.length ?? 0,
    duration,
    numberOfChannels: channels.length,
    getChannelData: (channel) => {
      const samples = channels[channel];
      if (!samples) throw new RangeError(`channel ${channel} of ${channels.length}`);
      return samples;
    },
  };
}

/** The stem's two channels of `length` samples: its shared arrays when it has them, else copies. */
export function stereoChannels(buffer: PcmBuffer, length: number): Float32Array[] {
  return [0, 1].map((channel) => {
    const source = buffer.getChannelData(Math.min(channel, buffer.numberOfChannels - 1));
    if (isShared(source) && source.length === length) return source;
    const samples = new Float32Array(length);
    samples.set(source.subarray(0, length));
    return samples;
  });
}
