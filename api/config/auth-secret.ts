import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './env';

/** The file the generated secret lives in when AUTH_SECRET is unset (development, tests). */
export const generatedAuthSecretFile = 'auth-secret';

/**
 * What a key derived from the auth secret is for. One key per purpose, so a hash made for one
 * purpose can never be replayed as another (a code's hash as a session's, say).
 */
export type AuthKeyPurpose = 'sign-in-code' | 'sign-in-link' | 'session' | 'session-token' | 'email-outbox' | 'campaign-unsubscribe';

/** AUTH_SECRET, else 32 random bytes kept in `<dataDir>/auth-secret` (0600). Read on every call: derive keys once at composition. */
export function authSecret(config: Config): Buffer {
  return config.authSecret !== undefined ? Buffer.from(config.authSecret, 'utf8') : generatedSecret(config.dataDir);
}

/** A 256-bit key for one purpose, derived from the auth secret with HKDF-SHA256. */
export function deriveAuthKey(config: Config, purpose: AuthKeyPurpose): Buffer {
  return deriveKeyFromSecret(authSecret(config), purpose);
}

/** As `deriveAuthKey`, from a secret already read (several keys, one read). */
export function deriveKeyFromSecret(secret: Buffer, purpose: AuthKeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'woodshed', `woodshed:${purpose}`, 32));
}

function generatedSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, generatedAuthSecretFile);
  const existing = readSecretFile(file);
  if (existing !== undefined) return existing;
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: when two processes start at once, exactly one writes and the other reads its secret.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const written = readSecretFile(file);
  if (written === undefined) throw new Error(`${file} is empty; delete it to generate a new auth secret`);
  return written;
}

function readSecretFile(file: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (text === '') return undefined;
  return Buffer.from(text, 'base64url');
}
