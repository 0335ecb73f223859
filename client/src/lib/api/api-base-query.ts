import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ApiError, ApiRequest } from './api-request';
import { readResponse } from './read-response';
import { toRequestInit } from './to-request-init';

/**
 * The one way the client talks to the API. It never retries: a failed call is reported once, as the
 * spec asks, and callers decide what to do.
 */
export const apiBaseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError> = async (args, { signal }) => {
  const request = typeof args === 'string' ? { url: args } : args;
  let response: Response;
  try {
    response = await fetch(request.url, { ...toRequestInit(request), signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return { error: { status: 'FETCH_ERROR', message: error instanceof Error ? error.message : String(error) } };
  }
  return readResponse(response);
};
