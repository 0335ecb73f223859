import { describe, expect, it } from 'vitest';
import { parseRangeHeader } from './byte-range';

const size = 1000;
const range = (start: number, end: number) => ({ kind: 'range', range: { start, end } });
const malformed = { kind: 'unsatisfiable', reason: 'malformed' };
const outOfRange = { kind: 'unsatisfiable', reason: 'out_of_range' };

describe('parseRangeHeader', () => {
  it('serves the whole file without a Range header', () => {
    expect(parseRangeHeader(undefined, size)).toEqual({ kind: 'full' });
  });

  it.each([
    ['bytes=0-0', range(0, 0)],
    ['bytes=0-499', range(0, 499)],
    ['bytes=500-999', range(500, 999)],
    ['bytes=999-999', range(999, 999)],
    ['bytes=500-', range(500, 999)],
    ['bytes=0-', range(0, 999)],
    ['bytes=-1', range(999, 999)],
    ['bytes=-100', range(900, 999)],
    ['bytes=-1000', range(0, 999)],
    // A last position past the end is clamped; a suffix longer than the file is the whole file.
    ['bytes=900-5000', range(900, 999)],
    ['bytes=-5000', range(0, 999)],
    ['bytes=0-99999999999999999999999', range(0, 999)],
    ['bytes=-99999999999999999999999', range(0, 999)],
    // Unit case and whitespace around the list elements are allowed; empty list elements too.
    ['Bytes=1-2', range(1, 2)],
    ['bytes= 1-2 ', range(1, 2)],
    ['bytes=1-2,', range(1, 2)],
    ['bytes=, 1-2', range(1, 2)],
  ])('%s -> one range', (header, expected) => {
    expect(parseRangeHeader(header, size)).toEqual(expected);
  });

  it.each([
    ['bytes=1000-', outOfRange],
    ['bytes=1000-1000', outOfRange],
    ['bytes=5000-6000', outOfRange],
    ['bytes=99999999999999999999999-', outOfRange],
    ['bytes=-0', outOfRange],
  ])('%s -> 416, past the end', (header, expected) => {
    expect(parseRangeHeader(header, size)).toEqual(expected);
  });

  it.each([
    'bytes=',
    'bytes=-',
    'bytes=,',
    'bytes=5-1',
    'bytes=a-b',
    'bytes=1-2-3',
    'bytes=+1-2',
    'bytes=-1-',
    'bytes=0x10-20',
    'bytes=1.5-2',
    'bytes=1 - 2',
    'bytes 0-1',
    '=0-1',
    'bytes=0-1,zz',
  ])('%s -> 416, malformed', (header) => {
    expect(parseRangeHeader(header, size)).toEqual(malformed);
  });

  it('refuses several ranges with 416, even when each is satisfiable', () => {
    expect(parseRangeHeader('bytes=0-0,-1', size)).toEqual({ kind: 'unsatisfiable', reason: 'multiple_ranges' });
    expect(parseRangeHeader('bytes=0-1, 5-6, 9-9', size)).toEqual({ kind: 'unsatisfiable', reason: 'multiple_ranges' });
    expect(parseRangeHeader('bytes=0-1,5000-6000', size)).toEqual({ kind: 'unsatisfiable', reason: 'multiple_ranges' });
  });

  it('ignores a range unit other than bytes (RFC 9110 14.2) and serves the whole file', () => {
    expect(parseRangeHeader('items=0-1', size)).toEqual({ kind: 'full' });
    expect(parseRangeHeader('none=0-1', size)).toEqual({ kind: 'full' });
  });

  it('finds nothing satisfiable in an empty file', () => {
    expect(parseRangeHeader('bytes=0-0', 0)).toEqual(outOfRange);
    expect(parseRangeHeader('bytes=-1', 0)).toEqual(outOfRange);
    expect(parseRangeHeader('bytes=0-', 0)).toEqual(outOfRange);
    expect(parseRangeHeader(undefined, 0)).toEqual({ kind: 'full' });
  });
});
