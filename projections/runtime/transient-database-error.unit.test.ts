import { describe, expect, it } from 'vitest';
import { isTransientDatabaseError } from './transient-database-error';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isTransientDatabaseError', () => {
  it('calls deadlocks, serialization failures, timeouts, lock waits, shutdowns and lost connections transient', () => {
    for (const code of ['40001', '40P01', '57014', '55P03', '57P01', '57P02', '57P03', '08006', '08003', '53300', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']) {
      expect(isTransientDatabaseError(withCode(code)), code).toBe(true);
    }
    expect(isTransientDatabaseError(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('blames the statement for any other SQLSTATE, and never calls a non-error transient', () => {
    for (const code of ['23505', '22012', '42P01', '42703', 'P0001', '23514']) {
      expect(isTransientDatabaseError(withCode(code, 'Connection terminated in the message text')), code).toBe(false);
    }
    expect(isTransientDatabaseError(new Error('cannot write user 2'))).toBe(false);
    expect(isTransientDatabaseError('40001')).toBe(false);
    expect(isTransientDatabaseError(undefined)).toBe(false);
  });
});
