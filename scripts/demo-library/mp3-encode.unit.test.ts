import { describe, expect, it } from 'vitest';
import { encodeMp3 } from './mp3-encode';
import { scanMp3Frames } from './mp3-frames';
import { sampleRate } from './synth/track';

const tone = (seconds: number) => Float32Array.from({ length: Math.round(seconds * sampleRate) }, (_, index) => 0.5 * Math.sin((2 * Math.PI * 440 * index) / sampleRate));

describe('MP3 encoding', () => {
  it('writes 44.1 kHz constant-bitrate frames whose count gives the duration back', () => {
    const mono = scanMp3Frames(encodeMp3([tone(2)], 96));
    expect(mono).toMatchObject({ sampleRate: 44100, channels: 1, bitrates: [96] });
    // The encoder adds its delay and pads the last frame: a few frames more, never fewer.
    expect(mono.durationSeconds).toBeGreaterThanOrEqual(2);
    expect(mono.durationSeconds).toBeLessThan(2 + (4 * 1152) / sampleRate);
    const stereo = scanMp3Frames(encodeMp3([tone(1), tone(1)], 128));
    expect(stereo).toMatchObject({ sampleRate: 44100, channels: 2, bitrates: [128] });
  });

  it('clips samples beyond full scale instead of wrapping them', () => {
    expect(() => scanMp3Frames(encodeMp3([Float32Array.from({ length: 44100 }, () => 3)], 96))).not.toThrow();
    expect(() => encodeMp3([], 96)).toThrow(RangeError);
  });

  it('refuses bytes that are not MP3 frames', () => {
    expect(() => scanMp3Frames(new Uint8Array([1, 2, 3, 4, 5]))).toThrow(RangeError);
  });
});
