import { describe, expect, it } from 'vitest';
import { assertTempo, assertTranspose, renderedDuration } from './render-mix';

describe('render arithmetic', () => {
  it('lasts the song over the tempo, or the loop passes over the tempo', () => {
    expect(renderedDuration(180, { tempo: 0.75, loop: null })).toBe(240);
    expect(renderedDuration(180, { tempo: 0.5, loop: { start: 10, end: 12, passes: 5 } })).toBe(20);
  });

  it('refuses a tempo or transpose outside the controls', () => {
    expect(() => assertTempo(0.49)).toThrow(RangeError);
    expect(() => assertTempo(Number.NaN)).toThrow(RangeError);
    expect(assertTempo(1.5)).toBe(1.5);
    expect(() => assertTranspose(7)).toThrow(RangeError);
    expect(() => assertTranspose(1.5)).toThrow(RangeError);
    expect(assertTranspose(-6)).toBe(-6);
  });
});
