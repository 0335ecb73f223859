import { describe, expect, it } from 'vitest';
import { isAdminUser } from './is-admin-user';

describe('isAdminUser', () => {
  it('is true for user id 1, as the spec shows', () => {
    expect(isAdminUser({ id: 1 })).toBe(true);
    expect(isAdminUser({ id: 1, isAdmin: false })).toBe(true);
  });

  it('is true for users the server marks as admin', () => {
    expect(isAdminUser({ id: 42, isAdmin: true })).toBe(true);
  });

  it('is false for everybody else and for no user', () => {
    expect(isAdminUser({ id: 2 })).toBe(false);
    expect(isAdminUser({ id: 2, isAdmin: false })).toBe(false);
    expect(isAdminUser(null)).toBe(false);
    expect(isAdminUser(undefined)).toBe(false);
  });
});
