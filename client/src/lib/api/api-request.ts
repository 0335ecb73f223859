/** One call to the API as endpoints describe it: a path, a method (GET by default) and maybe a body. */
export interface ApiRequest {
  url: string;
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. Leave undefined for calls without a body: they then carry no content type. */
  body?: unknown;
}

/**
 * A failed call. `message` follows the spec's '{status}: {body text}' (status text when the body is
 * empty); the network and parsing cases have no HTTP status.
 */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR';
  message: string;
}
