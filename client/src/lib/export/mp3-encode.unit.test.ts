import decodeMp3 from '@audio/decode-mp3';
import { describe, expect, it } from 'vitest';
import { encodeMp3 } from './mp3-encode';

/** The channel mode bits of the first MPEG audio frame: 0 stereo, 1 joint stereo, 2 dual, 3 mono. */
function firstFrameMode(bytes: Uint8Array): number {
  for (let index = 0; index + 3 < bytes.length; index++) {
    if (bytes[index] === 0xff && (bytes[index + 1]! & 0xe0) === 0xe0) return bytes[index + 3]! >> 6;
  }
  throw new Error('no MPEG audio frame');
}

function tone(frames: number, frequency: number, sampleRate: number): Float32Array {
  return Float32Array.from({ length: frames }, (_, frame) => 0.5 * Math.sin((2 * Math.PI * frequency * frame) / sampleRate));
}

describe('encodeMp3', () => {
  it.each([
    [2, 44_100, 192],
    [1, 48_000, 128],
  ] as const)('%d channel(s) at %d Hz decode back to the same channels, rate and duration', async (channels, sampleRate, bitrate) => {
    const seconds = 2.5;
    const frames = seconds * sampleRate;
    const input = Array.from({ length: channels }, (_, channel) => tone(frames, 330 + 110 * channel, sampleRate));
    const fractions: number[] = [];
    const bytes = await encodeMp3(input, sampleRate, { bitrate }, (fraction) => fractions.push(fraction));
    expect(fractions.at(-1)).toBe(1);
    // A constant bitrate gives the size: bits per second times the length, within a few frames.
    expect(bytes.length).toBeGreaterThan(((bitrate * 1000) / 8) * seconds * 0.95);
    expect(bytes.length).toBeLessThan(((bitrate * 1000) / 8) * (seconds + 0.2));
    const decoded = await decodeMp3(bytes);
    expect(decoded.sampleRate).toBe(sampleRate);
    // The frame header says how many channels were encoded (mode 3 is mono); the decoder answers
    // mono as two identical channels.
    expect(firstFrameMode(bytes) === 3 ? 1 : 2).toBe(channels);
    expect(decoded.channelData).toHaveLength(2);
    if (channels === 1) {
      const [left, right] = decoded.channelData as [Float32Array, Float32Array];
      expect(left.every((value, index) => value === right[index])).toBe(true);
    }
    // LAME adds its encoder delay and pads the last frame: at most a few frames of 1152 samples.
    const decodedSeconds = decoded.channelData[0]!.length / decoded.sampleRate;
    expect(decodedSeconds).toBeGreaterThanOrEqual(seconds - 0.01);
    expect(decodedSeconds).toBeLessThan(seconds + 0.1);
    // And it is the tone, not silence: the decoded level is the input's (0.5 peak sine: RMS 0.354).
    const middle = decoded.channelData[0]!.subarray(sampleRate, 2 * sampleRate);
    const rms = Math.sqrt(middle.reduce((sum, value) => sum + value * value, 0) / middle.length);
    expect(rms).toBeGreaterThan(0.3);
    expect(rms).toBeLessThan(0.4);
  }, 30_000);

  it('declares its encoder delay and padding: decoded, a noise burst starts on its own sample and the file is as long as the input', async () => {
    const sampleRate = 44_100;
    const frames = 3 * sampleRate + 123;
    const burstAt = 10_000;
    const seed = 20_240_517;
    let state = seed;
    const input = new Float32Array(frames);
    for (let frame = burstAt; frame < burstAt + 8192; frame++) {
      state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
      input[frame] = 0.5 * (state / 0x7fffffff - 0.5);
    }
    const decoded = (await decodeMp3(await encodeMp3([input], sampleRate, { bitrate: 320 }))).channelData[0]!;
    // The shift with the least squared difference over the burst: 0 when the decoder skipped the delay.
    let best = { shift: 0, error: Infinity };
    for (let shift = -2000; shift <= 2000; shift++) {
      let error = 0;
      for (let frame = burstAt; frame < burstAt + 8192; frame++) error += ((decoded[frame + shift] ?? 0) - input[frame]!) ** 2;
      if (error < best.error) best = { shift, error };
    }
    expect({ shift: best.shift, length: decoded.length }, `noise seed ${seed}`).toEqual({ shift: 0, length: frames });
  }, 30_000);

  it('refuses more than two channels (MP3 has no more)', async () => {
    await expect(encodeMp3([new Float32Array(10), new Float32Array(10), new Float32Array(10)], 44_100, { bitrate: 192 })).rejects.toThrow(RangeError);
  });
});
