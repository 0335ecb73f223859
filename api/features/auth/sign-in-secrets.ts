import { randomBytes, randomInt } from 'node:crypto';

/** A 6-digit code from the CSPRNG, leading zeros kept ("004217"). */
export function newSignInCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** 256 random bits, base64url (43 characters): sign-in links and session cookies. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether a string can be a token `newOpaqueToken` made (cheap rejection before any lookup). */
export function looksLikeOpaqueToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
