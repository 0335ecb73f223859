import { describe, expect, it } from 'vitest';
import { verificationErrorText } from './verification-error-text';

describe('verificationErrorText', () => {
  it("shows the server's error text", () => {
    const error = { status: 400, message: '400: {"error":{"code":"invalid_request","message":"This sign-in link has expired."}}' };
    expect(verificationErrorText(error)).toBe('This sign-in link has expired.');
  });

  it("falls back to 'Verification failed' when the answer carries no text", () => {
    expect(verificationErrorText({ status: 500, message: '500: Internal Server Error' })).toBe('Verification failed');
    expect(verificationErrorText({ status: 'PARSING_ERROR', message: '200: response is not valid JSON' })).toBe('Verification failed');
  });

  it('names a network failure separately', () => {
    expect(verificationErrorText({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBe('An error occurred during verification');
  });
});
