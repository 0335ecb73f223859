import { describe, expect, it } from 'vitest';
import { parseSongId } from './parse-song-id';

describe('parseSongId', () => {
  it('reads positive integer ids', () => {
    expect(parseSongId('1')).toBe(1);
    expect(parseSongId('4711')).toBe(4711);
  });

  it('rejects missing, empty, zero, negative, fractional and non-numeric values', () => {
    for (const value of [null, '', '0', '-3', '1.5', '07', 'abc', '12abc', ' 12', '99999999999999999999']) {
      expect(parseSongId(value), String(value)).toBeNull();
    }
  });
});
