import type { ApiError } from './api-request';

/** What an RTK Query base query returns: data, or an error. */
export type ApiResult = { data: unknown; error?: undefined } | { error: ApiError; data?: undefined };

/**
 * Turns a fetch response into a query result. A non-ok answer becomes '{status}: {body text}', or
 * '{status}: {status text}' when the body is empty. An empty ok body is `null`; JSON bodies are
 * parsed, anything else is returned as text.
 */
export async function readResponse(response: Response): Promise<ApiResult> {
  const text = await response.text();
  if (!response.ok) {
    return { error: { status: response.status, message: `${response.status}: ${text || response.statusText}` } };
  }
  if (text === '') return { data: null };
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return { data: text };
  try {
    return { data: JSON.parse(text) as unknown };
  } catch {
    return { error: { status: 'PARSING_ERROR', message: `${response.status}: response is not valid JSON` } };
  }
}
