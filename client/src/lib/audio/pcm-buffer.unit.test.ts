import { afterEach, describe, expect, it } from 'vitest';
import { copiesToTransfer, isShared, sharedPcm } from './pcm-buffer';

/** The part of an AudioBuffer sharedPcm reads, from plain arrays. */
function decoded(channels: number[][], sampleRate = 4): AudioBuffer {
  const arrays = channels.map((samples) => Float32Array.from(samples));
  return {
    sampleRate,
    length: arrays[0]!.length,
    duration: arrays[0]!.length / sampleRate,
    numberOfChannels: arrays.length,
    getChannelData: (channel: number) => arrays[channel]!,
  } as unknown as AudioBuffer;
}

const isolated = (value: boolean) => Object.defineProperty(globalThis, 'crossOriginIsolated', { value, configurable: true });

describe('sharedPcm', () => {
  afterEach(() => {
    delete (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
  });

  it('copies each channel once into shared memory, padded with silence to the song length', () => {
    isolated(true);
    const pcm = sharedPcm(decoded([[0.5, -0.5, 0.25]]), 5);
    expect(pcm.numberOfChannels).toBe(1);
    expect(pcm.length).toBe(5);
    expect(pcm.duration).toBe(0.75); // the stem's own length, not the padded one
    expect(isShared(pcm.getChannelData(0))).toBe(true);
    expect([...pcm.getChannelData(0)]).toEqual([0.5, -0.5, 0.25, 0, 0]);
    expect(() => pcm.getChannelData(1)).toThrow(RangeError);
  });

  it('returns a stem already shared at the length asked as it is, and pads a shorter one with one more copy', () => {
    isolated(true);
    const own = sharedPcm(decoded([[0.5, -0.5, 0.25]]), 3);
    expect(sharedPcm(own, 3)).toBe(own);
    const padded = sharedPcm(own, 4);
    expect(padded).not.toBe(own);
    expect(isShared(padded.getChannelData(0))).toBe(true);
    expect([...padded.getChannelData(0)]).toEqual([0.5, -0.5, 0.25, 0]);
    expect(padded.duration).toBe(0.75);
  });

  it('keeps the AudioBuffer itself without cross-origin isolation (no SharedArrayBuffer for the page)', () => {
    isolated(false);
    const buffer = decoded([[1, 2], [3, 4]]);
    expect(sharedPcm(buffer, 2)).toBe(buffer);
  });
});

describe('copiesToTransfer', () => {
  it('lists each copy once and never shared memory', () => {
    const copy = new Float32Array(4);
    const shared = new Float32Array(new SharedArrayBuffer(16));
    expect(copiesToTransfer([copy, copy, shared, new Float32Array(2)])).toEqual([copy.buffer, expect.any(ArrayBuffer)]);
    expect(copiesToTransfer([shared])).toEqual([]);
  });
});
