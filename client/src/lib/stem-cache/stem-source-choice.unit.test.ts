import { describe, expect, it } from 'vitest';
import { chooseStemSource } from './stem-source-choice';

const ok = (etag: string | null) => ({ kind: 'answered', status: 200, etag }) as const;

describe('chooseStemSource (decision 0033)', () => {
  it('plays the kept copy while the stream has the same ETag, and streams a changed or unkept stem', () => {
    expect(chooseStemSource(ok('"a"'), { etag: '"a"' })).toBe('kept');
    expect(chooseStemSource(ok('"b"'), { etag: '"a"' })).toBe('stream');
    expect(chooseStemSource(ok('"a"'), undefined)).toBe('stream');
    // No validator on either side: nothing proves the copy current.
    expect(chooseStemSource(ok(null), { etag: null })).toBe('stream');
  });

  it('at the credit limit, a kept stem needs no credits; an unkept one opens the credit-limit screen', () => {
    expect(chooseStemSource({ kind: 'answered', status: 403, etag: null }, { etag: '"a"' })).toBe('kept');
    expect(chooseStemSource({ kind: 'answered', status: 403, etag: null }, undefined)).toBe('creditLimit');
  });

  it('signed out or a stem gone: the stream answers (and fails) as without a copy', () => {
    expect(chooseStemSource({ kind: 'answered', status: 401, etag: null }, { etag: '"a"' })).toBe('stream');
    expect(chooseStemSource({ kind: 'answered', status: 404, etag: null }, { etag: '"a"' })).toBe('stream');
  });

  it('offline, a kept stem plays and an unkept one is unavailable', () => {
    expect(chooseStemSource({ kind: 'unreachable' }, { etag: '"a"' })).toBe('kept');
    expect(chooseStemSource({ kind: 'unreachable' }, undefined)).toBe('unavailable');
  });
});
