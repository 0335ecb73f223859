import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ApiError, ApiRequest } from './api-request';
import { readResponse } from './read-response';
import { toRequestInit } from './to-request-init';

/**
 * The one way the client talks to the API. It never retries: a failed call is reported once, as the
 * spec asks, and callers decide what to do.
 *
 * It never throws either: RTK Query logs whatever a base query throws as an unhandled error, and a
 * call aborted on purpose (a log-out resets every running query) is not one. Its answer is not
 * seen: the aborted call has already settled as aborted.
 */
export const apiBaseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError> = async (args, { signal }) => {
  const request = typeof args === 'string' ? { url: args } : args;
  try {
    return await readResponse(await fetch(request.url, { ...toRequestInit(request), signal }));
  } catch (error) {
    if (signal.aborted) return { error: { status: 'FETCH_ERROR', message: 'The request was cancelled.' } };
    return { error: { status: 'FETCH_ERROR', message: error instanceof Error ? error.message : String(error) } };
  }
};
