import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { requireUser } from './require-user';

describe('requireUser', () => {
  it('gives the session user', () => {
    const user = { id: 7, email: 'seven@example.com', isAdmin: false };
    expect(requireUser({ state: { user } })).toBe(user);
  });

  it('answers a visitor 401 unauthenticated', () => {
    const refusal = (() => {
      try {
        return requireUser({ state: {} });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ status: 401, code: 'unauthenticated', message: 'Please sign in.' });
  });
});
