import { describe, expect, it } from 'vitest';
import { addToRings, emptyRings, windowSums } from './usage-rings';

const hour = (iso: string) => Date.parse(iso);

describe('usage rings', () => {
  it('adds to the same hour, replaces an older hour of the slot, and ignores one older than the slot holds', () => {
    const first = addToRings(emptyRings(), new Map([[hour('2025-10-16T08:00:00Z'), 10]]), new Map([[hour('2025-10-16T08:00:00Z'), 1]]));
    const same = addToRings(first, new Map([[hour('2025-10-16T08:00:00Z'), 5]]), new Map());
    const newer = addToRings(same, new Map([[hour('2025-10-17T08:00:00Z'), 7]]), new Map());
    const older = addToRings(newer, new Map([[hour('2025-10-15T08:00:00Z'), 100]]), new Map());
    const slot = (Date.parse('2025-10-16T08:00:00Z') / 3_600_000) % 24;
    expect([same.hourSlots[slot], same.hourBytes[slot]]).toEqual([Date.parse('2025-10-16T08:00:00Z') / 3_600_000, 15]);
    expect([older.hourSlots[slot], older.hourBytes[slot]]).toEqual([Date.parse('2025-10-17T08:00:00Z') / 3_600_000, 7]);
    // Days keep all three (eight day slots), the 15th included.
    expect(older.dayBytes.reduce((sum, bytes) => sum + bytes, 0)).toBe(15 + 7 + 100);
    expect(older.daySessions.reduce((sum, sessions) => sum + sessions, 0)).toBe(1);
  });

  it('gives the same rings whatever order the hours come in', () => {
    const hours = ['2025-10-01T00:00:00Z', '2025-10-09T00:00:00Z', '2025-10-16T05:00:00Z', '2025-10-15T05:00:00Z', '2025-10-16T06:00:00Z'].map(hour);
    const forward = hours.reduce((rings, at, index) => addToRings(rings, new Map([[at, index + 1]]), new Map([[at, 1]])), emptyRings());
    const backward = [...hours].reverse().reduce((rings, at) => addToRings(rings, new Map([[at, hours.indexOf(at) + 1]]), new Map([[at, 1]])), emptyRings());
    expect(backward).toEqual(forward);
  });
});

describe('window sums', () => {
  it('holds, for each reach back from the latest hour (day), the ring\'s figures in it', () => {
    const at = (iso: string) => Date.parse(iso);
    const rings = addToRings(
      emptyRings(),
      new Map([
        [at('2025-10-16T09:00:00Z'), 1],
        [at('2025-10-16T07:00:00Z'), 10],
        [at('2025-10-15T10:00:00Z'), 100],
        [at('2025-10-10T10:00:00Z'), 1_000],
      ]),
      new Map([[at('2025-10-15T10:00:00Z'), 1]]),
    );
    const sums = windowSums(rings);
    expect(sums.latestHour).toBe(at('2025-10-16T09:00:00Z') / 3_600_000);
    // m = 0: 09:00 only; m = 2: 07:00 too; m = 23: 10:00 the day before too.
    expect([sums.hourWindowBytes[0], sums.hourWindowBytes[1], sums.hourWindowBytes[2], sums.hourWindowBytes[22], sums.hourWindowBytes[23]]).toEqual([1, 1, 11, 11, 111]);
    expect(sums.latestDay).toBe(at('2025-10-16T00:00:00Z') / 86_400_000);
    expect(sums.dayWindowBytes).toEqual([11, 111, 111, 111, 111, 111, 1_111]);
    expect(sums.dayWindowSessions).toEqual([0, 1, 1, 1, 1, 1, 1]);
  });
});
