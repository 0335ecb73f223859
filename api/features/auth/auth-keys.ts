import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveAuthKey } from '../../config/auth-secret';
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

const derived = new WeakMap<Config, AuthKeys>();

export function authKeys(config: Config): AuthKeys {
  let keys = derived.get(config);
  if (keys === undefined) {
    keys = {
      code: deriveAuthKey(config, 'sign-in-code'),
      link: deriveAuthKey(config, 'sign-in-link'),
      session: deriveAuthKey(config, 'session'),
      sessionToken: deriveAuthKey(config, 'session-token'),
      outbox: deriveAuthKey(config, 'email-outbox'),
    };
    derived.set(config, keys);
  }
  return keys;
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
