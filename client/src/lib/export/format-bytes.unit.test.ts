import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1.0 KB'],
    [9_949, '9.9 KB'],
    [9_950, '10 KB'],
    [1_234_567, '1.2 MB'],
    [48_600_000, '49 MB'],
    [999_960, '1.0 MB'],
    [1.5 * 1024 ** 3, '1.6 GB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('refuses what is not a byte count', () => {
    expect(() => formatBytes(-1)).toThrow(RangeError);
    expect(() => formatBytes(Number.NaN)).toThrow(RangeError);
  });
});
