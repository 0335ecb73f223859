import { createHmac, timingSafeEqual } from 'node:crypto';
import { newOpaqueToken } from './sign-in-secrets';

/** 128 bits of HMAC-SHA256, base64url: a forgery passes with odds of 2^-128. */
const tagLength = 22;
const opaqueLength = 43;
const signedToken = new RegExp(`^[A-Za-z0-9_-]{${opaqueLength + tagLength}}$`);

function tagOf(key: Buffer, opaque: string): string {
  return createHmac('sha256', key).update(opaque, 'utf8').digest().subarray(0, 16).toString('base64url');
}

/** 256 random bits plus their tag under the session-token key, so unissued cookies are refused without the database (decision 0053). */
export function newSessionToken(key: Buffer): string {
  const opaque = newOpaqueToken();
  return `${opaque}${tagOf(key, opaque)}`;
}

/** Whether `token` is one `newSessionToken` made with `key` (in memory: no lookup). */
export function isSignedSessionToken(key: Buffer, token: string): boolean {
  if (!signedToken.test(token)) return false;
  const expected = Buffer.from(tagOf(key, token.slice(0, opaqueLength)), 'utf8');
  const given = Buffer.from(token.slice(opaqueLength), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
