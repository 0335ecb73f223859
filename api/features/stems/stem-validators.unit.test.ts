import { describe, expect, it } from 'vitest';
import { isNotModified, rangeStillApplies, stemValidators } from './stem-validators';

const mtimeNs = 1_760_000_000_123_456_789n;
const validators = stemValidators({ size: 4096n, mtimeNs });
const lastModifiedHttp = validators.lastModified.toUTCString();
const later = new Date(validators.lastModified.getTime() + 60_000);

describe('stemValidators', () => {
  it('is a strong tag of size and nanosecond mtime, changing when either changes', () => {
    expect(validators.etag).toBe(`"1000-${mtimeNs.toString(16)}"`);
    expect(stemValidators({ size: 4097n, mtimeNs }).etag).not.toBe(validators.etag);
    expect(stemValidators({ size: 4096n, mtimeNs: mtimeNs + 1n }).etag).not.toBe(validators.etag);
    expect(validators.lastModified.toISOString()).toBe('2025-10-09T08:53:20.123Z');
  });
});

describe('isNotModified', () => {
  it('matches If-None-Match weakly, in a list, or *', () => {
    expect(isNotModified({ ifNoneMatch: validators.etag }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: `W/${validators.etag}` }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: `"other", ${validators.etag}` }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '*' }, validators)).toBe(true);
    expect(isNotModified({ ifNoneMatch: '"other"' }, validators)).toBe(false);
    expect(isNotModified({ ifNoneMatch: validators.etag.slice(1, -1) }, validators)).toBe(false);
  });

  it('uses If-Modified-Since only without If-None-Match', () => {
    expect(isNotModified({ ifModifiedSince: lastModifiedHttp }, validators)).toBe(true);
    expect(isNotModified({ ifModifiedSince: later.toUTCString() }, validators)).toBe(true);
    expect(isNotModified({ ifModifiedSince: new Date(validators.lastModified.getTime() - 1000).toUTCString() }, validators)).toBe(false);
    expect(isNotModified({ ifModifiedSince: 'yesterday' }, validators)).toBe(false);
    expect(isNotModified({ ifNoneMatch: '"other"', ifModifiedSince: lastModifiedHttp }, validators)).toBe(false);
  });
});

describe('rangeStillApplies', () => {
  it('keeps the range without If-Range', () => {
    expect(rangeStillApplies(undefined, validators, later)).toBe(true);
  });

  it('compares an entity tag strongly', () => {
    expect(rangeStillApplies(validators.etag, validators, later)).toBe(true);
    expect(rangeStillApplies(`W/${validators.etag}`, validators, later)).toBe(false);
    expect(rangeStillApplies('"stale"', validators, later)).toBe(false);
  });

  it('accepts a date equal to a Last-Modified at least a second old', () => {
    expect(rangeStillApplies(lastModifiedHttp, validators, later)).toBe(true);
    expect(rangeStillApplies(later.toUTCString(), validators, later)).toBe(false);
    // Modified within the last second: Last-Modified is weak, so a date never matches.
    expect(rangeStillApplies(lastModifiedHttp, validators, validators.lastModified)).toBe(false);
    expect(rangeStillApplies('not a date', validators, later)).toBe(false);
  });
});
