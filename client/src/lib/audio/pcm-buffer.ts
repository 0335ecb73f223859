import type { Seconds } from './units';

/**
 * A decoded stem as the engine keeps it: the part of AudioBuffer it reads (an AudioBuffer is one).
 * Mono stays one channel; the stretch graph feeds it to both sides.
 */
export interface PcmBuffer {
  readonly sampleRate: number;
  /** Samples per channel: may run past `duration` with a silent tail (see `sharedPcm`). */
  readonly length: number;
  /** The stem's own length in seconds. */
  readonly duration: Seconds;
  readonly numberOfChannels: number;
  getChannelData(channel: number): Float32Array;
}

/** Whether the channels live in shared memory, which a worklet or worker reads without a copy. */
export function isShared(samples: Float32Array): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && samples.buffer instanceof SharedArrayBuffer;
}

/**
 * The buffers to transfer when `channels` are posted to a worklet or worker: the copies' own, each
 * once (a mono stem's one array may stand for both sides). Shared memory is never transferred: it
 * goes over as it is, and the engine keeps using it.
 */
export function copiesToTransfer(channels: readonly Float32Array[]): ArrayBuffer[] {
  return [...new Set(channels.filter((channel) => !isShared(channel)).map((channel) => channel.buffer as ArrayBuffer))];
}

/**
 * The decoded stem in memory that the audio thread (the stretch worklet) and the export's workers
 * can share: each channel copied once into a SharedArrayBuffer, `length` samples long (the song's
 * longest stem, the tail silent, so every node of the graph gets equal lengths without another
 * copy), and the AudioBuffer let go. Without cross-origin isolation (no SharedArrayBuffer: a dev
 * server without the COEP header, or a browser that lacks it) the AudioBuffer itself is kept and
 * the graph copies what it hands over, as before (decision 0038: memory against the decoded PCM).
 *
 * Also takes a stem already shared (the engine shares each as soon as it is decoded, at its own
 * length, so the AudioBuffers do not pile up while the others decode): returned as it is when it
 * has `length` samples already, else copied once more, padded.
 */
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

// Its own function so the closure below holds only the shared channels: one made inside
// `sharedPcm` would share that function's scope, and with it the AudioBuffer it lets go of.
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

/**
 * The stem's two channels, `length` samples each, as the stem nodes take them: its own shared
 * arrays when it has them at that length (a mono stem's one array for both sides), else fresh
 * copies (mono doubled, the tail silent).
 */
export function stereoChannels(buffer: PcmBuffer, length: number): Float32Array[] {
  return [0, 1].map((channel) => {
    const source = buffer.getChannelData(Math.min(channel, buffer.numberOfChannels - 1));
    if (isShared(source) && source.length === length) return source;
    const samples = new Float32Array(length);
    samples.set(source.subarray(0, length));
    return samples;
  });
}
