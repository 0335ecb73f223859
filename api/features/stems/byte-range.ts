/** Inclusive byte positions of one range of a file, as `Content-Range` writes them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * What a `Range` header asks of a file of `size` bytes (RFC 9110 section 14): `full` (none, or not
 * bytes), one clamped `range`, or `unsatisfiable` (416: malformed, past the end, or several ranges;
 * decision 0010).
 */
export type RangeRequest =
  | { kind: 'full' }
  | { kind: 'range'; range: ByteRange }
  | { kind: 'unsatisfiable'; reason: 'malformed' | 'multiple_ranges' | 'out_of_range' };

const rangeSpec = /^(\d*)-(\d*)$/;

/** Parse a `Range` header for a file of `size` bytes; never throws. */
export function parseRangeHeader(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: 'full' };
  const equals = header.indexOf('=');
  if (equals === -1) return { kind: 'unsatisfiable', reason: 'malformed' };
  const unit = header.slice(0, equals).trim().toLowerCase();
  if (unit !== 'bytes') {
    // A token unit we do not know is ignored (RFC 9110 14.2); garbage before '=' is malformed.
    return /^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(unit) ? { kind: 'full' } : { kind: 'unsatisfiable', reason: 'malformed' };
  }
  // A list: empty elements are allowed around commas (RFC 9110 5.6.1), whitespace around each.
  const specs = header
    .slice(equals + 1)
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  if (specs.length === 0) return { kind: 'unsatisfiable', reason: 'malformed' };
  const ranges: RangeRequest[] = specs.map((spec) => parseRangeSpec(spec, size));
  const malformed = ranges.find((range) => range.kind === 'unsatisfiable' && range.reason === 'malformed');
  if (malformed) return malformed;
  if (ranges.length > 1) return { kind: 'unsatisfiable', reason: 'multiple_ranges' };
  return ranges[0]!;
}

function parseRangeSpec(spec: string, size: number): RangeRequest {
  const match = rangeSpec.exec(spec);
  if (!match) return { kind: 'unsatisfiable', reason: 'malformed' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'unsatisfiable', reason: 'malformed' };
  if (first === '') {
    // bytes=-n: the last n bytes; a suffix longer than the file is the whole file.
    const suffix = toPosition(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable', reason: 'out_of_range' };
    return { kind: 'range', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = toPosition(first);
  if (last !== '' && toPosition(last) < start) return { kind: 'unsatisfiable', reason: 'malformed' };
  if (start >= size) return { kind: 'unsatisfiable', reason: 'out_of_range' };
  const end = last === '' ? size - 1 : Math.min(toPosition(last), size - 1);
  return { kind: 'range', range: { start, end } };
}

/** Digits as a position; beyond any file size (and past 2^53) they read as Infinity, never wrapped. */
function toPosition(digits: string): number {
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : Number.POSITIVE_INFINITY;
}
