import type { ApiRequest } from './api-request';

/**
 * The fetch options for one call: cookies always go along (the session lives in one), and the JSON
 * content type is set only when there is a body to describe.
 */
export function toRequestInit(request: ApiRequest): RequestInit {
  const init: RequestInit = { method: request.method ?? 'GET', credentials: 'include' };
  if (request.body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(request.body);
  }
  return init;
}
