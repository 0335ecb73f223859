import type { z } from 'zod';
import { AppError } from '../../http/app-error';

/**
 * Validate input whose messages the sign-in screens show as they are (spec 001 section 5): a
 * failure is a 400 carrying the first problem's message alone ('Code must be 6 digits').
 */
export function parseWithMessage<Schema extends z.ZodType>(schema: Schema, input: unknown): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new AppError(400, 'invalid_request', result.error.issues[0]?.message ?? 'The request is not valid.');
}
