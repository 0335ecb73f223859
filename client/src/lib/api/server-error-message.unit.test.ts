import { describe, expect, it } from 'vitest';
import type { ApiError } from './api-request';
import { readResponse } from './read-response';
import { isNetworkError, serverErrorMessage } from './server-error-message';

const fallback = 'Failed to send magic link. Please try again.';
const json = { 'Content-Type': 'application/json' };

async function failedCall(body: string, status: number, statusText = ''): Promise<ApiError> {
  const result = await readResponse(new Response(body, { status, statusText, headers: json }));
  if (!result.error) throw new Error('expected an error result');
  return result.error;
}

describe('serverErrorMessage', () => {
  it("takes error.message from the API's { error: { code, message } } body", async () => {
    const error = await failedCall('{"error":{"code":"rate_limited","message":"Too many codes requested. Try again in an hour."}}', 429);
    expect(serverErrorMessage(error, fallback)).toBe('Too many codes requested. Try again in an hour.');
  });

  it('accepts a bare string error or a top-level message', async () => {
    expect(serverErrorMessage(await failedCall('{"error":"Invalid or expired token"}', 400), fallback)).toBe('Invalid or expired token');
    expect(serverErrorMessage(await failedCall('{"message":"Already subscribed"}', 409), fallback)).toBe('Already subscribed');
  });

  it('falls back when the body has no usable message', async () => {
    expect(serverErrorMessage(await failedCall('', 500, 'Internal Server Error'), fallback)).toBe(fallback);
    expect(serverErrorMessage(await failedCall('<html>Bad gateway</html>', 502), fallback)).toBe(fallback);
    expect(serverErrorMessage(await failedCall('{"error":{"code":"x","message":"   "}}', 400), fallback)).toBe(fallback);
    expect(serverErrorMessage(await failedCall('{"error":{"code":"x"}}', 400), fallback)).toBe(fallback);
    expect(serverErrorMessage(await failedCall('[1,2]', 400), fallback)).toBe(fallback);
    expect(serverErrorMessage(await failedCall('"just a string"', 400), fallback)).toBe(fallback);
  });

  it('never shows network or parsing failures, or anything that is not an API error', () => {
    expect(serverErrorMessage({ status: 'FETCH_ERROR', message: 'Failed to fetch' }, fallback)).toBe(fallback);
    expect(serverErrorMessage({ status: 'PARSING_ERROR', message: '200: response is not valid JSON' }, fallback)).toBe(fallback);
    expect(serverErrorMessage(new Error('boom'), fallback)).toBe(fallback);
    expect(serverErrorMessage(undefined, fallback)).toBe(fallback);
    expect(serverErrorMessage('400: {"error":"x"}', fallback)).toBe(fallback);
  });
});

describe('isNetworkError', () => {
  it('is true only for calls that got no answer', async () => {
    expect(isNetworkError({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBe(true);
    expect(isNetworkError(await failedCall('{}', 400))).toBe(false);
    expect(isNetworkError(null)).toBe(false);
  });
});
