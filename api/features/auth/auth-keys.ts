import { createHmac, timingSafeEqual } from 'node:crypto';
import { authSecret, deriveKeyFromSecret } from '../../config/auth-secret';
import type { Config } from '../../config/env';

/** The keys of sign-in, one per purpose, all derived from the auth secret. */
export interface AuthKeys {
  code: Buffer;
  link: Buffer;
  session: Buffer;
  /** Signs session tokens, so a forged cookie is refused without a lookup (session-token.ts). */
  sessionToken: Buffer;
  outbox: Buffer;
}

/**
 * Derive sign-in's keys, reading the auth secret once: where the app is composed
 * (compose-app-dependencies.ts), so requests use the app's keys (`deps.caches.authKeys`).
 */
export function deriveAuthKeys(config: Config): AuthKeys {
  const secret = authSecret(config);
  return {
    code: deriveKeyFromSecret(secret, 'sign-in-code'),
    link: deriveKeyFromSecret(secret, 'sign-in-link'),
    session: deriveKeyFromSecret(secret, 'session'),
    sessionToken: deriveKeyFromSecret(secret, 'session-token'),
    outbox: deriveKeyFromSecret(secret, 'email-outbox'),
  };
}

/**
 * HMAC-SHA256 of a secret under a server key: what the tables store instead of codes and tokens.
 * A stolen dump cannot even brute-force a 6-digit code from it without the key.
 */
export function keyedHash(key: Buffer, secret: string): Buffer {
  return createHmac('sha256', key).update(secret, 'utf8').digest();
}

/** Constant-time equality of two hashes. */
export function sameHash(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
