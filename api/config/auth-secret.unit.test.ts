import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { authSecret, deriveAuthKey, generatedAuthSecretFile } from './auth-secret';
import { loadConfig } from './env';

describe('auth secret', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'woodshed-secret-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('uses AUTH_SECRET when set, writing nothing', () => {
    const dir = dataDir();
    const config = loadConfig({ AUTH_SECRET: 'x'.repeat(40), WOODSHED_DATA_DIR: dir });
    expect(authSecret(config).toString('utf8')).toBe('x'.repeat(40));
    expect(() => statSync(dir)).toThrow();
  });

  it('generates 32 random bytes once into <dataDir>/auth-secret (mode 0600) and reuses them', () => {
    const dir = dataDir();
    const first = authSecret(loadConfig({ WOODSHED_DATA_DIR: dir }));
    const file = path.join(dir, generatedAuthSecretFile);
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('base64url'));
    // A restart (a new config object) reads the same secret back.
    expect(authSecret(loadConfig({ WOODSHED_DATA_DIR: dir })).equals(first)).toBe(true);
  });

  it('derives a different key per purpose', () => {
    const config = loadConfig({ AUTH_SECRET: 'y'.repeat(40) });
    const keys = (['sign-in-code', 'sign-in-link', 'session', 'email-outbox'] as const).map((purpose) => deriveAuthKey(config, purpose).toString('hex'));
    expect(new Set(keys).size).toBe(4);
    expect(keys.every((key) => key.length === 64)).toBe(true);
    expect(deriveAuthKey(loadConfig({ AUTH_SECRET: 'y'.repeat(40) }), 'session').toString('hex')).toBe(keys[2]);
  });
});
