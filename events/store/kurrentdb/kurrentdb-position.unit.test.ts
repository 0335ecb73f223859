import { ANY, NO_STREAM, START as KURRENT_START, STREAM_EXISTS } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import { START } from '../event-store';
import { decodeKurrentPosition, encodeKurrentPosition, toKurrentReadPosition } from './kurrentdb-position';
import { fromKurrentStreamState, toKurrentStreamState } from './kurrentdb-stream-state';

const MAX = 2n ** 64n - 1n;

describe('KurrentDB positions', () => {
  it('pads both coordinates to 20 digits', () => {
    expect(encodeKurrentPosition({ commit: 1056n, prepare: 1024n })).toBe('00000000000000001056/00000000000000001024');
    expect(encodeKurrentPosition({ commit: MAX, prepare: 0n })).toBe('18446744073709551615/00000000000000000000');
  });

  it('decodes what it encodes', () => {
    for (const position of [
      { commit: 0n, prepare: 0n },
      { commit: 9n, prepare: 7n },
      { commit: 123_456_789_012n, prepare: 123_456_789_000n },
      { commit: MAX, prepare: MAX },
    ]) {
      expect(decodeKurrentPosition(encodeKurrentPosition(position))).toEqual(position);
    }
  });

  it('orders by plain string comparison as KurrentDB orders them: commit, then prepare', () => {
    // Shuffled on purpose: 9 vs 10 and 99 vs 100 sort wrongly as unpadded strings.
    const positions = [
      { commit: 100n, prepare: 100n },
      { commit: 9n, prepare: 9n },
      { commit: MAX, prepare: 1n },
      { commit: 10n, prepare: 3n },
      { commit: 10n, prepare: 10n },
      { commit: 99n, prepare: 99n },
      { commit: 0n, prepare: 0n },
    ];
    const numeric = [...positions].sort((a, b) => (a.commit === b.commit ? cmp(a.prepare, b.prepare) : cmp(a.commit, b.commit)));
    const byString = [...positions].sort((a, b) => {
      const [x, y] = [encodeKurrentPosition(a), encodeKurrentPosition(b)];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    expect(byString).toEqual(numeric);
    expect(numeric.map((position) => [position.commit, position.prepare])).toEqual([
      [0n, 0n],
      [9n, 9n],
      [10n, 3n],
      [10n, 10n],
      [99n, 99n],
      [100n, 100n],
      [MAX, 1n],
    ]);
  });

  it('sorts START before every position', () => {
    expect(START < encodeKurrentPosition({ commit: 0n, prepare: 0n })).toBe(true);
  });

  it('refuses coordinates outside unsigned 64 bits', () => {
    expect(() => encodeKurrentPosition({ commit: -1n, prepare: 0n })).toThrow(RangeError);
    expect(() => encodeKurrentPosition({ commit: 0n, prepare: MAX + 1n })).toThrow(RangeError);
  });

  it('refuses strings it did not make', () => {
    for (const text of [START, '1056/1056', '00000000000000001056', '00000000000000001056-00000000000000001056', ' 00000000000000001056/00000000000000001056']) {
      expect(() => decodeKurrentPosition(text)).toThrow(RangeError);
    }
  });

  it('reads from KurrentDB start for START, from the decoded position otherwise', () => {
    expect(toKurrentReadPosition(START)).toBe(KURRENT_START);
    expect(toKurrentReadPosition('00000000000000000042/00000000000000000041')).toEqual({ commit: 42n, prepare: 41n });
  });
});

describe('KurrentDB stream states', () => {
  it('maps our expected versions to the stream states KurrentDB checks', () => {
    expect(toKurrentStreamState('any')).toBe(ANY);
    expect(toKurrentStreamState('no_stream')).toBe(NO_STREAM);
    expect(toKurrentStreamState('exists')).toBe(STREAM_EXISTS);
    expect(toKurrentStreamState(0n)).toBe(0n);
    expect(toKurrentStreamState(41n)).toBe(41n);
  });

  it('refuses a negative revision', () => {
    expect(() => toKurrentStreamState(-1n)).toThrow(RangeError);
  });

  it('reads the actual revision back, undefined when there is no stream', () => {
    expect(fromKurrentStreamState(7n)).toBe(7n);
    expect(fromKurrentStreamState(0n)).toBe(0n);
    expect(fromKurrentStreamState(NO_STREAM)).toBeUndefined();
    expect(fromKurrentStreamState(-1n)).toBeUndefined();
  });
});

function cmp(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
