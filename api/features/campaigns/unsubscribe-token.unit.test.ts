import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

describe('unsubscribe token', () => {
  const key = randomBytes(32);

  it('round-trips its claim', () => {
    const token = signUnsubscribeToken(key, { userId: 42, campaignId: 7 });
    expect(token).toMatch(/^42\.7\.[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken(key, token)).toEqual({ userId: 42, campaignId: 7 });
  });

  it('refuses another user, another key, altered or malformed tokens', () => {
    const token = signUnsubscribeToken(key, { userId: 42, campaignId: 7 });
    const signature = token.split('.')[2]!;
    expect(verifyUnsubscribeToken(key, `43.7.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `42.8.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(randomBytes(32), token)).toBeNull();
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(verifyUnsubscribeToken(key, `42.7.${flipped}`)).toBeNull();
    for (const bad of ['', '42.7', '42.7.', `0.7.${signature}`, `42.7.${signature}x`, `-1.7.${signature}`, `42.7.${signature.slice(1)}`]) {
      expect(verifyUnsubscribeToken(key, bad), bad).toBeNull();
    }
  });
});
