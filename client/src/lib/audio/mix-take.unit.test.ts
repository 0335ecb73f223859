import { describe, expect, it } from 'vitest';
import { type MixTake, addTakeInto } from './mix-take';

// Ten samples a second keeps the positions readable.
const RATE = 10;
const music = (length: number) => [new Float32Array(length), new Float32Array(length)];
const ramp = (length: number) => Float32Array.from({ length }, (_, index) => index + 1);
const take = (placement: Partial<MixTake['placement']>, samples = ramp(4), gain = 1): MixTake => ({
  samples,
  sampleRate: RATE,
  placement: { startSeconds: 0, tempo: 1, transpose: 0, duration: samples.length / RATE, ...placement },
  gain,
});
const straight = { sampleRate: RATE, tempo: 1, transpose: 0, from: 0, loop: null };

describe('addTakeInto', () => {
  it('adds the take at its placed offset, into both sides, at its gain', () => {
    const out = music(10);
    out[0]!.fill(0.5);
    addTakeInto(out, take({ startSeconds: 0.3 }, ramp(4), 0.5), straight);
    expect([...out[0]!]).toEqual([0.5, 0.5, 0.5, 1, 1.5, 2, 2.5, 0.5, 0.5, 0.5]);
    expect([...out[1]!]).toEqual([0, 0, 0, 0.5, 1, 1.5, 2, 0, 0, 0]);
  });

  it('keeps a take recorded before the music starts, or running past its end, to the part that overlaps', () => {
    const out = music(4);
    addTakeInto(out, take({ startSeconds: 0.2 }, ramp(5)), { ...straight, from: 4 });
    // Song sample 4 is the take's third sample.
    expect([...out[0]!]).toEqual([3, 4, 5, 0]);
  });

  it('at a slower tempo, lies where the song position it was recorded at is played', () => {
    const out = music(8);
    // Recorded at 0.5x from song second 0.2: that position is heard at music sample 4, and the take runs in real time.
    addTakeInto(out, take({ startSeconds: 0.2, tempo: 0.5 }), { ...straight, tempo: 0.5 });
    expect([...out[0]!]).toEqual([0, 0, 0, 0, 1, 2, 3, 4]);
  });

  it("hears its part of the loop again in each pass", () => {
    const out = music(8);
    // Loop over song samples 10..14, four samples long, rendered twice; the take starts at song sample 12.
    addTakeInto(out, take({ startSeconds: 1.2 }, ramp(6)), { ...straight, from: 10, loop: { start: 10, end: 14 } });
    expect([...out[0]!]).toEqual([0, 0, 1, 2, 0, 0, 1, 2]);
  });

  it('adds nothing when muted, and refuses another tempo, transpose or sample rate', () => {
    const out = music(6);
    addTakeInto(out, take({}, ramp(4), 0), straight);
    expect(out[0]!.every((sample) => sample === 0)).toBe(true);
    expect(() => addTakeInto(out, take({ tempo: 0.8 }), straight)).toThrow(RangeError);
    expect(() => addTakeInto(out, take({ transpose: 2 }), straight)).toThrow(RangeError);
    expect(() => addTakeInto(out, { ...take({}), sampleRate: 48_000 }, straight)).toThrow(RangeError);
    expect(() => addTakeInto(out, take({}, ramp(4), 1.5), straight)).toThrow(RangeError);
  });
});
