import { describe, expect, it } from 'vitest';
import { completePresetData, presetDataSchema } from './presets';

describe('preset data', () => {
  const mix = { volumes: { 'drums.wav': 0.5 }, mutes: { 'drums.wav': false } };

  it('takes tempo 0.5..1.5 and whole-semitone transpose -6..+6, both optional (presets from before them stay valid)', () => {
    expect(presetDataSchema.parse(mix)).toEqual(mix);
    for (const [tempo, transpose] of [
      [0.5, -6],
      [1.5, 6],
      [0.7, 2],
    ]) {
      expect(presetDataSchema.parse({ ...mix, tempo, transpose })).toEqual({ ...mix, tempo, transpose });
    }
  });

  it('refuses a tempo or transpose out of range, a fractional transpose and a non-number', () => {
    for (const bad of [{ tempo: 2 }, { tempo: 0.49 }, { tempo: 1.51 }, { tempo: '1' }, { transpose: 7 }, { transpose: -7 }, { transpose: 1.5 }, { tempo: null }]) {
      expect(presetDataSchema.safeParse({ ...mix, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('fills in 1x and 0 semitones for what a preset leaves out, and keeps what it says', () => {
    expect(completePresetData(mix)).toEqual({ ...mix, tempo: 1, transpose: 0 });
    expect(completePresetData({ ...mix, tempo: 0.7 })).toEqual({ ...mix, tempo: 0.7, transpose: 0 });
    expect(completePresetData({ ...mix, tempo: 1.2, transpose: -3 })).toEqual({ ...mix, tempo: 1.2, transpose: -3 });
  });
});
