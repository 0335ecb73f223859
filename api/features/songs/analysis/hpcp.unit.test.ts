import { describe, expect, it } from 'vitest';
import { foldHpcp } from './chord-decoding';
import { HpcpAnalyser, hpcpSize } from './hpcp';
import { chord } from './testing/synthetic-audio';

describe('HPCP frames', () => {
  it('puts a 440 Hz tone on bin 0 (A) and a C major triad on C, E and G, frame after frame', () => {
    const rate = 22050;
    const tone = Float32Array.from({ length: rate }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / rate));
    const analyser = new HpcpAnalyser(4096, 2048, rate);
    const frames = analyser.frames(tone, 9);
    expect(frames).toHaveLength(9);
    for (const frame of frames.slice(1, -1)) {
      expect(frame).toHaveLength(hpcpSize);
      expect(frame.indexOf(Math.max(...frame))).toBe(0);
    }
    const triad = analyser.frames(chord([60, 64, 67], 1, rate), 5);
    const folded = new Float64Array(12);
    foldHpcp(triad[2]!, folded, 1);
    const strongest = Array.from(folded, (value, pitchClass) => ({ value, pitchClass }))
      .sort((a, b) => b.value - a.value)
      .slice(0, 3)
      .map((entry) => entry.pitchClass)
      .sort((a, b) => a - b);
    expect(strongest).toEqual([0, 4, 7]);
  });

  it('gives silence and an odd frame count zero and whole frames', () => {
    const analyser = new HpcpAnalyser(4096, 2048, 44100);
    const frames = analyser.frames(new Float32Array(10_000), 5);
    expect(frames).toHaveLength(5);
    expect(frames.every((frame) => frame.every((value) => value === 0))).toBe(true);
  });
});
