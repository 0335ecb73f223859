import { describe, expect, it } from 'vitest';
import { sessionCookieName } from './session-cookie';
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
