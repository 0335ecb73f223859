import type { z } from 'zod';
import { AppError } from './app-error';
import type { AppContext } from './app-context';

/**
 * Validate untrusted input with a zod schema, at the edge only. Failure is a 400 `invalid_request` whose
 * message names each problem: `email: Invalid email address; count: Too small: expected number to be >=1`.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown, where: string): z.infer<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const at = issue.path.length > 0 ? formatPath(issue.path) : where;
    return `${at}: ${issue.message}`;
  });
  throw new AppError(400, 'invalid_request', problems.join('; '));
}

/** The request's JSON body, validated (`{}` when the request had no body). */
export function parseBody<Schema extends z.ZodType>(ctx: AppContext, schema: Schema): z.infer<Schema> {
  return parseInput(schema, ctx.request.body ?? {}, 'body');
}

/** The query string, validated. Values are strings (or arrays of strings): coerce in the schema. */
export function parseQuery<Schema extends z.ZodType>(ctx: AppContext, schema: Schema): z.infer<Schema> {
  return parseInput(schema, ctx.query, 'query');
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}
