import { describe, expect, it } from 'vitest';
import { sessionCookieName } from './session-cookie';
import { isSignedSessionToken, newSessionToken } from './session-token';
import { looksLikeOpaqueToken, newOpaqueToken, newSignInCode } from './sign-in-secrets';

describe('session cookie and sign-in secrets', () => {
  it('names the cookie __Host- only over https', () => {
    expect(sessionCookieName('https://woodshed.example')).toBe('__Host-woodshed_session');
    expect(sessionCookieName('http://localhost:3000')).toBe('woodshed_session');
  });

  it('makes 6-digit codes and 256-bit tokens', () => {
    const codes = Array.from({ length: 2_000 }, newSignInCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1_990);
    const token = newOpaqueToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(looksLikeOpaqueToken(token)).toBe(true);
    expect(looksLikeOpaqueToken(`${token}=`)).toBe(false);
  });
});

describe('session tokens', () => {
  const key = Buffer.alloc(32, 7);
  const otherKey = Buffer.alloc(32, 8);

  it('are 256 random bits and a tag under the key; only the key that signed a token accepts it', () => {
    const token = newSessionToken(key);
    expect(token).toMatch(/^[A-Za-z0-9_-]{65}$/);
    expect(Buffer.from(token.slice(0, 43), 'base64url')).toHaveLength(32);
    expect(isSignedSessionToken(key, token)).toBe(true);
    expect(isSignedSessionToken(otherKey, token)).toBe(false);
    expect(newSessionToken(key)).not.toBe(token);
  });

  it('refuses a changed tag, a changed random part, another length and an unsigned token of the old shape', () => {
    const token = newSessionToken(key);
    const flip = (at: number) => `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    for (const forged of [flip(0), flip(50), flip(64), `${token}A`, token.slice(0, 64), token.slice(0, 43), newOpaqueToken(), '']) {
      expect(isSignedSessionToken(key, forged)).toBe(false);
    }
  });
});
