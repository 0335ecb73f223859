import { describe, expect, it } from 'vitest';
import { decideSessionCheck } from './session-check';

const ada = { id: 4, email: 'ada@example.com' };

describe('decideSessionCheck', () => {
  it('confirms the user the API names, whoever was known before', () => {
    expect(decideSessionCheck({ data: ada }, null)).toEqual({ kind: 'confirmed', user: ada });
    expect(decideSessionCheck({ data: ada }, { id: 9, email: 'old@example.com' })).toEqual({ kind: 'confirmed', user: ada });
  });

  it('signs out on a 401 even with a known user, and on an answer without a user', () => {
    const unauthorized = { status: 401, message: '401: Unauthorized' } as const;
    expect(decideSessionCheck({ error: unauthorized }, ada)).toEqual({ kind: 'rejected', error: unauthorized });
    expect(decideSessionCheck({ data: null }, ada)).toEqual({ kind: 'rejected', error: null });
  });

  it('keeps the known user when the request got no answer at all', () => {
    expect(decideSessionCheck({ error: { status: 'FETCH_ERROR', message: 'Failed to fetch' } }, ada)).toEqual({ kind: 'offline', user: ada });
  });

  it('fails as before without a known user, and on any answer the server gave', () => {
    const offline = { status: 'FETCH_ERROR', message: 'Failed to fetch' } as const;
    expect(decideSessionCheck({ error: offline }, null)).toEqual({ kind: 'failed', error: offline });
    const broken = { status: 500, message: '500: Internal Server Error' } as const;
    expect(decideSessionCheck({ error: broken }, ada)).toEqual({ kind: 'failed', error: broken });
  });
});
