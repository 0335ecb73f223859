/** Every machine-readable error code the API answers with; a closed list, as the client switches on them. */
export const appErrorCodes = [
  'invalid_request',
  'unauthenticated',
  'forbidden',
  /** A Pro feature asked for without an active subscription (presets): the client offers the upgrade. */
  'requires_upgrade',
  /** An administrator switched purchasing off: checkout calls are refused (spec 000 'Purchasing Temporarily Unavailable'). */
  'purchasing_disabled',
  /** The payment provider (Stripe) failed or is not configured; nothing was bought. */
  'payments_unavailable',
  'cross_site_request',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'range_not_satisfiable',
  'rate_limited',
  'internal_error',
  'not_implemented',
  'not_ready',
] as const;

export type AppErrorCode = (typeof appErrorCodes)[number];

/** The one HTTP error type: sent as `{ "error": { "code", "message" } }` with `status`; any other error becomes a generic 500. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: AppErrorCode,
    message: string,
    /** Extra response headers, e.g. `Allow` for 405 or `Content-Range` for 416. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'AppError';
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new RangeError(`AppError status must be 4xx or 5xx, got ${status}`);
    }
  }
}

/** The JSON body of every error response. */
export interface ErrorResponseBody {
  error: { code: AppErrorCode; message: string };
}
