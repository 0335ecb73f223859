import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who an unsubscribe link is for, and which campaign's mail carried it. */
export interface UnsubscribeClaim {
  userId: number;
  campaignId: number;
}

const format = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

function signature(key: Buffer, claim: UnsubscribeClaim): Buffer {
  return createHmac('sha256', key).update(`campaign-unsubscribe:v1:${claim.userId}:${claim.campaignId}`, 'utf8').digest();
}

/**
 * The token of a campaign mail's unsubscribe link: `<userId>.<campaignId>.<HMAC-SHA256>` under the
 * `campaign-unsubscribe` key. It is the only credential of the one-click POST (no cookie, RFC
 * 8058), so it never expires: an old mail's link must still work.
 */
export function signUnsubscribeToken(key: Buffer, claim: UnsubscribeClaim): string {
  return `${claim.userId}.${claim.campaignId}.${signature(key, claim).toString('base64url')}`;
}

/** The claim of a token signed with `key`, or null for anything else (altered, truncated, another key). */
export function verifyUnsubscribeToken(key: Buffer, token: string): UnsubscribeClaim | null {
  const match = format.exec(token);
  if (!match) return null;
  const claim = { userId: Number(match[1]), campaignId: Number(match[2]) };
  if (!Number.isSafeInteger(claim.userId) || claim.userId < 1 || !Number.isSafeInteger(claim.campaignId) || claim.campaignId < 1) return null;
  const given = Buffer.from(match[3]!, 'base64url');
  const expected = signature(key, claim);
  return given.length === expected.length && timingSafeEqual(given, expected) ? claim : null;
}
