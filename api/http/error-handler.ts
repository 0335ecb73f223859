import { AppError } from './app-error';
import type { AppErrorCode, ErrorResponseBody } from './app-error';
import type { AppMiddleware } from './app-context';

const genericServerError = 'Something went wrong on our side. Please try again.';

/**
 * The one error handler: every error thrown below it becomes
 * `{ "error": { "code", "message" } }`. AppError messages are sent as written; anything else is
 * logged with its details and answered with a generic 500.
 */
export function errorHandler(): AppMiddleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const appError = toAppError(error);
      if (appError.status >= 500 && !(error instanceof AppError)) {
        ctx.state.log.error({ err: error }, 'request failed');
      }
      if (ctx.headerSent || !ctx.writable) {
        // Part of the response is already on the wire; all we can do is record why it stops short.
        ctx.state.log.warn({ err: error }, 'error after the response started');
        return;
      }
      const body: ErrorResponseBody = { error: { code: appError.code, message: appError.message } };
      ctx.status = appError.status;
      ctx.set(appError.headers);
      ctx.body = body;
    }
  };
}

interface HttpErrorLike {
  status: number;
  expose?: boolean;
  type?: string;
  headers?: Record<string, string>;
}

function isHttpErrorLike(error: unknown): error is HttpErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    (error as { status: number }).status >= 400 &&
    (error as { status: number }).status < 500
  );
}

// Client errors raised by libraries (body parser, router, Koa's ctx.throw) get our codes and our
// wording: their messages can quote the request body back.
const clientErrorsByStatus: Record<number, { code: AppErrorCode; message: string }> = {
  400: { code: 'invalid_request', message: 'The request is not valid.' },
  401: { code: 'unauthenticated', message: 'Please sign in.' },
  403: { code: 'forbidden', message: 'You are not allowed to do that.' },
  404: { code: 'not_found', message: 'Not found.' },
  405: { code: 'method_not_allowed', message: 'This method is not allowed here.' },
  409: { code: 'conflict', message: 'The request conflicts with the current state.' },
  413: { code: 'payload_too_large', message: 'The request body is too large: a JSON body may be at most 100 KB.' },
  415: { code: 'unsupported_media_type', message: 'Send the request body as application/json.' },
  416: { code: 'range_not_satisfiable', message: 'The requested range cannot be served.' },
  429: { code: 'rate_limited', message: 'Too many requests. Please wait a moment.' },
};

/** Map anything thrown to the AppError the client sees. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isHttpErrorLike(error)) {
    const known = clientErrorsByStatus[error.status] ?? { code: 'invalid_request', message: 'The request is not valid.' };
    // co-body throws a SyntaxError with status 400 for malformed JSON.
    const malformedJson = error.type === 'entity.parse.failed' || (error instanceof SyntaxError && error.status === 400);
    const message = malformedJson ? 'The request body is not valid JSON.' : known.message;
    const allow = error.headers?.Allow ?? error.headers?.allow;
    return new AppError(error.status, known.code, message, allow !== undefined ? { Allow: allow } : {});
  }
  return new AppError(500, 'internal_error', genericServerError);
}
