import { describe, expect, it } from 'vitest';
import { findLastAtOrBefore } from './find-last-at-or-before';
import { parseTimeStamp } from './time-stamp';

describe('parseTimeStamp', () => {
  it('reads minutes, seconds and hundredths', () => {
    expect(parseTimeStamp('00:15.48')).toBeCloseTo(15.48, 10);
    expect(parseTimeStamp('01:02.05')).toBeCloseTo(62.05, 10);
    expect(parseTimeStamp('12:00.00')).toBe(720);
  });

  it('reads the variants LRC files use: no fraction, milliseconds, a colon, long songs', () => {
    expect(parseTimeStamp('02:03')).toBe(123);
    expect(parseTimeStamp('00:01.250')).toBeCloseTo(1.25, 10);
    expect(parseTimeStamp('00:01:50')).toBeCloseTo(1.5, 10);
    expect(parseTimeStamp('100:00.00')).toBe(6000);
  });

  it('refuses what is not a stamp', () => {
    for (const text of ['', '1:2', '00:60.00', '00:1x.00', 'ab:cd.ef', '-01:00.00', '00:00.', '00:00.1234', ' 00:01.00', 'ti:Title']) {
      expect(parseTimeStamp(text), text).toBeNull();
    }
  });
});

describe('findLastAtOrBefore', () => {
  const items = [{ time: 1 }, { time: 2 }, { time: 2 }, { time: 5 }];

  it('finds the last item started at or before the time', () => {
    expect(findLastAtOrBefore(items, 0.99)).toBe(-1);
    expect(findLastAtOrBefore(items, 1)).toBe(0);
    expect(findLastAtOrBefore(items, 1.5)).toBe(0);
    expect(findLastAtOrBefore(items, 2)).toBe(2);
    expect(findLastAtOrBefore(items, 4.99)).toBe(2);
    expect(findLastAtOrBefore(items, 100)).toBe(3);
    expect(findLastAtOrBefore([], 3)).toBe(-1);
  });

  it('agrees with a linear scan on many items', () => {
    const many = Array.from({ length: 1000 }, (_, index) => ({ time: index * 0.37 }));
    for (const time of [-1, 0, 0.36, 0.37, 100, 369.6, 1000]) {
      const linear = many.reduce((found, item, index) => (item.time <= time ? index : found), -1);
      expect(findLastAtOrBefore(many, time), String(time)).toBe(linear);
    }
  });
});
