import { describe, expect, it } from 'vitest';
import { sessionGate } from './session-gate';

describe('sessionGate', () => {
  it('waits while the first current-user call is in flight', () => {
    expect(sessionGate({ hasUser: false, isError: false, isPending: true })).toBe('loading');
  });

  it('shows the content once a user is known, also during a refetch', () => {
    expect(sessionGate({ hasUser: true, isError: false, isPending: false })).toBe('content');
    expect(sessionGate({ hasUser: true, isError: false, isPending: true })).toBe('content');
  });

  it('redirects on any error, a 401 included, even with an older user cached', () => {
    expect(sessionGate({ hasUser: false, isError: true, isPending: false })).toBe('redirect');
    expect(sessionGate({ hasUser: true, isError: true, isPending: false })).toBe('redirect');
  });

  it('redirects when the call succeeded without a user', () => {
    expect(sessionGate({ hasUser: false, isError: false, isPending: false })).toBe('redirect');
  });
});
