import { describe, expect, it } from 'vitest';
import { CODE_LIFETIME_MS, CODE_LIMIT_TEXT, codeFailure, EXPIRED_CODE_TEXT, WRONG_CODE_TEXT } from './code-failure';

/** A failed call as the API layer rejects it: '{status}: {body text}'. */
function answer(status: number, message: string) {
  return { status, message: `${status}: ${JSON.stringify({ error: { code: status === 429 ? 'rate_limited' : 'invalid_request', message } })}` };
}

const sentAt = Date.parse('2026-11-24T03:00:00Z');
const refused = answer(400, 'Invalid or expired code');

describe('codeFailure', () => {
  it('lives 15 minutes, as spec 001 section 9 says', () => {
    expect(CODE_LIFETIME_MS).toBe(900_000);
  });

  it('calls a code refused within its 15 minutes wrong', () => {
    expect(codeFailure(refused, sentAt, sentAt + 5_000)).toEqual({ kind: 'wrong', text: WRONG_CODE_TEXT });
    expect(codeFailure(refused, sentAt, sentAt + CODE_LIFETIME_MS - 1)).toEqual({ kind: 'wrong', text: WRONG_CODE_TEXT });
  });

  it('calls a code refused 15 minutes or more after it was sent expired', () => {
    expect(codeFailure(refused, sentAt, sentAt + CODE_LIFETIME_MS)).toEqual({ kind: 'expired', text: EXPIRED_CODE_TEXT });
    expect(codeFailure(refused, sentAt, sentAt + 3 * 3_600_000)).toEqual({ kind: 'expired', text: EXPIRED_CODE_TEXT });
    expect(EXPIRED_CODE_TEXT).not.toBe(WRONG_CODE_TEXT);
  });

  it("shows the server's words when this tab did not send the code", () => {
    expect(codeFailure(refused, null, sentAt)).toEqual({ kind: 'wrong', text: 'Invalid or expired code' });
  });

  it("turns a 429 into the limit, with the server's message or a fallback", () => {
    const usedUp = answer(429, 'Too many wrong codes. Please request a new code.');
    expect(codeFailure(usedUp, sentAt, sentAt + 1_000)).toEqual({ kind: 'limit', text: 'Too many wrong codes. Please request a new code.' });
    expect(codeFailure({ status: 429, message: '429: Too Many Requests' }, sentAt, sentAt)).toEqual({ kind: 'limit', text: CODE_LIMIT_TEXT });
  });

  it('leaves failures that are not about the code to the toast', () => {
    expect(codeFailure({ status: 'FETCH_ERROR', message: 'Failed to fetch' }, sentAt, sentAt)).toBeNull();
    expect(codeFailure(answer(500, 'Something went wrong'), sentAt, sentAt)).toBeNull();
    expect(codeFailure(undefined, sentAt, sentAt)).toBeNull();
  });
});
