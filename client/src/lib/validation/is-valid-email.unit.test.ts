import { describe, expect, it } from 'vitest';
import { isValidEmail } from './is-valid-email';

describe('isValidEmail', () => {
  it.each(['ana@example.com', 'first.last+tag@sub.example.co.uk', '  padded@example.org  '])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', '   ', 'ana', 'ana@', '@example.com', 'ana@example', 'ana @example.com', 'ana@@example.com', 'a@b@c.com', 'a@b.c', 'josé@example.com', `${'a'.repeat(250)}@example.com`])(
    'refuses %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});
