import { describe, expect, it } from 'vitest';
import { encodeMp3 } from './mp3-encode';
import { scanMp3Frames } from './mp3-frames';
import { sampleRate } from './synth/track';

const tone = (seconds: number, hz = 440) => Float32Array.from({ length: Math.round(seconds * sampleRate) }, (_, index) => 0.5 * Math.sin((2 * Math.PI * hz * index) / sampleRate));

describe('MP3 encoding', () => {
  it('writes 44.1 kHz constant-bitrate frames whose count gives the duration back', async () => {
    const mono = scanMp3Frames(await encodeMp3([tone(2)], 96));
    expect(mono).toMatchObject({ sampleRate: 44100, channels: 1, bitrates: [96] });
    // The encoder adds its delay and pads the last frame: a few frames more, never fewer.
    expect(mono.durationSeconds).toBeGreaterThanOrEqual(2);
    expect(mono.durationSeconds).toBeLessThan(2 + (4 * 1152) / sampleRate);
    const stereo = scanMp3Frames(await encodeMp3([tone(1), tone(1)], 128));
    expect(stereo).toMatchObject({ sampleRate: 44100, channels: 2, bitrates: [128] });
  });

  it('gives the same bytes for the same samples, whatever was encoded before on the shared encoder', async () => {
    const first = await encodeMp3([tone(3)], 96);
    await encodeMp3([tone(2, 97), tone(2, 131)], 128);
    const [again, other] = await Promise.all([encodeMp3([tone(3)], 96), encodeMp3([tone(3, 220)], 96)]);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false);
  });

  it('clips samples beyond full scale instead of wrapping them', async () => {
    const full = await encodeMp3([Float32Array.from({ length: sampleRate }, (_, index) => (index % 100 < 50 ? 1 : -1))], 96);
    const over = await encodeMp3([Float32Array.from({ length: sampleRate }, (_, index) => (index % 100 < 50 ? 3 : -3))], 96);
    expect(Buffer.from(over).equals(Buffer.from(full))).toBe(true);
    await expect(encodeMp3([], 96)).rejects.toThrow(RangeError);
    await expect(encodeMp3([tone(1)], 100)).rejects.toThrow(RangeError);
  });

  it('encodes a minute of a mono stem in well under a second of CPU (lamejs took over three)', async () => {
    const minute = tone(60);
    for (let index = 0; index < minute.length; index++) minute[index]! += 0.1 * Math.sin(index * index * 1e-7);
    await encodeMp3([minute.subarray(0, sampleRate)], 96);
    const before = process.cpuUsage();
    await encodeMp3([minute], 96);
    const used = process.cpuUsage(before);
    expect((used.user + used.system) / 1e6).toBeLessThan(1.5);
  });

  it('refuses bytes that are not MP3 frames', () => {
    expect(() => scanMp3Frames(new Uint8Array([1, 2, 3, 4, 5]))).toThrow(RangeError);
  });
});
